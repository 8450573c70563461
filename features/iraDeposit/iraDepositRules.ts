import {
  DEPOSIT_MIN_CENTS,
  formatCents,
  iraContributionDeadline,
  iraLimitsFor,
  IRA_PRESETS_DOLLARS,
  isIraVariant,
  moneyToCents,
} from '../../api/contract/values';
import type { Account, IraContributionsResponse, PaymentMethod } from '../../api/contract';
import type { DraftSource } from '../deposits/depositDraftSlice';
import { formatCalendarDate } from '../moneyFlow/moneyFormat';

/**
 * Rules of the IRA deposit (deposits-and-transfers.md sections 2 'IRA deposit flow', 5 and 9) as pure
 * functions, so each is tested at a fixed date. Sources, Next and outcomes are the deposit flow's own rules
 * (features/deposits); these add the contribution year, its room, the presets and the texts. The server
 * enforces the same room.
 */

// ---- accounts ----

/** An IRA (the contract's IRA_VARIANTS). */
export const isRetirementAccount = (account: Pick<Account, 'variant'>) => isIraVariant(account.variant);

/**
 * The IRA the flow deposits into: the one whose number ends with `accountDigits` (the `account` query
 * parameter), else the IRA of a draft in progress, else the selected account when it is an IRA, else the first.
 */
export function chooseIraDestination(
  iras: readonly Account[],
  {
    accountDigits = null,
    draftDestination = null,
    selected = null,
  }: { accountDigits?: string | null; draftDestination?: string | null; selected?: Account | null },
): Account | null {
  if (accountDigits) {
    const byDigits = iras.find((account) => account.account.endsWith(accountDigits));
    if (byDigits) return byDigits;
  }
  return (
    iras.find((account) => account.accountUuid === draftDestination) ??
    iras.find((account) => account.accountUuid === selected?.accountUuid) ??
    iras[0] ??
    null
  );
}

/** The draft's source for a funding method or one of the customer's accounts (the recurring contract's types). */
export function draftSourceOfMethod(method: Pick<PaymentMethod, 'id' | 'type'>): DraftSource {
  return { kind: 'paymentMethod', id: method.id, fundingSourceType: method.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'ACH' };
}
export const draftSourceOfAccount = (account: Pick<Account, 'accountUuid'>): DraftSource => ({
  kind: 'internalAccount',
  id: account.accountUuid,
  fundingSourceType: 'BUYING_POWER',
});

/** One select lists both kinds of source: 'pm:<id>' or 'account:<accountUuid>'. */
export const sourceKey = (source: Pick<DraftSource, 'kind' | 'id'>) =>
  source.kind === 'paymentMethod' ? `pm:${source.id}` : `account:${source.id}`;

// ---- contribution years ----

export interface IraYearOption {
  year: number;
  /** Remaining room of this tax year, in cents (what Max deposits). */
  remainingCents: number;
  /** The previous tax year (until its filing deadline): one-time deposits only, no schedule. */
  oneTimeOnly: boolean;
  /** Last day a contribution counts toward this year. */
  deadline: string;
}

/**
 * The years offered: exactly the server's availableYears (the server decides with contributionYearsOpen whether
 * the previous year is still open), newest first, each with its remaining room. A year listed without
 * contribution data has nothing contributed yet, so its room is the year's base limit.
 */
export function iraYearOptions(contributions: IraContributionsResponse, today: string): IraYearOption[] {
  const currentYear = Number(today.slice(0, 4));
  return [...contributions.availableYears]
    .sort((a, b) => b - a)
    .map((year) => {
      const data = contributions.yearlyContributions.find((entry) => entry.year === year);
      return {
        year,
        remainingCents: data ? moneyToCents(data.remainingAmount) : iraLimitsFor(year).limitCents,
        oneTimeOnly: year < currentYear,
        deadline: data?.cutOffDate ?? iraContributionDeadline(year),
      };
    });
}

