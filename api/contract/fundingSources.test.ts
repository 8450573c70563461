import { ACCOUNT_VARIANTS, type AccountVariant } from './enums';
import {
  accountMayFund,
  BROKERAGE_VARIANTS,
  DEBIT_CARD_FUNDABLE_VARIANTS,
  DEPOSIT_DESTINATION_VARIANTS,
  DEPOSIT_FLOW_DESTINATION_VARIANTS,
  IRA_VARIANTS,
  isDepositLimitReached,
  isMicroDepositPending,
  isUsableForDeposit,
  methodFactsOf,
  methodUsability,
  SELECTABLE_VARIANTS,
  TRANSFER_SOURCE_VARIANTS,
  type MethodFacts,
} from './fundingSources';
import { amountInputToCents, centsToAmountInput } from './moneyEntry';

const bank = (overrides: Partial<MethodFacts> = {}): MethodFacts => ({
  type: 'ACH',
  status: 'APPROVED',
  readiness: 'READY',
  approvalMethod: 'INSTANT',
  plaidLoginRequired: false,
  amountDepositedCents: 0,
  depositLimitCents: 5_000_000,
  ...overrides,
});
const card = (overrides: Partial<MethodFacts> = {}) =>
  bank({ type: 'DEBIT_CARD', approvalMethod: null, depositLimitCents: 250_000, ...overrides });
const reasonOf = (method: MethodFacts, destination: AccountVariant | null) => {
  const usability = methodUsability(method, destination);
  return usability.usable ? usability.source : usability.reason;
};

describe('account-variant sets', () => {
  it('IRA_VARIANTS: traditional and Roth, traditional first', () => expect(IRA_VARIANTS).toEqual(['TRADITIONAL_IRA', 'ROTH_IRA']));
  it('DEPOSIT_DESTINATION_VARIANTS: brokerage, IRAs and high-yield cash, in list order; not treasury, bond or managed', () => {
    expect(DEPOSIT_DESTINATION_VARIANTS).toEqual(['US', 'ENTITY', 'TRADITIONAL_IRA', 'ROTH_IRA', 'HIGH_YIELD']);
  });
  it('DEPOSIT_FLOW_DESTINATION_VARIANTS: the deposit screen leaves the IRAs to their own flow', () => {
    expect(DEPOSIT_FLOW_DESTINATION_VARIANTS).toEqual(['US', 'ENTITY', 'HIGH_YIELD']);
  });
  it('TRANSFER_SOURCE_VARIANTS: cash that moves without a distribution', () =>
    expect(TRANSFER_SOURCE_VARIANTS).toEqual(['US', 'ENTITY', 'HIGH_YIELD']));
  it('DEBIT_CARD_FUNDABLE_VARIANTS: the brokerage only', () => expect(DEBIT_CARD_FUNDABLE_VARIANTS).toEqual(BROKERAGE_VARIANTS));
  it('SELECTABLE_VARIANTS: brokerage, traditional IRA, Roth IRA', () =>
    expect(SELECTABLE_VARIANTS).toEqual(['US', 'TRADITIONAL_IRA', 'ROTH_IRA']));
  it('every set holds real variants', () => {
    for (const set of [IRA_VARIANTS, BROKERAGE_VARIANTS, DEPOSIT_DESTINATION_VARIANTS, TRANSFER_SOURCE_VARIANTS, SELECTABLE_VARIANTS]) {
      for (const variant of set) expect(ACCOUNT_VARIANTS).toContain(variant);
    }
  });
});

describe('which sources may fund which destinations', () => {
  it('a debit card funds the brokerage and nothing else (retirement and special accounts: section 5; high-yield: bank only, section 4)', () => {
    const reasons = Object.fromEntries(ACCOUNT_VARIANTS.map((variant) => [variant, reasonOf(card(), variant)]));
    expect(reasons).toEqual({
      US: 'DEBIT_CARD',
      ENTITY: 'DEBIT_CARD',
      HIGH_YIELD: 'BANK_ONLY_DESTINATION',
      TRADITIONAL_IRA: 'DEBIT_CARD_DESTINATION',
      ROTH_IRA: 'DEBIT_CARD_DESTINATION',
      RIA_ASSET: 'DEBIT_CARD_DESTINATION',
      TREASURY: 'DEBIT_CARD_DESTINATION',
      BOND: 'DEBIT_CARD_DESTINATION',
    });
  });
  it('a bank funds every destination', () => {
    for (const variant of DEPOSIT_DESTINATION_VARIANTS) expect(reasonOf(bank(), variant)).toBe('BANK');
    expect(reasonOf(bank({ type: 'MICRO_DEPOSIT', approvalMethod: 'MICRO_DEPOSIT' }), 'ROTH_IRA')).toBe('BANK');
  });
  it('accountMayFund: transfer sources into deposit destinations; high-yield cash only from the brokerage', () => {
    expect(accountMayFund('US', 'HIGH_YIELD')).toBe(true);
    expect(accountMayFund('ENTITY', 'ROTH_IRA')).toBe(true);
    expect(accountMayFund('HIGH_YIELD', 'US')).toBe(true);
    expect(accountMayFund('HIGH_YIELD', 'HIGH_YIELD')).toBe(false);
    expect(accountMayFund('TRADITIONAL_IRA', 'US')).toBe(false);
    expect(accountMayFund('US', 'TREASURY')).toBe(false);
  });
});

