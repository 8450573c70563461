import { createSelector } from '@reduxjs/toolkit';
import type { Deposit, Withdrawal } from '../../../api/contract';
import { marketDate } from '../../../api/contract/bankCalendar';
import { historyPhase, type HistoryPhase } from './historyRules';
import { mergeHistory, withdrawalPhase, type HistoryEntry } from './withdrawalHistory';

/**
 * The transfer history's filters (issue 18): what kind of movement, where it stands, and a range of days. They live
 * in the address (?type=deposit&status=pending&from=2026-11-01&to=2026-11-30) so a link or a reload keeps them.
 */

export type HistoryType = 'all' | 'deposit' | 'transfer' | 'withdrawal';
export type HistoryStatus = 'all' | HistoryPhase;

export interface HistoryFilters {
  type: HistoryType;
  status: HistoryStatus;
  /** New York calendar days 'yyyy-MM-dd', both ends included; null leaves that end open. */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: HistoryFilters = { type: 'all', status: 'all', from: null, to: null };

export const HISTORY_TYPES: ReadonlyArray<{ value: HistoryType; label: string }> = [
  { value: 'all', label: 'All types' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'transfer', label: 'Transfers' },
  { value: 'withdrawal', label: 'Withdrawals' },
];

export const HISTORY_STATUSES: ReadonlyArray<{ value: HistoryStatus; label: string }> = [
  { value: 'all', label: 'Any status' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'failed', label: 'Failed or returned' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(options: ReadonlyArray<{ value: T }>, value: string | null, fallback: T): T =>
  options.find((option) => option.value === value)?.value ?? fallback;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);

/** Unknown or malformed values in the address are ignored (the filter is off), never an error. */
export function parseHistoryFilters(params: { get: (name: string) => string | null }): HistoryFilters {
  return {
    type: oneOf(HISTORY_TYPES, params.get('type'), 'all'),
    status: oneOf(HISTORY_STATUSES, params.get('status'), 'all'),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

export const filtersActive = (filters: HistoryFilters) =>
  filters.type !== 'all' || filters.status !== 'all' || filters.from !== null || filters.to !== null;

export type HistoryRowEntry = HistoryEntry<Deposit>;

export const entryType = (entry: HistoryRowEntry): Exclude<HistoryType, 'all'> =>
  entry.kind === 'withdrawal' ? 'withdrawal' : entry.item.kind === 'INTERNAL_TRANSFER' ? 'transfer' : 'deposit';

export const entryPhase = (entry: HistoryRowEntry): HistoryPhase =>
  entry.kind === 'withdrawal' ? withdrawalPhase(entry.item) : historyPhase(entry.item);

/** The day a movement was made, in New York (where the bank day and the cut-off are set). */
export const entryDay = (entry: HistoryRowEntry) => marketDate(new Date(entry.createdAt));

/** A movement shows when it is of the chosen type, in the chosen status, and made on a day inside the range. */
export function matchesHistoryFilters(entry: HistoryRowEntry, filters: HistoryFilters): boolean {
  if (filters.type !== 'all' && entryType(entry) !== filters.type) return false;
  if (filters.status !== 'all' && entryPhase(entry) !== filters.status) return false;
  if (filters.from === null && filters.to === null) return true;
  const made = entryDay(entry);
  // A range typed backwards (from after to) is read the right way round rather than showing nothing.
  const [from, to] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  return (from === null || made >= from) && (to === null || made <= to);
}

/**
 * Deposits, transfers and withdrawals, newest first, that the filters let through. Memoised: the same lists and
 * the same filters object give the same array, so the list and the CSV share one computation.
 */
export const selectShownHistory = createSelector(
  [
    (deposits: readonly Deposit[]) => deposits,
    (_deposits: readonly Deposit[], withdrawals: readonly Withdrawal[]) => withdrawals,
    (_deposits: readonly Deposit[], _withdrawals: readonly Withdrawal[], filters: HistoryFilters) => filters,
  ],
  (deposits, withdrawals, filters): HistoryRowEntry[] =>
    mergeHistory(deposits, withdrawals).filter((entry) => matchesHistoryFilters(entry, filters)),
);
