import { useEffect, useId, useMemo } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { useGetRecurringDepositsQuery } from '../../api/depositsApi';
import { useGetPaymentMethodsQuery, selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import { errorMessage } from '../../api/apiError';
import type { Account, PaymentMethod } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { buttonClassName, Card, EmptyState, ErrorState, Spinner } from '../../ui';
import { CancelRecurringDepositModal } from './CancelRecurringDepositModal';
import { RecurringDepositItem } from './RecurringDepositItem';
import { RecurringMessages } from './recurringMessages';
import { isListed } from './recurringRules';
import { selectRecurringDestinationAccounts, selectRecurringOverview } from './recurringSelectors';
import './recurringDeposits.css';

export const RECURRING_ANCHOR = 'recurring-deposits';

/**
 * Where 'Set up a recurring deposit' goes: the deposit flow, which reads the frequency from the query and returns
 * to `origin` (this list) when it is done.
 */
export function setUpRecurringPath(newerSettingsLayout: boolean, origin?: string): string {
  const params = new URLSearchParams({ frequency: 'WEEKLY' });
  if (origin) params.set('origin', origin);
  return `${newerSettingsLayout ? '/settings/v2/deposit' : '/settings/deposit'}?${params.toString()}`;
}

export interface RecurringDepositsSectionProps {
  /** Only this account's schedules; all of the customer's depositable accounts when omitted. */
  accountUuid?: string;
}

/**
 * Recurring deposits on the Transfers page (/settings/v2/transfers#recurring-deposits): every live schedule per
 * account, with pause, resume, skip next and cancel. Each account's list is its own query, so an action on one
 * schedule refetches only the list that holds it (its RecurringDeposit tag).
 */
export default function RecurringDepositsSection({ accountUuid }: RecurringDepositsSectionProps) {
  const accountsQuery = useGetAccountsQuery();
  const methodsQuery = useGetPaymentMethodsQuery();
  const allMethods = useAppSelector(selectAllPaymentMethods);
  // Until the methods are known a schedule's source cannot be named; if their list fails, sources are described generically.
  const methods = methodsQuery.isError && !methodsQuery.data ? null : allMethods;
  const allAccounts = useAppSelector(selectRecurringDestinationAccounts);
  const accounts = useMemo(
    () => (accountUuid ? allAccounts.filter((account) => account.accountUuid === accountUuid) : allAccounts),
    [allAccounts, accountUuid],
  );
  const accountUuids = useMemo(() => accounts.map((account) => account.accountUuid), [accounts]);
  const overview = useAppSelector((state) => selectRecurringOverview(state, accountUuids));
  const flags = useAppSelector(selectFlags);
  const { hash, pathname } = useLocation();
  const setUpPath = setUpRecurringPath(flags.newerSettingsLayout, `${pathname}#${RECURRING_ANCHOR}`);
  const settled = !accountsQuery.isLoading && !methodsQuery.isLoading && overview !== 'loading';

  // The section renders after the page's chunk and the lists load, too late for the browser's own jump to
  // #recurring-deposits (where /settings/recurring-deposits leads), so it scrolls itself into view once.
  useEffect(() => {
    if (settled && hash === `#${RECURRING_ANCHOR}`) document.getElementById(RECURRING_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [settled, hash]);

  const setUpLink = (primary: boolean) =>
    flags.recurringDeposits ? (
      <AppLink to={setUpPath} className={primary ? buttonClassName('primary') : 'text-link'}>
        {RecurringMessages.setUp}
      </AppLink>
    ) : null;

  let status: React.ReactNode = null;
  if (accountsQuery.isLoading || methodsQuery.isLoading || (overview === 'loading' && accounts.length > 0)) {
    status = <Spinner label="Loading recurring deposits" />;
  } else if (accountsQuery.isError) {
    status = (
      <ErrorState
        title={RecurringMessages.loadFailed}
        body={errorMessage(accountsQuery.error)}
        onRetry={() => void accountsQuery.refetch()}
      />
    );
  } else if (overview === 'empty' || accounts.length === 0) {
    status = <EmptyState title={RecurringMessages.emptyTitle} body={RecurringMessages.emptyBody} action={setUpLink(true)} />;
  }

  return (
    <div id={RECURRING_ANCHOR} className="recurring-section">
      <Card as="section" title={RecurringMessages.title} actions={overview === 'listed' ? setUpLink(false) : null}>
        {status}
        {accounts.map((account) => (
          <AccountRecurringDeposits
            key={account.accountUuid}
            account={account}
            accounts={allAccounts}
            methods={methods}
            hideWhileLoading={overview !== 'listed'}
            hidden={methodsQuery.isLoading}
          />
        ))}
      </Card>
      <CancelRecurringDepositModal methods={methods} accounts={allAccounts} />
    </div>
  );
}

interface AccountRecurringDepositsProps {
  account: Account;
  accounts: readonly Account[];
  methods: readonly PaymentMethod[] | null;
  /** The section shows one spinner until something is listed. */
  hideWhileLoading: boolean;
  /** Loads its list but shows nothing yet (the section waits for the funding methods to name the sources). */
  hidden: boolean;
}

/** One account's schedules under its name; nothing when it has none. */
function AccountRecurringDeposits({ account, accounts, methods, hideWhileLoading, hidden }: AccountRecurringDepositsProps) {
  const query = useGetRecurringDepositsQuery(account.accountUuid);
  const headingId = useId();
  const { data } = query;
  const schedules = useMemo(() => (data ? data.ids.map((id) => data.entities[id]).filter(isListed) : []), [data]);

  if (hidden) return null;
  if (query.isLoading) return hideWhileLoading ? null : <Spinner label={`Loading recurring deposits to ${account.displayName}`} />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        className="recurring-account"
        title={`We couldn't load the recurring deposits to ${account.displayName}`}
        body={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (schedules.length === 0) return null;
  return (
    <section className="recurring-account" aria-labelledby={headingId}>
      <h3 id={headingId} className="recurring-account__title">
        To {account.displayName}
      </h3>
      <ul
        className="recurring-account__list"
        aria-label={`Recurring deposits to ${account.displayName}`}
        aria-busy={query.isFetching || undefined}
      >
        {schedules.map((deposit) => (
          <li key={deposit.id}>
            <RecurringDepositItem deposit={deposit} methods={methods} accounts={accounts} />
          </li>
        ))}
      </ul>
    </section>
  );
}