describe('methodUsability: one rule, the reason first', () => {
  it('a wire or a canceled method does not fund a deposit', () => {
    expect(reasonOf(bank({ type: 'WIRE_TRANSFER' }), 'US')).toBe('NOT_A_DEPOSIT_METHOD');
    expect(reasonOf(bank({ status: 'CANCELED' }), 'US')).toBe('NOT_A_DEPOSIT_METHOD');
  });
  it('the destination comes before the method’s own state (a card at its limit into an IRA is refused for the IRA)', () => {
    expect(reasonOf(card({ amountDepositedCents: 250_000 }), 'ROTH_IRA')).toBe('DEBIT_CARD_DESTINATION');
  });
  it('rejected, micro-deposits pending, not verified, relink, limit reached: in that order', () => {
    expect(reasonOf(bank({ status: 'REJECTED' }), 'US')).toBe('REJECTED');
    expect(reasonOf(bank({ readiness: 'REJECTED' }), 'US')).toBe('REJECTED');
    expect(reasonOf(bank({ approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING' }), 'US')).toBe('MICRO_DEPOSIT_PENDING');
    expect(reasonOf(bank({ status: 'PENDING_ACCOUNT_CREATION' }), 'US')).toBe('NOT_VERIFIED');
    expect(reasonOf(bank({ readiness: 'VERIFICATION_NEEDED' }), 'US')).toBe('NOT_VERIFIED');
    expect(reasonOf(bank({ plaidLoginRequired: true, amountDepositedCents: 5_000_000 }), 'US')).toBe('RELINK_REQUIRED');
    expect(reasonOf(bank({ amountDepositedCents: 5_000_000 }), 'US')).toBe('LIMIT_REACHED');
  });
  it('no destination chosen yet: only the method counts', () => expect(reasonOf(card(), null)).toBe('DEBIT_CARD'));
});

describe('isMicroDepositPending: approval MICRO_DEPOSIT with status PENDING (funding-methods.md 3.1)', () => {
  it('pending micro-deposit banks only', () => {
    expect(isMicroDepositPending({ approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING' })).toBe(true);
    expect(isMicroDepositPending({ approvalMethod: 'MICRO_DEPOSIT', status: 'APPROVED' })).toBe(false);
    // The server used to say "pending" for any status but APPROVED; a micro-deposit bank awaiting account creation is
    // verification pending (not verifiable by its amounts), and still refused, as NOT_VERIFIED.
    expect(isMicroDepositPending({ approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING_ACCOUNT_CREATION' })).toBe(false);
    expect(isMicroDepositPending({ approvalMethod: 'INSTANT', status: 'PENDING' })).toBe(false);
  });
});

describe('deposit limit reached and usable for deposit (section 4)', () => {
  it('isDepositLimitReached: amountDeposited at or above depositLimit, from cents or from the contract’s PaymentMethod', () => {
    expect(isDepositLimitReached(bank({ amountDepositedCents: 4_999_999 }))).toBe(false);
    expect(isDepositLimitReached(bank({ amountDepositedCents: 5_000_000 }))).toBe(true);
    const money = (amount: string) => ({ amount, currency: 'USD' as const });
    const view = {
      type: 'DEBIT_CARD' as const,
      status: 'APPROVED' as const,
      readiness: 'READY' as const,
      approvalMethod: null,
      plaidLoginRequired: false,
    };
    expect(isDepositLimitReached({ ...view, amountDeposited: money('2500.00'), depositLimit: money('2500') })).toBe(true);
    expect(methodFactsOf({ ...view, amountDeposited: money('12.30'), depositLimit: money('2500') })).toMatchObject({
      amountDepositedCents: 1_230,
      depositLimitCents: 250_000,
    });
  });
  it('isUsableForDeposit: not at the limit, not rejected, not awaiting micro-deposits', () => {
    expect(isUsableForDeposit(bank())).toBe(true);
    expect(isUsableForDeposit(bank({ amountDepositedCents: 5_000_000 }))).toBe(false);
    expect(isUsableForDeposit(bank({ status: 'REJECTED' }))).toBe(false);
    expect(isUsableForDeposit(bank({ approvalMethod: 'MICRO_DEPOSIT', status: 'PENDING' }))).toBe(false);
  });
});

describe('typed amounts', () => {
  it('amountInputToCents: exact cents of what is typed, null for nothing usable', () => {
    expect(amountInputToCents('1250.5')).toBe(125_050);
    expect(amountInputToCents('12.')).toBe(1_200);
    expect(amountInputToCents(' 0.07 ')).toBe(7);
    expect(amountInputToCents('$1,250.50')).toBe(125_050);
    expect(amountInputToCents('')).toBeNull();
    expect(amountInputToCents('.')).toBeNull();
    expect(amountInputToCents('-5')).toBeNull();
    expect(amountInputToCents('1.234')).toBeNull();
    expect(amountInputToCents('12a')).toBeNull();
  });
  it('centsToAmountInput: whole dollars without decimals, else two', () => {
    expect(centsToAmountInput(125_000)).toBe('1250');
    expect(centsToAmountInput(125_050)).toBe('1250.50');
    expect(centsToAmountInput(7)).toBe('0.07');
  });
});
