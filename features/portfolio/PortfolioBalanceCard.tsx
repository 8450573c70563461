import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import type { useGetAccountsQuery } from '../../api/accountsApi';
import { moneyToCents, VARIANT_LABELS } from '../../api/contract/values';
import type { Account } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { maskedNumber } from '../paymentMethods/paymentMethodList';
import { Amount, buttonClassName, Card, EmptyState, ErrorState, Spinner } from '../../ui';
import { CLOSED_ACCOUNT_NOTE, selectMoneyActionsShown } from '../session/customerStanding';
import { selectCurrentUser } from '../session/sessionSlice';
import { depositLinkFor } from './depositLink';

/** The selected account's balance, its owner and number, and Deposit funds (a note instead when money actions are off). */
export function PortfolioBalanceCard({
  selected,
  accountsQuery,
}: {
  selected: Account | null;
  accountsQuery: ReturnType<typeof useGetAccountsQuery>;
}) {
  const user = useAppSelector(selectCurrentUser);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  return (
    <Card as="section" title={selected ? `${VARIANT_LABELS[selected.variant]} balance` : 'Balance'}>
      {accountsQuery.isLoading ? (
        <Spinner label="Loading balance" />
      ) : accountsQuery.isError ? (
        <ErrorState
          title="We couldn't load your accounts"
          body={errorMessage(accountsQuery.error)}
          onRetry={() => void accountsQuery.refetch()}
        />
      ) : selected ? (
        <div className="balance-hero">
          <Amount cents={moneyToCents(selected.balance)} size="xl" />
          <p className="muted">
            {user ? `${user.firstName} ${user.lastName} · ` : ''}
            {maskedNumber(selected.account)}
          </p>
          {moneyActionsShown ? (
            <AppLink className={buttonClassName('primary', 'md', false)} to={depositLinkFor(selected)}>
              Deposit funds
            </AppLink>
          ) : (
            <p className="muted">{CLOSED_ACCOUNT_NOTE}</p>
          )}
        </div>
      ) : (
        <EmptyState title="No accounts yet" body="Once your application is approved your accounts appear here." />
      )}
    </Card>
  );
}