/** The year selected at first: the current tax year when it is offered, else the newest offered. */
export function defaultIraYear(options: readonly IraYearOption[]): number | null {
  return options.find((option) => !option.oneTimeOnly)?.year ?? options[0]?.year ?? null;
}

export function iraYearLabel(option: IraYearOption): string {
  return option.oneTimeOnly ? `${option.year} (prior year, until ${formatCalendarDate(option.deadline)})` : String(option.year);
}

const whole = (cents: number) => formatCents(cents, { whole: true });

/** The year selector's text: the selected year's limit (IRA_LIMITS_BY_YEAR), with the catch-up at 50 or older. */
export function iraLimitText(year: number): string {
  const limits = iraLimitsFor(year);
  return `Most people can contribute up to ${whole(limits.limitCents)} for ${year}. If you are 50 or older, you can add ${whole(limits.catchUpCents)} more.`;
}

/** The Roth income-limit text: the selected year's figures. */
export function rothIncomeLimitText(year: number): string {
  const limits = iraLimitsFor(year);
  const dollars = (value: number) => whole(value * 100);
  return `Roth IRA contributions for ${year} are not allowed above an income of ${dollars(limits.rothIncomeLimitSingle)} if you file single, or ${dollars(limits.rothIncomeLimitJoint)} if you file jointly.`;
}

/** The previous tax year's note: one-time only, and until when. */
export function priorYearText(option: IraYearOption): string {
  return `Contributions for ${option.year} are accepted until ${formatCalendarDate(option.deadline)}, as one-time deposits only.`;
}

// ---- amount ----

export const MAX_PRESET = 'max';

export interface AmountPreset {
  value: string;
  label: string;
  cents: number;
  disabled: boolean;
}

/** Presets 500, 1000 and Max (the selected year's remaining room); a preset above the room is disabled. */
export function iraAmountPresets(remainingCents: number): AmountPreset[] {
  const fixed = IRA_PRESETS_DOLLARS.map((dollars) => ({
    value: String(dollars),
    label: whole(dollars * 100),
    cents: dollars * 100,
    disabled: dollars * 100 > remainingCents,
  }));
  return [...fixed, { value: MAX_PRESET, label: 'Max', cents: remainingCents, disabled: remainingCents < DEPOSIT_MIN_CENTS }];
}

/** Which preset (if any) the amount matches; Max when it was chosen (it may equal a fixed preset). */
export function selectedPreset(amountCents: number | null, presets: readonly AmountPreset[], maxChosen: boolean): string | null {
  if (amountCents === null) return null;
  if (maxChosen && presets.some((preset) => preset.value === MAX_PRESET && preset.cents === amountCents)) return MAX_PRESET;
  return presets.find((preset) => preset.value !== MAX_PRESET && preset.cents === amountCents)?.value ?? null;
}

export const IraMessages = {
  noRoom: (year: number) => `You have reached the contribution limit for ${year}.`,
  overRoom: (year: number, remainingCents: number) => `You can contribute up to ${formatCents(remainingCents)} more for ${year}.`,
  roomLeft: (year: number, remainingCents: number) => `You can contribute ${formatCents(remainingCents)} more for ${year}.`,
  priorYearOneTime: (year: number) => `Contributions for ${year} can be one-time only.`,
} as const;

/**
 * The IRA's own amount rule: no more than the selected year's remaining room. (The amount minimums, the daily
 * bank cap and an internal account's balance are the deposit flow's Next rules, checked alongside.)
 */
export function iraRoomProblem(amountCents: number | null, year: IraYearOption | null): string | null {
  if (amountCents === null || year === null) return null;
  if (year.remainingCents < DEPOSIT_MIN_CENTS) return IraMessages.noRoom(year.year);
  if (amountCents > year.remainingCents) return IraMessages.overRoom(year.year, year.remainingCents);
  return null;
}
