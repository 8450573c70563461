import type { Deposit, PaymentMethod } from '../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  AmountMessages,
  amountInputToCents,
  amountProblemMessage,
  centsToAmountInput,
  defaultDepositSource,
  depositOutcomeScreen,
  externalMethodDisabledReason,
  failureTarget,
  initialDestination,
  internalSourceDisabledReason,
  isRecentMethod,
  isUsableForDeposit,
  nextProblem,
  recurringDisabledReason,
  RecurringDisabledReasons,
  SourceDisabledReasons,
  type NextInput,
  DRAFT_KEPT_MINUTES,
  isDraftRecent,
  linkSchedule,
} from './depositRules';
import type { DraftSource } from './depositDraftSlice';

const NOW = '2026-06-15T12:00:00.000Z';
const money = (amount: string) => ({ amount, currency: 'USD' as const });

const ach = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({ id: 'ach', type: 'ACH', createdAt: '2024-01-01T00:00:00.000Z', ...overrides });
const card = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({
    id: 'card',
    type: 'DEBIT_CARD',
    bankAccountType: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    depositLimit: money('2500.00'),
    ...overrides,
  });

const brokerage = accountFixture({ accountUuid: 'uuid-us', variant: 'US', account: '482139075' });
const highYield = accountFixture({ accountUuid: 'uuid-hy', variant: 'HIGH_YIELD', account: '482139078', type: 'cash' });
const ira = accountFixture({ accountUuid: 'uuid-ira', variant: 'TRADITIONAL_IRA', account: '482139076', type: 'cash' });

