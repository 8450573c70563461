import type { PaymentMethod } from '../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  defaultDepositSource,
  externalMethodDisabledReason,
  initialDestination,
  internalSourceDisabledReason,
  isRecentMethod,
  isUsableForDeposit,
  recurringDisabledReason,
  RecurringDisabledReasons,
  SourceDisabledReasons,
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
