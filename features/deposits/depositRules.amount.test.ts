// The amount, Next, outcome and draft rules of depositRules.ts (the sources' rules are in depositRules.test.ts).
import type { Deposit } from '../../api/contract';
import {
  AmountMessages,
  amountInputToCents,
  amountProblemMessage,
  centsToAmountInput,
  depositOutcomeScreen,
  failureTarget,
  nextProblem,
  type NextInput,
  DRAFT_KEPT_MINUTES,
  isDraftRecent,
  linkSchedule,
} from './depositRules';
import type { DraftSource } from './depositDraftSlice';

const NOW = '2026-06-15T12:00:00.000Z';
const money = (amount: string) => ({ amount, currency: 'USD' as const });

describe('amount input', () => {
  it('converts the typed amount to cents exactly', () => {
    expect(amountInputToCents('1250.5')).toBe(125_050);
    expect(amountInputToCents('0.07')).toBe(7);
    expect(amountInputToCents('19.99')).toBe(1_999);
    expect(amountInputToCents('12.')).toBe(1_200);
    expect(amountInputToCents('')).toBeNull();
  });
  it('shows cents back without trailing zeros for whole dollars', () => {
    expect(centsToAmountInput(2_000_000)).toBe('20000');
    expect(centsToAmountInput(1_234_505)).toBe('12345.05');
  });
});

describe('Next enabling', () => {
  const bank: DraftSource = { kind: 'paymentMethod', id: 'ach', fundingSourceType: 'ACH' };
  const base: NextInput = {
    amountCents: 50_000,
    firstDeposit: false,
    source: bank,
    sourceDisabledReason: null,
    destinationAccountUuid: 'uuid-us',
    debitCardCapCents: 250_000,
    internalBalanceCents: null,
    scheduleValid: true,
  };
  it('enabled with an amount, a source and a destination', () => {
    expect(nextProblem(base)).toBeNull();
  });
  it('disabled without an amount', () => {
    expect(nextProblem({ ...base, amountCents: null })).toBe('amountRequired');
    expect(nextProblem({ ...base, amountCents: 0 })).toBe('amountRequired');
  });
  it('disabled without a source', () => {
    expect(nextProblem({ ...base, source: null })).toBe('sourceRequired');
  });
  it('disabled without a destination', () => {
    expect(nextProblem({ ...base, destinationAccountUuid: null })).toBe('destinationRequired');
  });
  it('disabled when the internal source is the destination', () => {
    expect(
      nextProblem({
        ...base,
        source: { kind: 'internalAccount', id: 'uuid-us', fundingSourceType: 'BUYING_POWER' },
        internalBalanceCents: 1_000_000,
      }),
    ).toBe('sameAccount');
  });
  it("a first deposit under $20 shows '$20 minimum'", () => {
    expect(nextProblem({ ...base, firstDeposit: true, amountCents: 1_999 })).toBe('firstDepositMinimum');
    expect(amountProblemMessage('firstDepositMinimum', base)).toBe('$20 minimum');
    expect(nextProblem({ ...base, firstDeposit: true, amountCents: 2_000 })).toBeNull();
  });
  it('minimum $1', () => {
    expect(nextProblem({ ...base, amountCents: 99 })).toBe('belowMinimum');
    expect(nextProblem({ ...base, amountCents: 100 })).toBeNull();
  });
  it('a bank deposit is capped by the daily bank cap', () => {
    expect(nextProblem({ ...base, amountCents: 5_000_000 })).toBeNull();
    expect(nextProblem({ ...base, amountCents: 5_000_001 })).toBe('overDailyBankCap');
    expect(amountProblemMessage('overDailyBankCap', base)).toBe('A maximum of $50,000 can be deposited per day.');
  });
  it('a debit-card deposit is capped by the debit-card limit from getDepositLimits', () => {
    const cardSource: DraftSource = { kind: 'paymentMethod', id: 'card', fundingSourceType: 'DEBIT_CARD' };
    expect(nextProblem({ ...base, source: cardSource, amountCents: 250_000 })).toBeNull();
    expect(nextProblem({ ...base, source: cardSource, amountCents: 250_001 })).toBe('overDebitCardCap');
    expect(amountProblemMessage('overDebitCardCap', base)).toBe(AmountMessages.debitCardCap(250_000));
  });
  it('an internal transfer is capped by the source balance', () => {
    const internal: DraftSource = { kind: 'internalAccount', id: 'uuid-hy', fundingSourceType: 'BUYING_POWER' };
    expect(nextProblem({ ...base, source: internal, internalBalanceCents: 10_000, amountCents: 10_001 })).toBe('overInternalBalance');
  });
  it('disabled when the chosen source is disabled, or the schedule is invalid', () => {
    expect(nextProblem({ ...base, sourceDisabledReason: 'Deposit limit reached' })).toBe('sourceDisabled');
    expect(nextProblem({ ...base, scheduleValid: false })).toBe('scheduleInvalid');
  });
});

