import { contributionYearsOpen, formatCents } from '../../api/contract/values';
import type { IraContributionsResponse } from '../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  chooseIraDestination,
  defaultIraYear,
  draftSourceOfAccount,
  draftSourceOfMethod,
  iraAmountPresets,
  iraLimitText,
  iraRoomProblem,
  iraYearLabel,
  iraYearOptions,
  priorYearText,
  rothIncomeLimitText,
  selectedPreset,
  sourceKey,
  type IraYearOption,
} from './iraDepositRules';

const money = (amount: string) => ({ amount, currency: 'USD' as const });

function contributions(availableYears: number[], contributed: Record<number, string> = {}): IraContributionsResponse {
  return {
    availableYears,
    yearlyContributions: Object.entries(contributed).map(([year, remaining]) => ({
      year: Number(year),
      totalContributions: money('0.00'),
      traditionalContributionAmount: money('0.00'),
      rothContributionAmount: money('0.00'),
      limitContributionAmount: money('7000.00'),
      remainingAmount: money(remaining),
      cutOffDate: `${Number(year) + 1}-04-15`,
    })),
  };
}

const year = (overrides: Partial<IraYearOption> = {}): IraYearOption => ({
  year: 2026,
  remainingCents: 750_000,
  oneTimeOnly: false,
  deadline: '2027-04-15',
  ...overrides,
});

describe('contribution years', () => {
  it('offers exactly the server’s available years, newest first', () => {
    const options = iraYearOptions(contributions([2025, 2026]), '2026-02-10');
    expect(options.map((option) => option.year)).toEqual([2026, 2025]);
  });

  it('offers the previous tax year until its filing deadline only (the server list follows contributionYearsOpen)', () => {
    // The lead's rule decides the list on the server; the app shows what it gets, at fixed dates.
    const before = iraYearOptions(contributions(contributionYearsOpen('2026-04-15', 2024)), '2026-04-15');
    const after = iraYearOptions(contributions(contributionYearsOpen('2026-04-16', 2024)), '2026-04-16');
    expect(before.map((option) => option.year)).toEqual([2026, 2025]);
    expect(after.map((option) => option.year)).toEqual([2026]);
  });

  it('marks the previous tax year one-time only (no frequency), and the current year not', () => {
    const [current, previous] = iraYearOptions(contributions([2026, 2025]), '2026-03-01');
    expect(current).toMatchObject({ year: 2026, oneTimeOnly: false });
    expect(previous).toMatchObject({ year: 2025, oneTimeOnly: true });
  });

  it('takes each year’s remaining room from the contribution data, and the base limit for a year without data', () => {
    const options = iraYearOptions(contributions([2026, 2025], { 2025: '1234.56' }), '2026-03-01');
    expect(options.find((option) => option.year === 2025)?.remainingCents).toBe(123_456);
    expect(options.find((option) => option.year === 2026)?.remainingCents).toBe(750_000);
  });

  it('selects the current tax year first, else the newest offered', () => {
    expect(defaultIraYear(iraYearOptions(contributions([2025, 2026]), '2026-03-01'))).toBe(2026);
    expect(defaultIraYear(iraYearOptions(contributions([2025]), '2026-03-01'))).toBe(2025);
    expect(defaultIraYear([])).toBeNull();
  });

  it('labels the prior year with its deadline', () => {
    expect(iraYearLabel(year({ year: 2025, oneTimeOnly: true, deadline: '2026-04-15' }))).toBe('2025 (prior year, until April 15, 2026)');
    expect(iraYearLabel(year())).toBe('2026');
    expect(priorYearText(year({ year: 2025, oneTimeOnly: true, deadline: '2026-04-15' }))).toBe(
      'Contributions for 2025 are accepted until April 15, 2026, as one-time deposits only.',
    );
  });
});

describe('year texts from IRA_LIMITS_BY_YEAR', () => {
  it('says most people can contribute up to the selected year’s limit: $7,000 for 2024 and 2025, $7,500 for 2026', () => {
    expect(iraLimitText(2024)).toContain('Most people can contribute up to $7,000 for 2024');
    expect(iraLimitText(2025)).toContain('Most people can contribute up to $7,000 for 2025');
    expect(iraLimitText(2026)).toContain('Most people can contribute up to $7,500 for 2026');
  });

  it('mentions the catch-up at 50 or older: +$1,000 for 2025, +$1,100 for 2026', () => {
    expect(iraLimitText(2025)).toContain('If you are 50 or older, you can add $1,000 more.');
    expect(iraLimitText(2026)).toContain('If you are 50 or older, you can add $1,100 more.');
  });

  it('shows the selected year’s Roth income limits: 2024 $161,000 single and $240,000 joint', () => {
    expect(rothIncomeLimitText(2024)).toBe(
      'Roth IRA contributions for 2024 are not allowed above an income of $161,000 if you file single, or $240,000 if you file jointly.',
    );
    expect(rothIncomeLimitText(2026)).toContain('$168,000 if you file single, or $252,000 if you file jointly');
  });
});

