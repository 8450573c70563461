import { additionRefusal, FundingErrorCode, type Addition, type AdditionRuleInput } from '../../api/contract';
import type { PaymentMethodRow } from '../db/schema';
import { ApiError } from '../errors';

export type { Addition };

/**
 * The addition rules of section 5, enforced on the server with the very function the app uses before a flow
 * starts (additionRefusal in api/contract/fundingRules.ts). Throws the first rule the addition breaks.
 */
export function assertCanAdd(addition: Addition, input: AdditionRuleInput): void {
  const refusal = additionRefusal(addition, input);
  if (refusal) throw new ApiError(refusal.status, refusal.errorCode, refusal.message);
}

export const accountNotComplete = (message: string) => new ApiError(403, FundingErrorCode.ACCOUNT_NOT_COMPLETE, message);

/** A stored payment method as the addition rules see it. */
export const ruleView = (row: PaymentMethodRow) => ({ type: row.type, approvalMethod: row.approval_method, status: row.status });
