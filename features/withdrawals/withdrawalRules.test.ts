import { ageInMonths, NORMAL_DISTRIBUTION_AGE_MONTHS, withheldCents } from '../../api/contract/values';
import { isApiError } from '../../api/apiError';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  amountInputToCents,
  amountProblem,
  amountProblemMessage,
  centsToAmountInput,
  classifyFailure,
  withdrawalBanks,
  withdrawalSources,
  withdrawalVariantForPath,
} from './withdrawalRules';

describe('which page is which', () => {
  it('/ira/withdrawal is the IRA page, /high-yield/withdraw the high-yield one, /settings/v2/withdrawal brokerage', () => {
    expect(withdrawalVariantForPath('/ira/withdrawal')).toBe('ira');
    expect(withdrawalVariantForPath('/high-yield/withdraw')).toBe('highYield');
    expect(withdrawalVariantForPath('/settings/v2/withdrawal')).toBe('brokerage');
  });
});

describe('where money comes from', () => {
  const us = accountFixture({ accountUuid: 'us' });
  const entity = accountFixture({ accountUuid: 'entity', variant: 'ENTITY' });
  const roth = accountFixture({ accountUuid: 'roth', variant: 'ROTH_IRA' });
  const trad = accountFixture({ accountUuid: 'trad', variant: 'TRADITIONAL_IRA' });
  const closedTrad = accountFixture({ accountUuid: 'old', variant: 'TRADITIONAL_IRA', status: 'PENDING' });
  const hy = accountFixture({ accountUuid: 'hy', variant: 'HIGH_YIELD' });
  const all = [roth, hy, entity, closedTrad, us, trad];

  it('each page offers only its own open accounts, brokerage before entity and traditional before Roth', () => {
    expect(withdrawalSources(all, 'brokerage').map((a) => a.accountUuid)).toEqual(['us', 'entity']);
    expect(withdrawalSources(all, 'ira').map((a) => a.accountUuid)).toEqual(['trad', 'roth']);
    expect(withdrawalSources(all, 'highYield').map((a) => a.accountUuid)).toEqual(['hy']);
  });
});

describe('where money can go: only approved, connected banks', () => {
  const good = paymentMethodFixture({ id: 'good', createdAt: '2026-01-01T00:00:00.000Z' });
  const newer = paymentMethodFixture({ id: 'newer', createdAt: '2026-05-01T00:00:00.000Z' });
  const preferred = paymentMethodFixture({ id: 'default', defaultPaymentMethod: true, createdAt: '2025-01-01T00:00:00.000Z' });

  it('leaves out debit cards, wires, unverified, rejected, micro-deposit-pending and relink-needed banks', () => {
    const banks = withdrawalBanks([
      good,
      paymentMethodFixture({ id: 'card', type: 'DEBIT_CARD' }),
      paymentMethodFixture({ id: 'wire', type: 'WIRE_TRANSFER' }),
      paymentMethodFixture({ id: 'unverified', readiness: 'VERIFICATION_NEEDED' }),
      paymentMethodFixture({ id: 'rejected', status: 'REJECTED' }),
      paymentMethodFixture({ id: 'micro', type: 'MICRO_DEPOSIT', status: 'PENDING', approvalMethod: 'MICRO_DEPOSIT' }),
      paymentMethodFixture({ id: 'relink', plaidLoginRequired: true }),
    ]);
    expect(banks.map((bank) => bank.id)).toEqual(['good']);
  });

  it('the default bank comes first, then the newest', () => {
    expect(withdrawalBanks([good, newer, preferred]).map((bank) => bank.id)).toEqual(['default', 'newer', 'good']);
  });
});

describe('the amount', () => {
  it('exactly the available amount is fine; one cent more is over', () => {
    expect(amountProblem(12_345, 12_345)).toBeNull();
    expect(amountProblem(12_346, 12_345)).toBe('overAvailable');
    expect(amountProblemMessage('overAvailable', 12_345)).toBe('You can withdraw up to $123.45.');
    expect(amountProblemMessage('overAvailable', 0)).toBe('Nothing is available to withdraw right now.');
  });
  it('needs an amount of at least $1.00', () => {
    expect(amountProblem(null, 10_000)).toBe('missing');
    expect(amountProblem(0, 10_000)).toBe('missing');
    expect(amountProblem(99, 10_000)).toBe('tooSmall');
    expect(amountProblem(100, 10_000)).toBeNull();
    expect(amountProblemMessage('tooSmall', 10_000)).toBe('The minimum withdrawal is $1.00.');
  });
  it('while the available amount is not known only the minimum applies (the server has the last word)', () => {
    expect(amountProblem(5_000_000, null)).toBeNull();
  });
  it('converts typed amounts to cents exactly and back', () => {
    expect(amountInputToCents('12380.55')).toBe(1_238_055);
    expect(amountInputToCents('0.1')).toBe(10);
    expect(amountInputToCents('12.')).toBe(1_200);
    expect(amountInputToCents('')).toBeNull();
    expect(centsToAmountInput(1_238_055)).toBe('12380.55');
    expect(centsToAmountInput(5_000)).toBe('50');
  });
});

describe('IRA tax rules', () => {
  it('withholds to the nearest cent, half a cent up, in whole cents', () => {
    expect(withheldCents(100_005, 10)).toBe(10_001);
    expect(withheldCents(100_004, 10)).toBe(10_000);
    expect(withheldCents(333, 20)).toBe(67);
    expect(withheldCents(100_000, 0)).toBe(0);
  });
  it('a normal distribution needs 59½ years: the day before is too early', () => {
    expect(ageInMonths('1966-09-15', '2026-03-15')).toBe(NORMAL_DISTRIBUTION_AGE_MONTHS);
    expect(ageInMonths('1966-09-15', '2026-03-14')).toBe(NORMAL_DISTRIBUTION_AGE_MONTHS - 1);
  });
});

describe('what an answer means', () => {
  it('a 4xx with a code is a refusal (definite); no answer, a time-out or a 5xx is unknown (retry with the same key)', () => {
    expect(classifyFailure({ status: 422, errorCode: 'WD#00001', message: 'x' })).toBe('refused');
    expect(classifyFailure({ status: 'FETCH_ERROR', message: 'x' })).toBe('unknown');
    expect(classifyFailure({ status: 'TIMEOUT_ERROR', message: 'x' })).toBe('unknown');
    expect(classifyFailure({ status: 502, errorCode: 'INTERNAL_ERROR', message: 'x' })).toBe('unknown');
    expect(classifyFailure({ status: 400, message: 'no code' })).toBe('unknown');
    expect(classifyFailure(null)).toBe('unknown');
    expect(isApiError({ status: 422, message: 'x' })).toBe(true);
  });
});
