import {
  centsToMoney,
  type Account,
  type Deposit,
  type Institution,
  type PaymentMethod,
  type TransferIntent,
  type User,
} from '../api/contract';
import { marketDate } from '../api/contract/bankCalendar';
import { cardHoldEndsOn } from '../api/contract/fundsAvailability';
import type { AccountRow, DepositEventRow, DepositIntentRow, DepositRow, InstitutionRow, PaymentMethodRow, UserRow } from './db/schema';

// Database rows to wire shapes. This is the one place money leaves integer cents for { amount, currency }.

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    status: row.status,
    applicationStatus: row.application_status,
    mustAcceptTerms: row.must_accept_terms,
    hasFunded: row.has_funded,
    eventsSubscriptionId: row.events_subscription_id,
  };
}

export function presentAccount(row: AccountRow): Account {
  return {
    accountId: row.account_id,
    accountUuid: row.id,
    account: row.account_number,
    variant: row.variant,
    status: row.status,
    displayName: row.display_name,
    parentAccountId: row.parent_account_id,
    balance: centsToMoney(row.balance_cents),
    type: row.account_type,
    userType: row.user_type,
    dateJoined: row.date_joined,
    hasFunded: row.has_funded,
    settings: row.settings,
    actions: row.actions,
  };
}

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    displayName: row.display_name,
    originalName: row.original_name,
    paymentMethodNumber: row.last4,
    defaultPaymentMethod: row.is_default,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    readiness: row.readiness,
    verificationStatus: row.verification_status,
    bankAccountType: row.bank_account_type,
    verificationSource: row.verification_source,
    plaidLoginRequired: row.plaid_login_required,
    amountDeposited: centsToMoney(row.amount_deposited_cents),
    depositLimit: centsToMoney(row.deposit_limit_cents),
    updatable: row.updatable,
    issuingBank: row.issuing_bank,
    canUpdateNickname: row.can_update_nickname,
    approvalMethod: row.approval_method,
    approvalAmount: row.approval_amount_cents === null ? null : centsToMoney(row.approval_amount_cents),
  };
}

export function presentInstitution(row: InstitutionRow): Institution {
  return { id: row.id, name: row.name, logo: row.logo, linkOptions: row.link_options, oauth: row.oauth };
}

/** A deposit or transfer; `now` decides whether it can still be cancelled (a bank deposit before its cut-off). */
export function presentDeposit(row: DepositRow, events: readonly DepositEventRow[], now: Date): Deposit {
  const cancellable =
    row.source_type === 'BANK' &&
    row.type === 'DEPOSIT' &&
    row.status === 'CONFIRMED' &&
    row.settled_at === null &&
    row.send_at !== null &&
    now.getTime() < row.send_at.getTime();
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    type: row.type,
    amount: centsToMoney(row.amount_cents),
    instantAmount: centsToMoney(row.instant_cents),
    accountUuid: row.account_id,
    sourceAccountUuid: row.source_account_id,
    destinationAccountUuid: row.account_id,
    paymentMethodId: row.payment_method_id,
    iraContributionYear: row.ira_contribution_year,
    recurringDepositId: row.recurring_deposit_id,
    createdAt: row.created_at.toISOString(),
    events: [...events]
      .sort((a, b) => a.position - b.position)
      .map((event) => ({
        type: event.type,
        description: event.description,
        completed: event.completed,
        date: event.occurred_at ? event.occurred_at.toISOString() : null,
      })),
    cancellableUntil: cancellable ? row.send_at!.toISOString() : null,
    ...depositAvailability(row),
    cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  };
}

/**
 * What a deposit really did, in the quote's terms (fundsAvailability's rules): a bank deposit's instant part now
 * and the rest on the day it settles (its stored settlement, so a compressed demo clock shows what will happen),
 * withdrawable then; a card deposit in full at once, withdrawable when its hold ends; a transfer in full at once
 * (whether it may leave to a bank depends on the holds of the money moved, so no date). A cancelled deposit made
 * nothing available; a deposit still waiting for an application has no dates yet.
 */
function depositAvailability(row: DepositRow): Pick<Deposit, 'availableNow' | 'availableLater' | 'settlesOn' | 'withdrawableOn'> {
  const created = marketDate(row.created_at);
  if (row.status === 'CANCELED') return { availableNow: centsToMoney(0), availableLater: [], settlesOn: null, withdrawableOn: null };
  if (row.source_type === 'INTERNAL')
    return { availableNow: centsToMoney(row.amount_cents), availableLater: [], settlesOn: created, withdrawableOn: null };
  if (row.source_type === 'DEBIT_CARD') {
    return {
      availableNow: centsToMoney(row.amount_cents),
      availableLater: [],
      settlesOn: created,
      withdrawableOn: cardHoldEndsOn(row.created_at),
    };
  }
  const settledOrDue = row.settled_at ?? row.settle_at;
  const settlesOn = settledOrDue ? marketDate(settledOrDue) : null;
  const laterCents = row.amount_cents - row.instant_cents;
  return {
    availableNow: centsToMoney(row.instant_cents),
    availableLater: laterCents > 0 && settlesOn ? [{ amount: centsToMoney(laterCents), date: settlesOn }] : [],
    settlesOn,
    withdrawableOn: settlesOn,
  };
}

/** The intent's own fields; a deposit's route adds its quote. */
export function presentDepositIntent(row: DepositIntentRow): TransferIntent {
  return {
    id: row.id,
    accountUuid: row.account_id,
    amount: centsToMoney(row.amount_cents),
    paymentMethodId: row.payment_method_id,
    sourceAccountUuid: row.source_account_id,
    iraContributionYear: row.ira_contribution_year,
    expiresAt: row.expires_at.toISOString(),
  };
}