describe('amount presets', () => {
  it('are 500, 1000 and Max, Max being the remaining room of the selected year', () => {
    const presets = iraAmountPresets(321_000);
    expect(presets.map((preset) => [preset.label, preset.cents])).toEqual([
      ['$500', 50_000],
      ['$1,000', 100_000],
      ['Max', 321_000],
    ]);
  });

  it('disables a preset above the remaining room, and Max when no room is left', () => {
    expect(iraAmountPresets(80_000).map((preset) => preset.disabled)).toEqual([false, true, false]);
    expect(iraAmountPresets(0).map((preset) => preset.disabled)).toEqual([true, true, true]);
  });

  it('marks Max selected when chosen, and a fixed preset when the amount matches it', () => {
    const presets = iraAmountPresets(100_000);
    expect(selectedPreset(100_000, presets, true)).toBe('max');
    expect(selectedPreset(100_000, presets, false)).toBe('1000');
    expect(selectedPreset(12_345, presets, false)).toBeNull();
    expect(selectedPreset(null, presets, true)).toBeNull();
  });
});

describe('IRA room rule', () => {
  it('must not exceed the remaining room of the selected year (message with the room formatted)', () => {
    const room = year({ year: 2025, remainingCents: 250_000 });
    expect(iraRoomProblem(250_000, room)).toBeNull();
    expect(iraRoomProblem(250_001, room)).toBe(`You can contribute up to ${formatCents(250_000)} more for 2025.`);
    expect(iraRoomProblem(250_001, room)).toBe('You can contribute up to $2,500.00 more for 2025.');
  });

  it('says the limit is reached when no room is left', () => {
    expect(iraRoomProblem(100, year({ remainingCents: 0 }))).toBe('You have reached the contribution limit for 2026.');
    expect(iraRoomProblem(100, year({ remainingCents: 99 }))).toBe('You have reached the contribution limit for 2026.');
  });

  it('needs a year and an amount before it says anything', () => {
    expect(iraRoomProblem(null, year())).toBeNull();
    expect(iraRoomProblem(800_000, null)).toBeNull();
  });
});

describe('destination', () => {
  const trad = accountFixture({ accountUuid: 't', variant: 'TRADITIONAL_IRA', account: '482139076' });
  const roth = accountFixture({ accountUuid: 'r', variant: 'ROTH_IRA', account: '482139077' });

  it('is the IRA whose number ends with the account parameter', () => {
    expect(chooseIraDestination([trad, roth], { accountDigits: '39077', draftDestination: 't' })).toBe(roth);
  });

  it('else the IRA of the draft in progress, else the selected IRA, else the first', () => {
    expect(chooseIraDestination([trad, roth], { accountDigits: '00000', draftDestination: 'r' })).toBe(roth);
    expect(chooseIraDestination([trad, roth], { draftDestination: 'uuid-brokerage', selected: roth })).toBe(roth);
    expect(chooseIraDestination([trad, roth], { selected: accountFixture() })).toBe(trad);
    expect(chooseIraDestination([], {})).toBeNull();
  });
});

describe('draft sources', () => {
  it('a bank is an ACH source, a debit card a DEBIT_CARD one, an own account BUYING_POWER', () => {
    expect(draftSourceOfMethod(paymentMethodFixture({ id: 'pm', type: 'PLAID_ACCOUNT' }))).toEqual({
      kind: 'paymentMethod',
      id: 'pm',
      fundingSourceType: 'ACH',
    });
    expect(draftSourceOfMethod(paymentMethodFixture({ id: 'c', type: 'DEBIT_CARD' })).fundingSourceType).toBe('DEBIT_CARD');
    expect(draftSourceOfAccount(accountFixture({ accountUuid: 'a' }))).toEqual({
      kind: 'internalAccount',
      id: 'a',
      fundingSourceType: 'BUYING_POWER',
    });
  });

  it('keys both kinds apart in one list', () => {
    expect(sourceKey({ kind: 'paymentMethod', id: 'x' })).toBe('pm:x');
    expect(sourceKey({ kind: 'internalAccount', id: 'x' })).toBe('account:x');
  });
});
