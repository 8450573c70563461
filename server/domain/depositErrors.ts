import { ApiErrorCode, DepositErrorCode, formatCents, LimitMessages } from '../../api/contract';
import { ApiError } from '../errors';

/**
 * Codes of our own for refusals the spec's catalogue (section 8) has no code for. The DE#000xx codes come
 * from api/contract/errors.ts.
 */
export const DepositApiErrorCode = {
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  AMOUNT_TOO_SMALL: 'DEPOSIT_AMOUNT_TOO_SMALL',
  INTENT_NOT_FOUND: 'DEPOSIT_INTENT_NOT_FOUND',
  INTENT_EXPIRED: 'DEPOSIT_INTENT_EXPIRED',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  NOT_CANCELLABLE: 'DEPOSIT_NOT_CANCELLABLE',
  TRANSFER_NOT_ALLOWED: 'TRANSFER_NOT_ALLOWED',
  IRA_YEAR_REQUIRED: 'IRA_CONTRIBUTION_YEAR_REQUIRED',
  IRA_YEAR_CLOSED: 'IRA_CONTRIBUTION_YEAR_CLOSED',
  IRA_LIMIT_EXCEEDED: 'IRA_CONTRIBUTION_LIMIT_EXCEEDED',
  RECURRING_NOT_ACTIVE: 'RECURRING_DEPOSIT_NOT_ACTIVE',
} as const;

/** The daily limit's message, word for word from the spec's limit dialog (the contract's LimitMessages). */
export const DAILY_LIMIT_MESSAGE = LimitMessages.dailyBank;
/** Word for word from section 8. */
export const INSUFFICIENT_FUNDS_TRANSFER_MESSAGE =
  "Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.";

export const DepositRefusals = {
  invalidPaymentMethod: (message = 'This funding method cannot be used for deposits. Please choose another one.', status = 400) =>
    new ApiError(status, DepositErrorCode.INVALID_PAYMENT_METHOD, message),
  paymentMethodNotFound: () => new ApiError(404, DepositErrorCode.INVALID_PAYMENT_METHOD, 'We could not find that funding method.'),
  exceptionDuringFlow: () =>
    new ApiError(502, DepositErrorCode.EXCEPTION_DURING_FLOW, 'Something went wrong while processing your deposit. Please try again.'),
  dailyLimit: () => new ApiError(422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, DAILY_LIMIT_MESSAGE),
  debitCardLimit: (limitCents: number) => new ApiError(422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, LimitMessages.debitCard(limitCents)),
  methodLimitReached: () =>
    new ApiError(422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, 'This funding method has reached its deposit limit.'),
  insufficientFunds: (message = 'Your bank reported insufficient funds for this deposit. Try again with a smaller amount.') =>
    new ApiError(422, DepositErrorCode.INSUFFICIENT_FUNDS, message),
  bankBalanceError: () =>
    new ApiError(502, DepositErrorCode.BANK_BALANCE_ERROR, 'We could not check the balance of your bank account. Please try again later.'),
  notApproved: (message = 'This funding method is not approved for deposits yet.') =>
    new ApiError(422, DepositErrorCode.PAYMENT_METHOD_NOT_APPROVED, message),
  noDepositRights: (message = 'This account cannot receive deposits. Please contact Member Support.') =>
    new ApiError(403, DepositErrorCode.NO_DEPOSIT_RIGHTS, message),
  unsupportedCard: () =>
    new ApiError(422, DepositErrorCode.UNSUPPORTED_CARD, 'This card is not supported for deposits. Please use another funding method.'),
  pendingDepositExists: () =>
    new ApiError(
      409,
      DepositErrorCode.PENDING_DEPOSIT_EXISTS,
      'You already have a pending deposit. You can deposit again once your application is approved.',
    ),
  accountPending: () => new ApiError(409, DepositErrorCode.ACCOUNT_PENDING, 'This account is not open yet, so it cannot receive deposits.'),
  currencyNotSupported: () => new ApiError(400, DepositErrorCode.CURRENCY_NOT_SUPPORTED, 'Deposits are accepted in US dollars (USD) only.'),
  amountTooSmall: (minimumCents: number, first: boolean) =>
    new ApiError(
      400,
      DepositApiErrorCode.AMOUNT_TOO_SMALL,
      first ? `Your first deposit must be at least ${formatCents(minimumCents)}.` : `The minimum amount is ${formatCents(minimumCents)}.`,
    ),
  accountNotFound: () => new ApiError(404, DepositApiErrorCode.ACCOUNT_NOT_FOUND, 'We could not find that account.'),
  intentNotFound: () => new ApiError(404, DepositApiErrorCode.INTENT_NOT_FOUND, 'We could not find this deposit. Please start again.'),
  intentExpired: () => new ApiError(409, DepositApiErrorCode.INTENT_EXPIRED, 'This deposit was not confirmed in time. Please start again.'),
  depositNotFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'This deposit no longer exists.'),
  notCancellable: () =>
    new ApiError(
      409,
      DepositApiErrorCode.NOT_CANCELLABLE,
      'This deposit has already been sent to your bank, so it can no longer be cancelled.',
    ),
  transferNotAllowed: (message: string) => new ApiError(409, DepositApiErrorCode.TRANSFER_NOT_ALLOWED, message),
  transferInsufficientFunds: () => new ApiError(422, DepositErrorCode.INSUFFICIENT_FUNDS, INSUFFICIENT_FUNDS_TRANSFER_MESSAGE),
  iraYearRequired: () => new ApiError(400, DepositApiErrorCode.IRA_YEAR_REQUIRED, 'Choose the tax year this contribution is for.'),
  iraYearClosed: (year: number) =>
    new ApiError(400, DepositApiErrorCode.IRA_YEAR_CLOSED, `Contributions for ${year} are not accepted any more.`),
  iraYearNotForThisAccount: () => new ApiError(400, ApiErrorCode.VALIDATION, 'A contribution year applies to IRA deposits only.'),
  iraLimit: (year: number, remainingCents: number) =>
    new ApiError(
      422,
      DepositApiErrorCode.IRA_LIMIT_EXCEEDED,
      remainingCents > 0
        ? `This is more than your ${year} IRA contribution limit allows. You can contribute up to ${formatCents(remainingCents)} more for ${year}.`
        : `You have reached your ${year} IRA contribution limit.`,
    ),
  idempotencyKeyRequired: () =>
    new ApiError(
      400,
      DepositApiErrorCode.IDEMPOTENCY_KEY_REQUIRED,
      'This request needs an Idempotency-Key header (1 to 255 visible characters).',
    ),
  idempotencyKeyReused: () =>
    new ApiError(409, DepositApiErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was already used for a different request.'),
} as const;
