import { accountFixture } from '../../test/fixtures';
import type { IraYearOption } from '../iraDeposit/iraDepositRules';
import {
  defaultTransferDestination,
  defaultTransferSource,
  transferAmountMessage,
  transferDestinationOptions,
  transferProblem,
  transferSourceOptions,
  type TransferAccountOption,
} from './internalTransferRules';

const money = (amount: string) => ({ amount, currency: 'USD' as const });
const brokerage = accountFixture({ accountUuid: 'b', variant: 'US', balance: money('1000.00') });
const cash = accountFixture({ accountUuid: 'h', variant: 'HIGH_YIELD', balance: money('2500.00'), account: '482139078' });
const roth = accountFixture({ accountUuid: 'r', variant: 'ROTH_IRA', balance: money('300.00'), account: '482139077' });
const treasury = accountFixture({ accountUuid: 't', variant: 'TREASURY', balance: money('900.00') });
const option = (account = brokerage, disabledReason: string | null = null): TransferAccountOption => ({ account, disabledReason });
const year = (overrides: Partial<IraYearOption> = {}): IraYearOption => ({
  year: 2026,
  remainingCents: 50_000,
  oneTimeOnly: false,
  deadline: '2027-04-15',
  ...overrides,
});

describe('transfer sources', () => {
  it('are the cash accounts (never an IRA or a treasury account)', () => {
    expect(transferSourceOptions([brokerage, cash, roth, treasury], null).map((entry) => entry.account.accountUuid)).toEqual(['b', 'h']);
  });

  it('are disabled with no balance, when not open, or with transfers turned off', () => {
    const options = transferSourceOptions(
      [
        accountFixture({ accountUuid: 'empty', balance: money('0.00') }),
        accountFixture({ accountUuid: 'pending', status: 'PENDING' }),
        accountFixture({ accountUuid: 'off', settings: { transfersDisabled: true } }),
        brokerage,
      ],
      null,
    );
    expect(options.map((entry) => [entry.account.accountUuid, entry.disabledReason !== null])).toEqual([
      ['empty', true],
      ['pending', true],
      ['off', true],
      ['b', false],
    ]);
  });

  it('preselect the account being looked at when it can send, else the one with most cash', () => {
    const options = transferSourceOptions([brokerage, cash], null);
    expect(defaultTransferSource(options, 'b')?.accountUuid).toBe('b');
    expect(defaultTransferSource(options, 'r')?.accountUuid).toBe('h');
    expect(defaultTransferSource([], null)).toBeNull();
  });
});

describe('transfer destinations', () => {
  it('exclude the source: an account chosen as source cannot be the destination', () => {
    expect(transferDestinationOptions([brokerage, cash, roth, treasury], 'b').map((entry) => entry.account.accountUuid)).toEqual([
      'h',
      'r',
    ]);
  });

  it('disable an account that is not open, and preselect the first open one', () => {
    const options = transferDestinationOptions([accountFixture({ accountUuid: 'p', status: 'PENDING' }), cash], 'b');
    expect(options[0].disabledReason).toEqual(expect.any(String));
    expect(defaultTransferDestination(options)?.accountUuid).toBe('h');
  });
});

describe('Next', () => {
  it('needs an amount of at least $1', () => {
    expect(transferProblem({ amountCents: null, source: option(), destination: option(cash), iraYear: null })).toBe('amountRequired');
    expect(transferProblem({ amountCents: 99, source: option(), destination: option(cash), iraYear: null })).toBe('belowMinimum');
  });

  it('refuses more than the source balance with the insufficient-funds message', () => {
    expect(transferProblem({ amountCents: 100_000, source: option(), destination: option(cash), iraYear: null })).toBeNull();
    const problem = transferProblem({ amountCents: 100_001, source: option(), destination: option(cash), iraYear: null });
    expect(problem).toBe('insufficientFunds');
    expect(transferAmountMessage(problem, 100_001, null)).toBe(
      "Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.",
    );
  });

  it('refuses the same account as source and destination', () => {
    expect(transferProblem({ amountCents: 100, source: option(), destination: option(), iraYear: null })).toBe('sameAccount');
  });

  it('needs a source and an enabled destination', () => {
    expect(transferProblem({ amountCents: 100, source: null, destination: option(cash), iraYear: null })).toBe('sourceRequired');
    expect(transferProblem({ amountCents: 100, source: option(), destination: null, iraYear: null })).toBe('destinationRequired');
    expect(transferProblem({ amountCents: 100, source: option(), destination: option(cash, 'not open'), iraYear: null })).toBe(
      'destinationRequired',
    );
    expect(transferProblem({ amountCents: 100, source: option(brokerage, 'No balance'), destination: option(cash), iraYear: null })).toBe(
      'sourceDisabled',
    );
  });

  it('to an IRA, needs a contribution year and stays within its room', () => {
    expect(transferProblem({ amountCents: 100, source: option(), destination: option(roth), iraYear: null })).toBe('yearRequired');
    expect(transferProblem({ amountCents: 50_000, source: option(), destination: option(roth), iraYear: year() })).toBeNull();
    const problem = transferProblem({ amountCents: 50_001, source: option(), destination: option(roth), iraYear: year() });
    expect(problem).toBe('overIraRoom');
    expect(transferAmountMessage(problem, 50_001, year())).toBe('You can contribute up to $500.00 more for 2026.');
  });
});