describe('outcome mapping', () => {
  const deposit = (overrides: Partial<Deposit> = {}): Deposit => ({
    id: 'dep-1',
    kind: 'DEPOSIT',
    status: 'CONFIRMED',
    type: 'DEPOSIT',
    amount: money('500.00'),
    instantAmount: money('500.00'),
    accountUuid: 'uuid-us',
    sourceAccountUuid: null,
    destinationAccountUuid: 'uuid-us',
    paymentMethodId: 'ach',
    iraContributionYear: null,
    recurringDepositId: null,
    createdAt: NOW,
    events: [],
    cancellableUntil: null,
    availableNow: money('500.00'),
    availableLater: [],
    settlesOn: '2026-06-18',
    withdrawableOn: '2026-06-18',
    cancelledAt: null,
    ...overrides,
  });
  const brokerageDeposit = { highYieldDestination: false };
  const highYieldDeposit = { highYieldDestination: true };

  it('status CONFIRMED, instantAmount equals amount: instant-deposit', () => {
    expect(depositOutcomeScreen(deposit(), brokerageDeposit)).toBe('instant-deposit');
  });
  it('instantAmount 0.00: deposit-initiated', () => {
    expect(depositOutcomeScreen(deposit({ instantAmount: money('0.00') }), brokerageDeposit)).toBe('deposit-initiated');
  });
  it('instantAmount less than amount: partial-instant-deposit', () => {
    expect(depositOutcomeScreen(deposit({ instantAmount: money('100.00') }), brokerageDeposit)).toBe('partial-instant-deposit');
  });
  it('type PENDING_DEPOSIT: deposit-pending', () => {
    expect(depositOutcomeScreen(deposit({ type: 'PENDING_DEPOSIT', instantAmount: money('0.00') }), brokerageDeposit)).toBe(
      'deposit-pending',
    );
  });
  it('anything else: deposit-failed-unknown', () => {
    expect(depositOutcomeScreen(deposit({ status: 'CONFIRMATION_REQUIRED' }), brokerageDeposit)).toBe('deposit-failed-unknown');
    expect(depositOutcomeScreen(deposit({ status: 'FAILED' }), brokerageDeposit)).toBe('deposit-failed-unknown');
  });
  it('high-yield destination, PENDING_DEPOSIT: hyca-deposit-pending', () => {
    expect(depositOutcomeScreen(deposit({ type: 'PENDING_DEPOSIT' }), highYieldDeposit)).toBe('hyca-deposit-pending');
  });
  it('high-yield destination, otherwise: hyca-deposit-success', () => {
    expect(depositOutcomeScreen(deposit({ instantAmount: money('0.00') }), highYieldDeposit)).toBe('hyca-deposit-success');
  });
  it('internal transfer success: transfer-success', () => {
    expect(depositOutcomeScreen(deposit({ kind: 'INTERNAL_TRANSFER' }), brokerageDeposit)).toBe('transfer-success');
  });
  it('internal transfer failure: hyca-transfer-error', () => {
    expect(depositOutcomeScreen(deposit({ kind: 'INTERNAL_TRANSFER', status: 'FAILED' }), highYieldDeposit)).toBe('hyca-transfer-error');
  });
});

