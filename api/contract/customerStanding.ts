// Who may move money at all: the customer's standing (user status and application status), read once for the
// server's refusals and the app's screens.

/** A customer's standing as the money rules read it: the user's status and the application's. */
export interface CustomerStanding {
  status: string;
  applicationStatus: string;
}

/**
 * What a customer's standing allows with deposits (deposits-and-transfers.md section 8):
 * - 'none': a closed customer, or a rejected application, has no deposit rights (DE#00008) and adds no funding method;
 * - 'afterApproval': while the application is PENDING, a deposit waits for the approval (type PENDING_DEPOSIT);
 * - 'notYet': an application not yet submitted or needing action: "account pending" (DE#00011);
 * - 'full': an approved application.
 */
export type DepositRights = 'none' | 'afterApproval' | 'notYet' | 'full';

export function depositRightsOf(customer: CustomerStanding): DepositRights {
  if (customer.status === 'CLOSED' || customer.applicationStatus === 'REJECTED') return 'none';
  if (customer.applicationStatus === 'PENDING') return 'afterApproval';
  if (customer.applicationStatus !== 'COMPLETE') return 'notYet';
  return 'full';
}