describe('payment method usability', () => {
  it('a usable method: limit not reached, not rejected, not awaiting micro-deposits', () => {
    expect(isUsableForDeposit(ach())).toBe(true);
  });
  it('deposit limit reached (amountDeposited at or above depositLimit) is not usable', () => {
    expect(isUsableForDeposit(ach({ amountDeposited: money('50000.00'), depositLimit: money('50000.00') }))).toBe(false);
    expect(isUsableForDeposit(ach({ amountDeposited: money('49999.99'), depositLimit: money('50000.00') }))).toBe(true);
  });
  it('a rejected method is not usable', () => {
    expect(isUsableForDeposit(ach({ status: 'REJECTED' }))).toBe(false);
  });
  it('a method awaiting micro-deposit verification is not usable', () => {
    expect(isUsableForDeposit(ach({ type: 'MICRO_DEPOSIT', approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING' }))).toBe(false);
  });
});

describe('default source selection', () => {
  const recent = (overrides: Partial<PaymentMethod>) => ({ createdAt: '2026-05-01T00:00:00.000Z', ...overrides });

  it('recent window: created within 3 months before now', () => {
    expect(isRecentMethod(ach({ createdAt: '2026-03-15T12:00:00.000Z' }), NOW)).toBe(true);
    expect(isRecentMethod(ach({ createdAt: '2026-03-15T11:59:59.000Z' }), NOW)).toBe(false);
  });

  describe('high-yield destination: ACH only', () => {
    it('prefers an ACH created within the recent window', () => {
      const methods = [
        ach({ id: 'old-default', defaultPaymentMethod: true }),
        ach(recent({ id: 'new' })),
        card(recent({ id: 'new-card' })),
      ];
      expect(defaultDepositSource({ methods, highYieldDestination: true, now: NOW })?.id).toBe('new');
    });
    it('then the default ACH', () => {
      const methods = [ach({ id: 'a' }), ach({ id: 'default', defaultPaymentMethod: true, createdAt: '2023-01-01T00:00:00.000Z' })];
      expect(defaultDepositSource({ methods, highYieldDestination: true, now: NOW })?.id).toBe('default');
    });
    it('then any ACH', () => {
      const methods = [card({ defaultPaymentMethod: true }), ach({ id: 'any' })];
      expect(defaultDepositSource({ methods, highYieldDestination: true, now: NOW })?.id).toBe('any');
    });
    it('never a debit card', () => {
      expect(defaultDepositSource({ methods: [card(recent({}))], highYieldDestination: true, now: NOW })).toBeNull();
    });
  });

  describe('other destinations', () => {
    it('a single method when it is usable', () => {
      expect(defaultDepositSource({ methods: [card()], highYieldDestination: false, now: NOW })?.id).toBe('card');
    });
    it('a single method that is not usable: none', () => {
      expect(defaultDepositSource({ methods: [ach({ status: 'REJECTED' })], highYieldDestination: false, now: NOW })).toBeNull();
    });
    it('else the newest method created within 3 months', () => {
      const methods = [
        ach({ id: 'default', defaultPaymentMethod: true }),
        card(recent({ id: 'recent-card' })),
        ach({ id: 'recent-older', createdAt: '2026-04-01T00:00:00.000Z' }),
      ];
      expect(defaultDepositSource({ methods, highYieldDestination: false, now: NOW })?.id).toBe('recent-card');
    });
    it('then the default', () => {
      const methods = [ach({ id: 'a' }), card({ id: 'default-card', defaultPaymentMethod: true })];
      expect(defaultDepositSource({ methods, highYieldDestination: false, now: NOW })?.id).toBe('default-card');
    });
    it('then an ACH', () => {
      const methods = [card({ id: 'c' }), ach({ id: 'bank' })];
      expect(defaultDepositSource({ methods, highYieldDestination: false, now: NOW })?.id).toBe('bank');
    });
    it('then a debit card', () => {
      const methods = [card({ id: 'c' }), ach({ id: 'limit', amountDeposited: money('50000.00') })];
      expect(defaultDepositSource({ methods, highYieldDestination: false, now: NOW })?.id).toBe('c');
    });
    it('skips an unusable recent method', () => {
      const methods = [ach(recent({ id: 'rejected', status: 'REJECTED' })), ach({ id: 'default', defaultPaymentMethod: true })];
      expect(defaultDepositSource({ methods, highYieldDestination: false, now: NOW })?.id).toBe('default');
    });
  });
});

describe('initial destination', () => {
  const accounts = [brokerage, ira, highYield];
  it('?account= picks the account whose number ends with those digits', () => {
    expect(initialDestination({ accounts, destination: 'us', accountDigits: '39078', selectedAccountUuid: null })?.accountUuid).toBe(
      'uuid-hy',
    );
  });
  it('?destination=high-yield picks the high-yield account', () => {
    expect(initialDestination({ accounts, destination: 'high-yield', accountDigits: null, selectedAccountUuid: null })?.accountUuid).toBe(
      'uuid-hy',
    );
  });
  it('?destination=us picks the brokerage', () => {
    expect(initialDestination({ accounts, destination: 'us', accountDigits: null, selectedAccountUuid: 'uuid-hy' })?.accountUuid).toBe(
      'uuid-us',
    );
  });
  it('otherwise the selected account when eligible, else the brokerage (IRAs have their own flow)', () => {
    expect(initialDestination({ accounts, destination: null, accountDigits: null, selectedAccountUuid: 'uuid-ira' })?.accountUuid).toBe(
      'uuid-us',
    );
  });
});

describe('external method disabling', () => {
  const context = { recurring: false, destination: brokerage };
  it('deposit limit reached', () => {
    expect(externalMethodDisabledReason(ach({ amountDeposited: money('50000.00') }), context)).toBe(SourceDisabledReasons.limitReached);
  });
  it('debit type for recurring deposits', () => {
    expect(externalMethodDisabledReason(card(), { ...context, recurring: true })).toBe(SourceDisabledReasons.debitCardRecurring);
    expect(externalMethodDisabledReason(ach(), { ...context, recurring: true })).toBeNull();
  });
  it('unverified', () => {
    expect(externalMethodDisabledReason(ach({ status: 'PENDING', readiness: 'VERIFICATION_NEEDED' }), context)).toBe(
      SourceDisabledReasons.unverified,
    );
    expect(externalMethodDisabledReason(ach({ type: 'MICRO_DEPOSIT', approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING' }), context)).toBe(
      SourceDisabledReasons.unverified,
    );
  });
  it('debit type to a retirement or special account', () => {
    expect(externalMethodDisabledReason(card(), { ...context, destination: ira })).toBe(SourceDisabledReasons.debitCardDestination);
    expect(externalMethodDisabledReason(card(), context)).toBeNull();
  });
  it('a high-yield destination takes bank accounts only', () => {
    expect(externalMethodDisabledReason(card(), { ...context, destination: highYield })).toBe(SourceDisabledReasons.achOnly);
    expect(externalMethodDisabledReason(ach(), { ...context, destination: highYield })).toBeNull();
  });
});

describe('internal funding source disabling', () => {
  const context = { recurring: false, recurringFeature: true, destination: brokerage };
  it('an open account with a balance can fund', () => {
    expect(internalSourceDisabledReason(highYield, context)).toBeNull();
  });
  it('no balance', () => {
    expect(internalSourceDisabledReason({ ...highYield, balance: money('0.00') }, context)).toBe(SourceDisabledReasons.noBalance);
  });
  it('not open', () => {
    expect(internalSourceDisabledReason({ ...highYield, status: 'PENDING' }, context)).toBe(SourceDisabledReasons.notOpen);
  });
  it('transfers disabled', () => {
    expect(internalSourceDisabledReason({ ...highYield, settings: { transfersDisabled: true } }, context)).toBe(
      SourceDisabledReasons.transfersDisabled,
    );
  });
  it('recurring without the recurring feature', () => {
    expect(internalSourceDisabledReason(highYield, { ...context, recurring: true, recurringFeature: false })).toBe(
      SourceDisabledReasons.recurringUnavailable,
    );
    expect(internalSourceDisabledReason(highYield, { ...context, recurring: true, recurringFeature: true })).toBeNull();
  });
});

describe('source and schedule interplay: recurring disabled', () => {
  const bank: DraftSource = { kind: 'paymentMethod', id: 'ach', fundingSourceType: 'ACH' };
  it('for a debit card', () => {
    expect(
      recurringDisabledReason({
        source: { kind: 'paymentMethod', id: 'c', fundingSourceType: 'DEBIT_CARD' },
        destination: brokerage,
        highYieldStatus: null,
      }),
    ).toBe(RecurringDisabledReasons.debitCard);
  });
  it('for an internal source', () => {
    expect(
      recurringDisabledReason({
        source: { kind: 'internalAccount', id: 'uuid-hy', fundingSourceType: 'BUYING_POWER' },
        destination: brokerage,
        highYieldStatus: null,
      }),
    ).toBe(RecurringDisabledReasons.internalSource);
  });
  it('for a high-yield destination not in an allowed status', () => {
    expect(recurringDisabledReason({ source: bank, destination: highYield, highYieldStatus: 'PENDING' })).toBe(
      RecurringDisabledReasons.highYieldStatus,
    );
    expect(recurringDisabledReason({ source: bank, destination: highYield, highYieldStatus: 'OPEN' })).toBeNull();
  });
  it('enabled for a bank into the brokerage', () => {
    expect(recurringDisabledReason({ source: bank, destination: brokerage, highYieldStatus: null })).toBeNull();
  });
});

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