describe('error code to screen', () => {
  const bankSelected = { externalSource: true, transfer: false };
  const internalSelected = { externalSource: false, transfer: true };
  it('DE#00003 limit exceeded opens the limit dialog when a bank or card is selected', () => {
    expect(failureTarget({ errorCode: 'DE#00003' }, bankSelected)).toEqual({ kind: 'limitDialog' });
  });
  it('DE#00003 without a bank or card is the generic error', () => {
    expect(failureTarget({ errorCode: 'DE#00003' }, internalSelected)).toEqual({ kind: 'screen', screen: 'transfer-failed-error' });
    expect(failureTarget({ errorCode: 'DE#00003' }, { externalSource: false, transfer: false })).toEqual({
      kind: 'screen',
      screen: 'deposit-failed-error',
    });
  });
  it('DE#00008 no deposit rights: deposit-failed-error-contact-cx', () => {
    expect(failureTarget({ errorCode: 'DE#00008' }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-error-contact-cx' });
  });
  it('DE#00011 account pending: deposit-failed-error-no-retry', () => {
    expect(failureTarget({ errorCode: 'DE#00011' }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-error-no-retry' });
  });
  it('DE#00010 already has a pending deposit: deposit-failed-second-pending', () => {
    expect(failureTarget({ errorCode: 'DE#00010' }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-second-pending' });
  });
  it('DE#00004 insufficient funds: deposit-failed-insufficient-funds', () => {
    expect(failureTarget({ errorCode: 'DE#00004' }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-insufficient-funds' });
  });
  it('no code: deposit-failed-unknown', () => {
    expect(failureTarget({ errorCode: undefined }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-unknown' });
    expect(failureTarget(null, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-unknown' });
  });
  it('others: deposit-failed-error (transfer-failed-error for a transfer)', () => {
    expect(failureTarget({ errorCode: 'DE#00002' }, bankSelected)).toEqual({ kind: 'screen', screen: 'deposit-failed-error' });
    expect(failureTarget({ errorCode: 'INTERNAL_ERROR' }, internalSelected)).toEqual({ kind: 'screen', screen: 'transfer-failed-error' });
  });
});

describe('a draft is brought back only when recent (DRAFT_KEPT_MINUTES after its last step)', () => {
  const NOW = '2026-06-15T12:00:00.000Z';
  const minutesBefore = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

  it('is recent up to and including 30 minutes, old after', () => {
    expect(DRAFT_KEPT_MINUTES).toBe(30);
    expect(isDraftRecent(minutesBefore(0), NOW)).toBe(true);
    expect(isDraftRecent(minutesBefore(30), NOW)).toBe(true);
    expect(isDraftRecent(minutesBefore(31), NOW)).toBe(false);
    expect(isDraftRecent(minutesBefore(60 * 24), NOW)).toBe(false);
  });

  it('a draft with no time (saved before drafts had one) or a broken one is old', () => {
    expect(isDraftRecent(null, NOW)).toBe(false);
    expect(isDraftRecent(undefined, NOW)).toBe(false);
    expect(isDraftRecent('not a date', NOW)).toBe(false);
  });

  it('a draft dated far ahead of now (a clock set back) is old; a few seconds ahead is not', () => {
    expect(isDraftRecent(minutesBefore(-5), NOW)).toBe(true);
    expect(isDraftRecent(minutesBefore(-120), NOW)).toBe(false);
  });
});

describe("a link's schedule (frequency, dayOfWeek)", () => {
  it('reads both in any case and ignores anything else', () => {
    expect(linkSchedule(new URLSearchParams('frequency=monthly&dayOfWeek=Friday'))).toEqual({ frequency: 'MONTHLY', dayOfWeek: 'FRIDAY' });
    expect(linkSchedule(new URLSearchParams('frequency=yearly&dayOfWeek=someday'))).toEqual({ frequency: undefined, dayOfWeek: undefined });
    expect(linkSchedule(new URLSearchParams(''))).toEqual({ frequency: undefined, dayOfWeek: undefined });
  });
});
