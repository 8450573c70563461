import {
  achReturnEventText,
  achReturnTakesBackCents,
  availableToWithdrawCents,
  bankInstantCents,
  formatBankDay,
  heldCents,
  holdsOf,
  holdText,
  owedAfterReturnText,
  type HoldSource,
} from './fundsAvailability';

// Fixed dates: Thanksgiving 2026, 10:00 in New York.
const THANKSGIVING = new Date('2026-11-26T15:00:00Z');

const card = (overrides: Partial<HoldSource> = {}): HoldSource => ({
  id: 'card-1',
  accountId: 'brokerage',
  sourceType: 'DEBIT_CARD',
  status: 'CONFIRMED',
  amountCents: 200_000,
  instantCents: 200_000,
  createdAt: THANKSGIVING,
  settled: true,
  settlesOn: '2026-11-26',
  ...overrides,
});
const bank = (overrides: Partial<HoldSource> = {}): HoldSource => ({
  id: 'bank-1',
  accountId: 'brokerage',
  sourceType: 'BANK',
  status: 'CONFIRMED',
  amountCents: 150_000,
  instantCents: 100_000,
  createdAt: THANKSGIVING,
  settled: false,
  settlesOn: '2026-12-02',
  ...overrides,
});

describe('holds', () => {
  it('a debit-card deposit is held 120 days: through the day before, not on the day the hold ends', () => {
    expect(holdsOf([card()], '2026-11-26')).toEqual([
      { depositId: 'card-1', accountId: 'brokerage', reason: 'DEBIT_CARD', cents: 200_000, until: '2027-03-26' },
    ]);
    expect(holdsOf([card()], '2027-03-25')).toHaveLength(1);
    expect(holdsOf([card()], '2027-03-26')).toEqual([]);
  });

  it('a hold ending on a weekend or holiday ends on the next business day', () => {
    // 28 November + 120 days is Sunday 28 March 2027: the hold ends Monday 29 March.
    expect(holdsOf([card({ createdAt: new Date('2026-11-28T15:00:00Z') })], '2026-11-28')[0].until).toBe('2027-03-29');
  });

  it('a bank deposit holds its instant part until it settles; nothing once settled, cancelled or returned, nor with no instant part', () => {
    expect(holdsOf([bank()], '2026-12-01')).toEqual([
      { depositId: 'bank-1', accountId: 'brokerage', reason: 'BANK_NOT_SETTLED', cents: 100_000, until: '2026-12-02' },
    ]);
    expect(holdsOf([bank({ settled: true })], '2026-12-02')).toEqual([]);
    expect(holdsOf([bank({ status: 'CANCELED' }), bank({ status: 'RETURNED' }), card({ status: 'RETURNED' })], '2026-11-26')).toEqual([]);
    expect(holdsOf([bank({ instantCents: 0 })], '2026-11-26')).toEqual([]);
  });

  it('held cents per account and in all; available to withdraw is the lower of the account and the customer, never negative', () => {
    const holds = holdsOf([card(), bank({ accountId: 'high-yield' })], '2026-11-26');
    expect([heldCents(holds, 'brokerage'), heldCents(holds, 'high-yield'), heldCents(holds)]).toEqual([200_000, 100_000, 300_000]);
    expect(
      availableToWithdrawCents({
        accountBalanceCents: 250_000,
        accountHeldCents: 200_000,
        customerBalanceCents: 350_000,
        customerHeldCents: 300_000,
      }),
    ).toBe(50_000);
    expect(
      availableToWithdrawCents({ accountBalanceCents: 100_000, accountHeldCents: 0, customerBalanceCents: 0, customerHeldCents: 100_000 }),
    ).toBe(0);
  });

  it('says each hold in words with its date', () => {
    expect(formatBankDay('2027-03-29')).toBe('Mon, Mar 29, 2027');
    expect(holdText({ reason: 'DEBIT_CARD', cents: 200_000, until: '2027-03-29' })).toBe(
      '$2,000.00 from your debit card is held until Mon, Mar 29, 2027',
    );
    expect(holdText({ reason: 'BANK_NOT_SETTLED', cents: 100_000, until: '2026-12-02' })).toBe(
      '$1,000.00 from a bank deposit that has not settled is held until Wed, Dec 2, 2026',
    );
  });
});

describe('ACH returns', () => {
  it('take back the instant part before settlement, the whole amount after', () => {
    expect(achReturnTakesBackCents({ amountCents: 150_000, instantCents: 100_000, settled: false })).toBe(100_000);
    expect(achReturnTakesBackCents({ amountCents: 150_000, instantCents: 100_000, settled: true })).toBe(150_000);
  });

  it('turn instant bank deposits off while money is owed', () => {
    const input = { amountCents: 50_000, unsettledInstantCents: 0, firstDepositFromBankLinkedToday: false };
    expect(bankInstantCents({ ...input, instantOff: false })).toBe(50_000);
    expect(bankInstantCents({ ...input, instantOff: true })).toBe(0);
  });

  it('are told with the reason and the date', () => {
    expect(achReturnEventText('R02', '2026-12-02')).toBe('Returned by your bank on Wed, Dec 2, 2026 (R02: your bank account is closed)');
    expect(owedAfterReturnText({ depositCents: 100_000, code: 'R03', returnedOn: '2026-11-30', owedCents: 70_000 })).toBe(
      'Your bank returned your $1,000.00 deposit on Mon, Nov 30, 2026 (R03: your bank could not find the account). The money it gave you was taken back, ' +
        'so you owe $700.00. Deposit or transfer at least that amount into this account; instant bank deposits are off until then.',
    );
  });
});
