/**
 * The funding-method error codes and messages (funding-methods.md section 8). A file of their own: the first
 * bundle's slices need these, and errors.ts's other tables stay with the flows that use them.
 */

export { FundingErrorCode } from './fundingErrorCodes';

/** Messages of the error catalogue (section 8), word for word, including the spec's own typos. */
export const FundingMessages = {
  /** A debit card before the application is complete (the server's TRADING_ACCOUNT_NOT_ACTIVE, said before the card too). */
  debitCardAccountNotActive: 'Before linking a debit card, set up your account - it only takes 2 minutes.',
  microWrongAmounts: 'The amounts you entered were incorrect',
  microReissuing: 'Maximum confirmation attempts reached. Reissuing 2 new microdeposits',
  microRelationshipCanceled:
    'Maximum microdeposits allowed reached. Relationship canceled. Please close this window and start a new ACH link',
  microRelationshipNotFound: 'ACH Relationship not found. Please please close this window and start a new ACH link',
  microFallback: 'Error while linking account',
  relinkFailed: 'There was an error relinking',
  relinkSucceeded: 'Successfully relinked bank account',
  partnerExitError: 'There was an error while linking with Plaid',
  setDefaultSucceeded: 'Successfully changed default payment method',
  setDefaultFailed: 'There was an error while changing default payment method',
  removeCardFailed: 'There was an error while removing the card',
  removeBankFailed: 'There was an error while unlinking your bank',
  nicknameUnknown: 'An unknown error ocurred',
  nicknameRemoveFailed: 'Error while updating the nickname',
  addressUpdateFailed: 'Address update failed',
  uploadFailed: 'Error, while uploading a file',
  tryAgain: 'There was an error, please try again.',
  fallbackTryAnotherTitle: 'Try another funding method',
  fallbackTryAnotherBody: 'We were unable to link your account.',
  fallbackWentWrongTitle: 'Something went wrong',
  fallbackWentWrongBody: "We couldn't link your payment method at the time.",
  debitCardDefault: "It looks like we can't link a debit card to your account.",
} as const;
