/**
 * The funding-method error codes and messages (funding-methods.md section 8). A file of their own: the first
 * bundle's slices need these, and errors.ts's other tables stay with the flows that use them.
 */

/** Funding-method codes (funding-methods.md section 8 and the limits of sections 5 and 9). */
export const FundingErrorCode = {
  METHOD_NOT_FOUND: 'PAYMENT_METHOD_NOT_FOUND',
  METHOD_LIMIT_REACHED: 'PAYMENT_METHOD_LIMIT_REACHED',
  BANK_LIMIT_REACHED: 'BANK_ACCOUNT_LIMIT_REACHED',
  DEBIT_CARD_LIMIT_REACHED: 'DEBIT_CARD_LIMIT_REACHED',
  MICRO_DEPOSIT_EXISTS: 'MICRO_DEPOSIT_METHOD_EXISTS',
  ACCOUNT_NOT_COMPLETE: 'ACCOUNT_NOT_COMPLETE',
  DUPLICATE_BANK_ACCOUNT: 'DUPLICATE_BANK_ACCOUNT',
  INVALID_ROUTING_NUMBER: 'INVALID_ROUTING_NUMBER',
  INSTITUTION_NOT_FOUND: 'INSTITUTION_NOT_FOUND',
  LINK_OPTION_UNAVAILABLE: 'LINK_OPTION_UNAVAILABLE',
  /** Verification service: the account could not be verified at all (straight to the fallbacks). */
  UNABLE_TO_VERIFY_ACCOUNT: 'UNABLE_TO_VERIFY_ACCOUNT',
  /** Verification service: this attempt failed; one retry is offered. */
  ACCOUNT_VERIFICATION_FAILED: 'ACCOUNT_VERIFICATION_FAILED',
  LINK_TOKEN_INVALID: 'INVALID_LINK_TOKEN',
  PARTNER_LINK_FAILED: 'PARTNER_LINK_FAILED',
  RELINK_NOT_REQUIRED: 'RELINK_NOT_REQUIRED',
  MICRO_DEPOSIT_WRONG_AMOUNTS: 'MICRO_DEPOSIT_WRONG_AMOUNTS',
  MICRO_DEPOSIT_REISSUING: 'MICRO_DEPOSIT_REISSUING',
  MICRO_DEPOSIT_RELATIONSHIP_CANCELED: 'MICRO_DEPOSIT_RELATIONSHIP_CANCELED',
  MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND: 'MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND',
  NICKNAME_INVALID: 'NICKNAME_INVALID',
  NICKNAME_NOT_ALLOWED: 'NICKNAME_NOT_ALLOWED',
  DEFAULT_NOT_ALLOWED: 'DEFAULT_NOT_ALLOWED',
  FILE_TYPE_NOT_SUPPORTED: 'FILE_TYPE_NOT_SUPPORTED',
  FILE_TOO_BIG: 'FILE_TOO_BIG',
  FILE_EMPTY: 'FILE_EMPTY',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  VERIFICATION_NOT_NEEDED: 'VERIFICATION_NOT_NEEDED',
  ADDRESS_INVALID: 'ADDRESS_INVALID',
  ADDRESS_ATTEMPTS_EXCEEDED: 'ADDRESS_ATTEMPTS_EXCEEDED',
  ADDRESS_TOKEN_INVALID: 'ADDRESS_TOKEN_INVALID',
  SANDBOX_ONLY: 'SANDBOX_ONLY',
} as const;
export type FundingErrorCode = (typeof FundingErrorCode)[keyof typeof FundingErrorCode];

/** Messages of the error catalogue (section 8), word for word, including the spec's own typos. */
export const FundingMessages = {
  /** A debit card before the application is complete (the server's TRADING_ACCOUNT_NOT_ACTIVE, said before the card too). */
  debitCardAccountNotActive: 'Before linking a debit card, set up your account - it only takes 2 minutes.',
  microWrongAmounts: 'The amounts you entered were incorrect',
  microReissuing: 'Maximum confirmation attempts reached. Reissuing 2 new microdeposits',
  microRelationshipCanceled: 'Maximum microdeposits allowed reached. Relationship canceled. Please close this window and start a new ACH link',
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
