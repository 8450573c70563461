import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGetAccountsQuery, selectAllAccounts } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { useGetDepositsQuery } from '../../api/depositsApi';
import { useGetWithdrawalsQuery } from '../../api/withdrawalsApi';
import { useGetPaymentMethodsQuery, selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import { errorMessage } from '../../api/apiError';
import type { Deposit, Withdrawal } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { useServerNow } from '../config/marketClock';
import { Button, buttonClassName, Chips, ChevronLeftIcon, EmptyState, ErrorState, Notice, PageHeader, Spinner } from '../../src/ui';
import { CancelDepositModal } from './history/CancelDepositModal';
import { HistoryItem } from './history/HistoryItem';
import { WithdrawalHistoryItem } from './history/WithdrawalHistoryItem';
import { matchesWithdrawalFilter, mergeHistory } from './history/withdrawalHistory';
import { HISTORY_FILTERS, matchesFilter, nextCutOff, parseHistoryFilter, type HistoryFilter } from './history/historyRules';
import './history/history.css';

export const HistoryMessages = {
  title: 'Transfer history',
  subtitle: 'Every deposit and transfer, and where your money is now.',
  loading: 'Loading your deposits and transfers',
  loadFailed: "We couldn't load your deposits and transfers",
  withdrawalsFailed: "We couldn't load your withdrawals",
  emptyTitle: 'No deposits or transfers yet',
  emptyBody: 'Your deposits and transfers will show here, step by step, from the moment you make them.',
  emptyFiltered: (filter: HistoryFilter) => (filter === 'pending' ? 'Nothing is on its way right now.' : 'No completed deposits or transfers yet.'),
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
  const filter = parseHistoryFilter(searchParams.get('status'));

  const { data } = query;
  const deposits = useMemo(() => (data ? data.ids.map((id) => data.entities[id]) : EMPTY), [data]);
  const shown = useMemo(
    () => mergeHistory(deposits.filter((deposit) => matchesFilter(deposit, filter)), withdrawals.filter((withdrawal) => matchesWithdrawalFilter(withdrawal, filter))),
    [deposits, withdrawals, filter],
  );
  const now = useCutOffClock(deposits);

  const transfersPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  const depositPath = flags.newerSettingsLayout ? '/settings/v2/deposit' : '/settings/deposit';

  function changeFilter(value: string) {
    setSearchParams(
      (params) => {
        if (value === 'all') params.delete('status');
        else params.set('status', value);
        return params;
      },
      { replace: true },
    );
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
          <Link to={depositPath} className={buttonClassName('primary')}>
            {HistoryMessages.deposit}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <Chips label="Show" options={HISTORY_FILTERS.map((option) => ({ ...option }))} value={filter} onChange={changeFilter} className="history-filters" />
        {shown.length === 0 ? (
          <EmptyState title={HistoryMessages.emptyFiltered(filter)} />
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
          <Link to={transfersPath} className="text-link history-page__back">
            <ChevronLeftIcon size={18} /> Transfers
          </Link>
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
