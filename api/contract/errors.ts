/** Deposit error catalogue (deposits-and-transfers.md section 8) plus the API's own codes. */
export const DepositErrorCode = {
  INVALID_PAYMENT_METHOD: 'DE#00000',
  EXCEPTION_DURING_FLOW: 'DE#00002',
  DEPOSIT_LIMIT_EXCEEDED: 'DE#00003',
  INSUFFICIENT_FUNDS: 'DE#00004',
  BANK_BALANCE_ERROR: 'DE#00006',
  PAYMENT_METHOD_NOT_APPROVED: 'DE#00007',
  NO_DEPOSIT_RIGHTS: 'DE#00008',
  UNSUPPORTED_CARD: 'DE#00009',
  PENDING_DEPOSIT_EXISTS: 'DE#00010',
  ACCOUNT_PENDING: 'DE#00011',
  CURRENCY_NOT_SUPPORTED: 'DE#00012',
} as const;

export const ApiErrorCode = {
  VALIDATION: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  DEMO_LOGIN_DISABLED: 'DEMO_LOGIN_DISABLED',
  REFRESH_INVALID: 'REFRESH_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL_ERROR',
} as const;

export type DepositErrorCode = (typeof DepositErrorCode)[keyof typeof DepositErrorCode];
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

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

/** Debit-card link codes: one per row of the debit-card error table (section 8). */
export const DebitCardErrorCode = {
  ALREADY_EXISTS: 'DEBIT_CARD_ALREADY_EXISTS',
  FAILED_TO_VERIFY: 'DEBIT_CARD_FAILED_TO_VERIFY',
  NOT_FOUND: 'DEBIT_CARD_NOT_FOUND',
  COMMERCIAL: 'DEBIT_CARD_COMMERCIAL',
  UNSUPPORTED_TYPE: 'DEBIT_CARD_UNSUPPORTED_TYPE',
  PREPAID: 'DEBIT_CARD_PREPAID',
  UNSUPPORTED_COUNTRY: 'DEBIT_CARD_UNSUPPORTED_COUNTRY',
  UNKNOWN_COUNTRY: 'DEBIT_CARD_UNKNOWN_COUNTRY',
  TOO_CLOSE_TO_EXPIRY: 'DEBIT_CARD_TOO_CLOSE_TO_EXPIRY',
  NAME_MISMATCH: 'DEBIT_CARD_NAME_MISMATCH',
  ZIP_MISMATCH: 'DEBIT_CARD_ZIP_MISMATCH',
  MISSING_USER_ADDRESS: 'DEBIT_CARD_MISSING_USER_ADDRESS',
  TOO_CLOSE_TO_PREVIOUS_LINK: 'DEBIT_CARD_TOO_CLOSE_TO_PREVIOUS_LINK',
  TRADING_ACCOUNT_NOT_ACTIVE: 'DEBIT_CARD_TRADING_ACCOUNT_NOT_ACTIVE',
  /** A card processor error passed through; its processor code is in the message source. */
  PROCESSOR: 'DEBIT_CARD_PROCESSOR_ERROR',
} as const;
export type DebitCardErrorCode = (typeof DebitCardErrorCode)[keyof typeof DebitCardErrorCode];

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
