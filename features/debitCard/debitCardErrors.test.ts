import { DebitCardErrorCode, FundingMessages } from '../../api/contract/values';
import { DEFAULT_ERROR_MESSAGE } from '../../api/apiError';
import {
  ACCOUNT_NOT_ACTIVE_MESSAGE,
  ADDRESS_PROCESSOR_CODES,
  cardProviderFailure,
  debitCardErrorOutcome,
  RETRYABLE_PROCESSOR_CODES,
  type DebitCardErrorAction,
  type DebitCardErrorReason,
} from './debitCardErrors';

const serverText = 'Text from the server';

describe('debitCardErrorOutcome: the debit-card error table (section 8)', () => {
  const rows: [string, DebitCardErrorCode, DebitCardErrorReason, DebitCardErrorAction][] = [
    ['already exists: linked to an existing account, contact support', DebitCardErrorCode.ALREADY_EXISTS, 'alreadyLinked', 'support'],
    [
      'failed to verify card: linked to an existing account, contact support',
      DebitCardErrorCode.FAILED_TO_VERIFY,
      'alreadyLinked',
      'support',
    ],
    ['not found: double-check details, retry', DebitCardErrorCode.NOT_FOUND, 'notFound', 'retry'],
    ['commercial card: not accepted, retry', DebitCardErrorCode.COMMERCIAL, 'commercial', 'retry'],
    ['unsupported type: use a personal debit card, retry', DebitCardErrorCode.UNSUPPORTED_TYPE, 'notPersonalDebit', 'retry'],
    ['prepaid: use a personal debit card, retry', DebitCardErrorCode.PREPAID, 'notPersonalDebit', 'retry'],
    ['unsupported country: use a US-based card, retry', DebitCardErrorCode.UNSUPPORTED_COUNTRY, 'notUsCard', 'retry'],
    ['unknown country: use a US-based card, retry', DebitCardErrorCode.UNKNOWN_COUNTRY, 'notUsCard', 'retry'],
    ['too close to expiry: retry with a new card', DebitCardErrorCode.TOO_CLOSE_TO_EXPIRY, 'tooCloseToExpiry', 'retry'],
    ['cardholder name mismatch: retry', DebitCardErrorCode.NAME_MISMATCH, 'nameMismatch', 'retry'],
    ['zip mismatch: address must match (address form)', DebitCardErrorCode.ZIP_MISMATCH, 'addressMismatch', 'updateAddress'],
    [
      'missing user address: address must match (address form)',
      DebitCardErrorCode.MISSING_USER_ADDRESS,
      'addressMismatch',
      'updateAddress',
    ],
    [
      'too close to previous link: link the old card again, retry',
      DebitCardErrorCode.TOO_CLOSE_TO_PREVIOUS_LINK,
      'tooCloseToPreviousLink',
      'retry',
    ],
    [
      'trading account not active: Finish Application',
      DebitCardErrorCode.TRADING_ACCOUNT_NOT_ACTIVE,
      'accountNotActive',
      'finishApplication',
    ],
  ];

  it.each(rows)('%s', (_name, errorCode, reason, action) => {
    expect(debitCardErrorOutcome({ status: 422, errorCode, message: serverText, source: 'PUBLIC_API' })).toEqual({
      reason,
      action,
      message: serverText,
    });
  });

  it('covers every DebitCardErrorCode', () => {
    const covered = new Set<string>([...rows.map((row) => row[1]), DebitCardErrorCode.PROCESSOR]);
    expect(Object.values(DebitCardErrorCode).filter((code) => !covered.has(code))).toEqual([]);
  });

  it('shows the default text when the server sends none (the normaliser puts a generic text in)', () => {
    expect(debitCardErrorOutcome({ status: 422, errorCode: DebitCardErrorCode.PREPAID, message: DEFAULT_ERROR_MESSAGE }).message).toBe(
      FundingMessages.debitCardDefault,
    );
    expect(debitCardErrorOutcome({ status: 422, errorCode: DebitCardErrorCode.COMMERCIAL, message: '  ' }).message).toBe(
      FundingMessages.debitCardDefault,
    );
    expect(FundingMessages.debitCardDefault).toBe("It looks like we can't link a debit card to your account.");
  });

  it('asks to set up the account when a not-active error comes without text', () => {
    expect(debitCardErrorOutcome({ errorCode: DebitCardErrorCode.TRADING_ACCOUNT_NOT_ACTIVE }).message).toBe(ACCOUNT_NOT_ACTIVE_MESSAGE);
  });
});

