import { ApiErrorCode, DebitCardErrorCode, FundingErrorCode, FundingMessages } from '../../api/contract/values';
import { DEFAULT_ERROR_MESSAGE } from '../../api/apiError';

/**
 * The debit-card error table (funding-methods.md section 8) and the processor rules of section 5 as one
 * pure function: what the error modal says and which single action it offers.
 */

/** What the customer can do next: the error modal's button, or straight to the address form. */
export type DebitCardErrorAction = 'retry' | 'support' | 'finishApplication' | 'updateAddress';

/** Which row of the table the error is (for tests, analytics and the help text). */
export type DebitCardErrorReason =
  | 'alreadyLinked'
  | 'notFound'
  | 'commercial'
  | 'notPersonalDebit'
  | 'notUsCard'
  | 'tooCloseToExpiry'
  | 'nameMismatch'
  | 'addressMismatch'
  | 'tooCloseToPreviousLink'
  | 'accountNotActive'
  | 'processor'
  | 'addressVerification'
  | 'network'
  | 'temporary'
  | 'unknown';

export interface DebitCardErrorOutcome {
  reason: DebitCardErrorReason;
  action: DebitCardErrorAction;
  /** The server's (or Stripe's) text, or the default when there is none. */
  message: string;
  processorCode?: string;
}

/** Any failure the flow meets: our API's normalised error, or Stripe.js's refusal mapped to the same shape. */
export interface DebitCardFailure {
  status?: number | string;
  errorCode?: string;
  message?: string;
  source?: string;
  processorCode?: string;
}

/** Card processor codes (Stripe's) that a new attempt can fix (section 5). */
export const RETRYABLE_PROCESSOR_CODES = [
  'expired_card',
  'incorrect_number',
  'incorrect_cvc',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'transaction_not_allowed',
] as const;

/** Card processor codes about the billing address: the address form, not the error modal. */
export const ADDRESS_PROCESSOR_CODES = ['incorrect_zip', 'invalid_address', 'postal_code_invalid'] as const;

/** The row quotes this text; it is the fallback when the server sends none. */
export const ACCOUNT_NOT_ACTIVE_MESSAGE = 'Please set up your account - it only takes 2 minutes.';

const TABLE: Record<Exclude<DebitCardErrorCode, typeof DebitCardErrorCode.PROCESSOR>, Pick<DebitCardErrorOutcome, 'reason' | 'action'>> = {
  [DebitCardErrorCode.ALREADY_EXISTS]: { reason: 'alreadyLinked', action: 'support' },
  [DebitCardErrorCode.FAILED_TO_VERIFY]: { reason: 'alreadyLinked', action: 'support' },
  [DebitCardErrorCode.NOT_FOUND]: { reason: 'notFound', action: 'retry' },
  [DebitCardErrorCode.COMMERCIAL]: { reason: 'commercial', action: 'retry' },
  [DebitCardErrorCode.UNSUPPORTED_TYPE]: { reason: 'notPersonalDebit', action: 'retry' },
  [DebitCardErrorCode.PREPAID]: { reason: 'notPersonalDebit', action: 'retry' },
  [DebitCardErrorCode.UNSUPPORTED_COUNTRY]: { reason: 'notUsCard', action: 'retry' },
  [DebitCardErrorCode.UNKNOWN_COUNTRY]: { reason: 'notUsCard', action: 'retry' },
  [DebitCardErrorCode.TOO_CLOSE_TO_EXPIRY]: { reason: 'tooCloseToExpiry', action: 'retry' },
  [DebitCardErrorCode.NAME_MISMATCH]: { reason: 'nameMismatch', action: 'retry' },
  [DebitCardErrorCode.ZIP_MISMATCH]: { reason: 'addressMismatch', action: 'updateAddress' },
  [DebitCardErrorCode.MISSING_USER_ADDRESS]: { reason: 'addressMismatch', action: 'updateAddress' },
  [DebitCardErrorCode.TOO_CLOSE_TO_PREVIOUS_LINK]: { reason: 'tooCloseToPreviousLink', action: 'retry' },
  [DebitCardErrorCode.TRADING_ACCOUNT_NOT_ACTIVE]: { reason: 'accountNotActive', action: 'finishApplication' },
};

const isTableCode = (code: string | undefined): code is keyof typeof TABLE => code !== undefined && code in TABLE;

/** A processor code's outcome: retry, the address form, or (any other code) support. */
export function processorOutcomeAction(processorCode: string | undefined): DebitCardErrorAction {
  if ((RETRYABLE_PROCESSOR_CODES as readonly string[]).includes(processorCode ?? '')) return 'retry';
  if ((ADDRESS_PROCESSOR_CODES as readonly string[]).includes(processorCode ?? '')) return 'updateAddress';
  return 'support';
}

/** The normaliser puts a generic text in when the server sent none; the card flow has its own default. */
function textOrDefault(message: string | undefined, fallback: string = FundingMessages.debitCardDefault): string {
  const text = message?.trim();
  return text && text !== DEFAULT_ERROR_MESSAGE ? text : fallback;
}

export function debitCardErrorOutcome(error: DebitCardFailure): DebitCardErrorOutcome {
  if (isTableCode(error.errorCode)) {
    const row = TABLE[error.errorCode];
    return { ...row, message: textOrDefault(error.message, row.reason === 'accountNotActive' ? ACCOUNT_NOT_ACTIVE_MESSAGE : undefined) };
  }
  if (error.errorCode === DebitCardErrorCode.PROCESSOR || error.source === 'CARD_PROCESSOR') {
    return {
      reason: 'processor',
      action: processorOutcomeAction(error.processorCode),
      message: textOrDefault(error.message),
      ...(error.processorCode ? { processorCode: error.processorCode } : {}),
    };
  }
  if (error.errorCode === FundingErrorCode.ADDRESS_TOKEN_INVALID) {
    return { reason: 'addressVerification', action: 'retry', message: textOrDefault(error.message) };
  }
  // No answer at all (offline, time-out, a proxy's error page): the same card may well work in a moment.
  if (error.errorCode === undefined && (typeof error.status !== 'number' || error.status >= 500)) {
    return { reason: 'network', action: 'retry', message: textOrDefault(error.message) };
  }
  // Our side failed or asked the customer to slow down (500, 503 with a code, 429): nothing is wrong with the card,
  // so the outcome is a retry, not 'contact support'. The spec's table does not list these; a retry is what a
  // careful payments app offers for a passing failure.
  if (
    error.errorCode === ApiErrorCode.INTERNAL ||
    error.errorCode === ApiErrorCode.RATE_LIMITED ||
    error.status === 429 ||
    (typeof error.status === 'number' && error.status >= 500)
  ) {
    return { reason: 'temporary', action: 'retry', message: textOrDefault(error.message) };
  }
  return { reason: 'unknown', action: 'support', message: textOrDefault(error.message) };
}

/** Stripe.js refused the card in the browser: the same table, as a processor-sourced error. */
export const cardProviderFailure = (error: { code: string; message: string }): DebitCardFailure => ({
  errorCode: DebitCardErrorCode.PROCESSOR,
  source: 'CARD_PROCESSOR',
  processorCode: error.code,
  message: error.message,
});

/**
 * A failure that says nothing about the request itself (no answer, our side failed, slow down): the same request
 * may well succeed if sent again.
 */
export const isPassingFailure = (error: DebitCardFailure): boolean => {
  const { reason } = debitCardErrorOutcome(error);
  return reason === 'network' || reason === 'temporary';
};
