import type { Account } from '../../api/contract';
import { accountDigitsOf, retirementDestination } from './iraDestination';

const account = (accountUuid: string, variant: Account['variant'], number: string, status: Account['status'] = 'OPEN') =>
  ({ accountUuid, variant, account: number, status }) as Account;

const accounts = [
  account('brk', 'US', '5FF00001'),
  account('trad', 'TRADITIONAL_IRA', '5FF00002'),
  account('roth', 'ROTH_IRA', '5FF00003'),
  account('roth-pending', 'ROTH_IRA', '5FF00004', 'PENDING'),
];

describe('retirementDestination', () => {
  it('is null without a destination or for a brokerage or high-yield destination', () => {
    expect(retirementDestination(null, accounts)).toBeNull();
    expect(retirementDestination('us', accounts)).toBeNull();
    expect(retirementDestination('high-yield', accounts)).toBeNull();
    expect(retirementDestination('brk', accounts)).toBeNull();
  });

  it('finds an IRA by its uuid, but not one still pending', () => {
    expect(retirementDestination('roth', accounts)?.accountUuid).toBe('roth');
    expect(retirementDestination('roth-pending', accounts)).toBeNull();
  });

  it('understands the retirement words, case-insensitively', () => {
    expect(retirementDestination('IRA', accounts)?.accountUuid).toBe('trad');
    expect(retirementDestination('retirement', accounts)?.accountUuid).toBe('trad');
    expect(retirementDestination('roth-ira', accounts)?.accountUuid).toBe('roth');
    expect(retirementDestination('traditional-ira', accounts)?.accountUuid).toBe('trad');
    expect(retirementDestination('roth-ira', accounts.slice(0, 2))).toBeNull();
  });

  it('gives the last four digits for the IRA flow', () => {
    expect(accountDigitsOf(accounts[2])).toBe('0003');
  });
});