describe('debitCardErrorOutcome: card processor errors (section 5)', () => {
  it.each(RETRYABLE_PROCESSOR_CODES)('processor error %s offers retry', (processorCode) => {
    expect(
      debitCardErrorOutcome({ errorCode: DebitCardErrorCode.PROCESSOR, source: 'CARD_PROCESSOR', processorCode, message: serverText }),
    ).toEqual({
      reason: 'processor',
      action: 'retry',
      message: serverText,
      processorCode,
    });
  });

  it('lists exactly the retryable codes of the spec', () => {
    expect([...RETRYABLE_PROCESSOR_CODES].sort()).toEqual(
      [
        'expired_card',
        'incorrect_cvc',
        'incorrect_number',
        'invalid_cvc',
        'invalid_expiry_month',
        'invalid_expiry_year',
        'invalid_number',
        'transaction_not_allowed',
      ].sort(),
    );
    expect([...ADDRESS_PROCESSOR_CODES].sort()).toEqual(['incorrect_zip', 'invalid_address', 'postal_code_invalid']);
  });

  it.each(ADDRESS_PROCESSOR_CODES)('address-related processor error %s leads to the address form', (processorCode) => {
    expect(debitCardErrorOutcome({ source: 'CARD_PROCESSOR', processorCode, message: serverText }).action).toBe('updateAddress');
  });

  it.each(['card_declined', 'processing_error', 'insufficient_funds', undefined])(
    'other processor error %s offers support',
    (processorCode) => {
      expect(debitCardErrorOutcome({ errorCode: DebitCardErrorCode.PROCESSOR, processorCode, message: serverText }).action).toBe('support');
    },
  );

  it('maps a refusal by Stripe.js in the browser through the same table', () => {
    expect(debitCardErrorOutcome(cardProviderFailure({ code: 'expired_card', message: 'Your card has expired.' }))).toEqual({
      reason: 'processor',
      action: 'retry',
      message: 'Your card has expired.',
      processorCode: 'expired_card',
    });
    expect(debitCardErrorOutcome(cardProviderFailure({ code: 'card_declined', message: 'Your card was declined.' })).action).toBe(
      'support',
    );
  });
});

describe('debitCardErrorOutcome: errors outside the table', () => {
  it('offers retry when no answer arrived', () => {
    expect(debitCardErrorOutcome({ status: 'FETCH_ERROR', message: 'We could not reach Fundflow.' })).toEqual({
      reason: 'network',
      action: 'retry',
      message: 'We could not reach Fundflow.',
    });
    expect(debitCardErrorOutcome({ status: 503, message: DEFAULT_ERROR_MESSAGE }).action).toBe('retry');
  });

  it.each([
    ['a crash (500)', { status: 500, errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }],
    ['rate limiting (429)', { status: 429, errorCode: 'RATE_LIMITED', message: 'Too many requests. Try again in 30 seconds.' }],
    ['a gateway error with a code', { status: 502, errorCode: 'UPSTREAM_DOWN', message: 'Try again soon.' }],
  ])('offers retry, with the server text, after %s', (_name, error) => {
    expect(debitCardErrorOutcome(error)).toEqual({ reason: 'temporary', action: 'retry', message: error.message });
  });

  it('offers support for an unknown refusal', () => {
    expect(debitCardErrorOutcome({ status: 409, errorCode: 'DEBIT_CARD_LIMIT_REACHED', message: serverText })).toEqual({
      reason: 'unknown',
      action: 'support',
      message: serverText,
    });
  });

  it('offers retry for an expired address-verification link', () => {
    expect(debitCardErrorOutcome({ status: 400, errorCode: 'ADDRESS_TOKEN_INVALID', message: serverText }).action).toBe('retry');
  });
});
