import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { useGetAccountsQuery, selectAllAccounts } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { useGetDepositsQuery } from '../../api/depositsApi';
import { useGetWithdrawalsQuery } from '../../api/withdrawalsApi';
import { useGetPaymentMethodsQuery, selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import { errorMessage } from '../../api/apiError';
import type { Deposit, Withdrawal } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { useServerNow } from '../config/marketClock';
import { Button, buttonClassName, Chips, ChevronLeftIcon, EmptyState, ErrorState, Notice, PageHeader, Spinner } from '../../ui';
import { CancelDepositModal } from './history/CancelDepositModal';
import { DateFilter } from './history/DateFilter';
import { HistoryItem } from './history/HistoryItem';
import { WithdrawalHistoryItem } from './history/WithdrawalHistoryItem';
import { nextCutOff } from './history/historyRules';
import {
  filtersActive,
  HISTORY_STATUSES,
  HISTORY_TYPES,
  parseHistoryFilters,
  selectShownHistory,
  type HistoryFilters,
} from './history/historyFilters';
import { csvFileName, historyCsv } from './history/historyCsv';
import { marketDate } from '../../api/contract/bankCalendar';
import './history/history.css';

export const HistoryMessages = {
  title: 'Transfer history',
  subtitle: 'Every deposit and transfer, and where your money is now.',
  loading: 'Loading your deposits and transfers',
  loadFailed: "We couldn't load your deposits and transfers",
  withdrawalsFailed: "We couldn't load your withdrawals",
  emptyTitle: 'No deposits or transfers yet',
  emptyBody: 'Your deposits and transfers will show here, step by step, from the moment you make them.',
  emptyFiltered: 'Nothing matches these filters',
  emptyFilteredBody: 'Change a filter or clear them all to see every deposit, transfer and withdrawal.',
  clearFilters: 'Clear filters',
  download: 'Download CSV',
  shownCount: (count: number) => `${count} shown`,
  deposit: 'Deposit funds',
} as const;

const EMPTY: Deposit[] = [];
const NO_WITHDRAWALS: Withdrawal[] = [];

/**
 * Keeps "now" current for the cancel rule: it moves on when the list changes and at the next cut-off, so a
 * 'Cancel deposit' button disappears the moment its deposit goes to the bank, without a reload.
 */
function useCutOffClock(deposits: readonly Deposit[]): number {
  // The server's clock, not the browser's: the cut-off is the server's (and FUNDFLOW_SANDBOX_NOW moves it).
  const serverNow = useServerNow();
  const [now, setNow] = useState(serverNow);
  useEffect(() => setNow(serverNow()), [deposits, serverNow]);
  const next = nextCutOff(deposits, now);
  useEffect(() => {
    if (next === null) return undefined;
    // setTimeout holds at most about 24.8 days; a later cut-off is re-checked then.
    const delay = Math.min(Math.max(0, next - serverNow()) + 1, 2 ** 31 - 1);
    const timer = setTimeout(() => setNow(serverNow()), delay);
    return () => clearTimeout(timer);
  }, [next, serverNow]);
  return now;
}

/** Every deposit and transfer with its status and timeline (issue 4: "so a customer can see where their money is"). */
export default function TransfersHistoryPage() {
  const query = useGetDepositsQuery();
  // Withdrawals are listed with the deposits; if they cannot load, the deposits still show.
  const withdrawalsQuery = useGetWithdrawalsQuery();
  const withdrawals = withdrawalsQuery.data ? withdrawalsQuery.data.ids.map((id) => withdrawalsQuery.data!.entities[id]) : NO_WITHDRAWALS;
  // Accounts and methods name each route; the list waits for their first answer so nothing is misnamed meanwhile.
  const accountsQuery = useGetAccountsQuery();
  const methodsQuery = useGetPaymentMethodsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const methods = useAppSelector(selectAllPaymentMethods);
  const flags = useAppSelector(selectFlags);
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKey = searchParams.toString();
  // One filters object per address, so the memoised selector sees the same input until a filter changes.
  const filters = useMemo(() => parseHistoryFilters(new URLSearchParams(filterKey)), [filterKey]);

  const { data } = query;
  const deposits = useMemo(() => (data ? data.ids.map((id) => data.entities[id]) : EMPTY), [data]);
  const shown = selectShownHistory(deposits, withdrawals, filters);
  const now = useCutOffClock(deposits);

  const transfersPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  const depositPath = flags.newerSettingsLayout ? '/settings/v2/deposit' : '/settings/deposit';

  function changeFilter(name: keyof HistoryFilters, value: string) {
    setSearchParams(
      (params) => {
        if (value === 'all' || value === '') params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true },
    );
  }

  function clearFilters() {
    setSearchParams(
      (params) => {
        for (const name of ['type', 'status', 'from', 'to']) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  /** The CSV is made here from what is loaded (the history is not paged on the server): exactly the rows shown. */
  function downloadCsv() {
    const blob = new Blob([historyCsv(shown, methods, accounts)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(marketDate(new Date(now)));
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  // The deposits still show when the withdrawals cannot be loaded, but the customer is told the list is missing
  // them and can load them again (the spec has no copy for this).
  const withdrawalsNotice =
    withdrawalsQuery.isError && !withdrawalsQuery.data && !withdrawalsQuery.isFetching && !query.isLoading ? (
      <Notice
        tone="danger"
        title={HistoryMessages.withdrawalsFailed}
        live="polite"
        action={
          <Button size="sm" variant="secondary" onClick={() => void withdrawalsQuery.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(withdrawalsQuery.error)}
      </Notice>
    ) : null;

  let body: React.ReactNode;
  if (query.isLoading || withdrawalsQuery.isLoading || accountsQuery.isLoading || methodsQuery.isLoading) {
    body = <Spinner label={HistoryMessages.loading} />;
  } else if (query.isError && !data) {
    body = <ErrorState title={HistoryMessages.loadFailed} body={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (deposits.length === 0 && withdrawals.length === 0) {
    body = (
      <EmptyState
        title={HistoryMessages.emptyTitle}
        body={HistoryMessages.emptyBody}
        action={
          <AppLink to={depositPath} className={buttonClassName('primary')}>
            {HistoryMessages.deposit}
          </AppLink>
        }
      />
    );
  } else {
    body = (
      <>
        <section className="history-toolbar" aria-label="Filters">
          <Chips
            label="Type"
            options={HISTORY_TYPES.map((option) => ({ ...option }))}
            value={filters.type}
            onChange={(value) => changeFilter('type', value)}
            className="history-filters"
          />
          <Chips
            label="Status"
            options={HISTORY_STATUSES.map((option) => ({ ...option }))}
            value={filters.status}
            onChange={(value) => changeFilter('status', value)}
            className="history-filters"
          />
          <div className="history-toolbar__dates">
            <DateFilter label="From" value={filters.from} onCommit={(value) => changeFilter('from', value)} />
            <DateFilter label="To" value={filters.to} onCommit={(value) => changeFilter('to', value)} />
          </div>
          <div className="history-toolbar__actions">
            <p className="history-toolbar__count" role="status">
              {HistoryMessages.shownCount(shown.length)}
            </p>
            <span className="history-toolbar__buttons">
              {filtersActive(filters) ? (
                <Button size="sm" variant="ghost" onClick={clearFilters}>
                  {HistoryMessages.clearFilters}
                </Button>
              ) : null}
              <Button size="sm" variant="secondary" onClick={downloadCsv} disabled={shown.length === 0}>
                {HistoryMessages.download}
              </Button>
            </span>
          </div>
        </section>
        {shown.length === 0 ? (
          <EmptyState
            title={HistoryMessages.emptyFiltered}
            body={HistoryMessages.emptyFilteredBody}
            action={
              <Button variant="secondary" onClick={clearFilters}>
                {HistoryMessages.clearFilters}
              </Button>
            }
          />
        ) : (
          <ul className="history-list" aria-label="Deposits and transfers" aria-busy={query.isFetching || undefined}>
            {shown.map((entry) => (
              <li key={`${entry.kind}-${entry.item.id}`}>
                {entry.kind === 'deposit' ? (
                  <HistoryItem deposit={entry.item} methods={methods} accounts={accounts} nowMs={now} />
                ) : (
                  <WithdrawalHistoryItem withdrawal={entry.item} methods={methods} accounts={accounts} />
                )}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className="page history-page">
      <PageHeader
        eyebrow={
          <AppLink to={transfersPath} className="text-link history-page__back">
            <ChevronLeftIcon size={18} /> Transfers
          </AppLink>
        }
        title={HistoryMessages.title}
        subtitle={HistoryMessages.subtitle}
      />
      {withdrawalsNotice}
      {body}
      <CancelDepositModal deposits={deposits} methods={methods} accounts={accounts} />
    </div>
  );
}
