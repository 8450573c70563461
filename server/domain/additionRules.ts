import { additionRules, FundingErrorCode, type AdditionRuleInput } from '../../api/contract';
import { ApiError } from '../errors';

export type Addition = 'bank' | 'microDeposit' | 'debitCard' | 'wire';

const METHOD_LIMIT = () =>
  new ApiError(
    409,
    FundingErrorCode.METHOD_LIMIT_REACHED,
    'You have reached the limit of funding methods (three bank accounts and one debit card). Remove one to add another.',
  );

/**
 * The addition rules of section 5, enforced on the server with the very function the app uses
 * (additionRules in api/contract/fundingRules.ts). Throws the first rule the addition breaks.
 */
export function assertCanAdd(addition: Addition, input: AdditionRuleInput): void {
  if (input.userStatus === 'CLOSED') throw accountNotComplete('This account is closed, so no funding method can be added. Please contact Member Support.');
  const rules = additionRules(input);
  if (addition === 'wire') {
    if (!rules.canAddWire) throw accountNotComplete('Wire transfers are available once your account application is complete.');
    return;
  }
  if (input.applicationStatus === null) throw accountNotComplete('Your account status is not known yet. Please try again shortly.');
  if (!rules.canAddMethod) throw METHOD_LIMIT();
  if (addition === 'debitCard') {
    if (!rules.canAddDebitCard) {
      throw new ApiError(409, FundingErrorCode.DEBIT_CARD_LIMIT_REACHED, 'You can link one debit card. Replace or remove your card to link another.');
    }
    return;
  }
  if (!rules.canAddBank) {
    throw new ApiError(409, FundingErrorCode.BANK_LIMIT_REACHED, 'You can link up to three bank accounts. Remove one to link another.');
  }
  if (addition === 'microDeposit' && !rules.canAddMicroDeposit) {
    throw new ApiError(
      409,
      FundingErrorCode.MICRO_DEPOSIT_EXISTS,
      'You already have a bank account waiting for its micro-deposits. Verify or remove it before adding another this way.',
    );
  }
}

export const accountNotComplete = (message: string) => new ApiError(403, FundingErrorCode.ACCOUNT_NOT_COMPLETE, message);
