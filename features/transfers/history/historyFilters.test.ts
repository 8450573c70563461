import { depositEventFixture, depositFixture } from '../../../test/msw/recurringHandlers';
import { withdrawalFixture } from '../../../test/msw/withdrawalHandlers';
import {
  filtersActive,
  matchesHistoryFilters,
  NO_FILTERS,
  parseHistoryFilters,
  selectShownHistory,
  type HistoryFilters,
  type HistoryRowEntry,
} from './historyFilters';

const settledEvents = [depositEventFixture({ type: 'DEPOSIT_SETTLEMENT', completed: true, date: '2026-11-10T15:00:00.000Z' })];
const pendingDeposit = depositFixture({ id: 'dep-pending', createdAt: '2026-11-20T15:00:00.000Z' });
const settledDeposit = depositFixture({ id: 'dep-settled', createdAt: '2026-11-10T15:00:00.000Z', events: settledEvents });
const canceledDeposit = depositFixture({ id: 'dep-canceled', status: 'CANCELED', createdAt: '2026-11-05T15:00:00.000Z' });
const returnedDeposit = depositFixture({ id: 'dep-returned', status: 'RETURNED', createdAt: '2026-11-04T15:00:00.000Z' });
const transfer = depositFixture({
  id: 'tr-1',
  kind: 'INTERNAL_TRANSFER',
  paymentMethodId: null,
  createdAt: '2026-11-15T15:00:00.000Z',
  events: settledEvents,
});
const withdrawal = withdrawalFixture({ id: 'wd-1', createdAt: '2026-11-18T15:00:00.000Z' });
const deposits = [pendingDeposit, settledDeposit, canceledDeposit, returnedDeposit, transfer];
const withdrawals = [withdrawal];

const ids = (filters: Partial<HistoryFilters>) =>
  selectShownHistory(deposits, withdrawals, { ...NO_FILTERS, ...filters }).map((entry) => entry.item.id);
const entryOf = (createdAt: string): HistoryRowEntry => ({ kind: 'deposit', item: depositFixture({ createdAt }), createdAt });

describe('history filters', () => {
  it('no filter shows every deposit, transfer and withdrawal, newest first', () => {
    expect(ids({})).toEqual(['dep-pending', 'wd-1', 'tr-1', 'dep-settled', 'dep-canceled', 'dep-returned']);
  });

  it('the type filter shows deposits, transfers between own accounts or withdrawals only', () => {
    expect(ids({ type: 'deposit' })).toEqual(['dep-pending', 'dep-settled', 'dep-canceled', 'dep-returned']);
    expect(ids({ type: 'transfer' })).toEqual(['tr-1']);
    expect(ids({ type: 'withdrawal' })).toEqual(['wd-1']);
  });

  it('the status filter shows pending, completed, canceled or failed-and-returned movements', () => {
    expect(ids({ status: 'pending' })).toEqual(['dep-pending', 'wd-1']);
    expect(ids({ status: 'completed' })).toEqual(['tr-1', 'dep-settled']);
    expect(ids({ status: 'canceled' })).toEqual(['dep-canceled']);
    expect(ids({ status: 'failed' })).toEqual(['dep-returned']);
  });

  it('type and status together show only what passes both', () => {
    expect(ids({ type: 'deposit', status: 'completed' })).toEqual(['dep-settled']);
  });

  it('the date range includes both ends', () => {
    expect(ids({ from: '2026-11-10', to: '2026-11-18' })).toEqual(['wd-1', 'tr-1', 'dep-settled']);
    expect(ids({ from: '2026-11-18' })).toEqual(['dep-pending', 'wd-1']);
    expect(ids({ to: '2026-11-05' })).toEqual(['dep-canceled', 'dep-returned']);
  });

  it('the date range reads days in New York, where the bank day is set', () => {
    // 03:30 UTC on Nov 11 is still the evening of Nov 10 in New York.
    const lateEvening = entryOf('2026-11-11T03:30:00.000Z');
    expect(matchesHistoryFilters(lateEvening, { ...NO_FILTERS, to: '2026-11-10' })).toBe(true);
    expect(matchesHistoryFilters(lateEvening, { ...NO_FILTERS, from: '2026-11-11' })).toBe(false);
  });

  it('a range typed backwards is read the right way round', () => {
    expect(ids({ from: '2026-11-18', to: '2026-11-10' })).toEqual(ids({ from: '2026-11-10', to: '2026-11-18' }));
  });

  it('the filters are read from the address, and unknown or malformed values are ignored', () => {
    expect(parseHistoryFilters(new URLSearchParams('type=transfer&status=failed&from=2026-11-01&to=2026-11-30'))).toEqual({
      type: 'transfer',
      status: 'failed',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseHistoryFilters(new URLSearchParams('type=loan&status=lost&from=yesterday&to=2026-13-45'))).toEqual(NO_FILTERS);
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, to: '2026-11-30' })).toBe(true);
  });

  it('the filtering is memoised: the same lists and filters give the same array', () => {
    const filters: HistoryFilters = { ...NO_FILTERS, status: 'pending' };
    const first = selectShownHistory(deposits, withdrawals, filters);
    expect(selectShownHistory(deposits, withdrawals, filters)).toBe(first);
    expect(selectShownHistory(deposits, withdrawals, { ...NO_FILTERS })).not.toBe(first);
  });
});
