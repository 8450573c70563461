import type { useGetAccountsQuery } from '../../api/accountsApi';
import type { Account } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { Card, EmptyState, Spinner } from '../../ui';
import { selectMoneyActionsShown } from '../session/customerStanding';
import { TransferBetweenAccountsButton } from '../transfers/internalTransferEntry';
import { PortfolioAccountRow } from './PortfolioAccountRow';

/** 'Your accounts': every account with its balance, and the transfer between them when there are two or more. */
export function PortfolioAccountsCard({
  selected,
  accountsQuery,
  accounts,
}: {
  selected: Account | null;
  accountsQuery: ReturnType<typeof useGetAccountsQuery>;
  accounts: Account[];
}) {
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  return (
    <Card as="section" title="Your accounts">
      {accountsQuery.isLoading ? (
        <Spinner label="Loading accounts" />
      ) : accounts.length === 0 ? (
        <EmptyState title="No accounts yet" body="Once your application is approved your accounts appear here." />
      ) : (
        <>
          <ul className="row-list" aria-label="Accounts">
            {accounts.map((account) => (
              <PortfolioAccountRow key={account.accountUuid} account={account} selected={account.accountUuid === selected?.accountUuid} />
            ))}
          </ul>
          {accounts.length > 1 && moneyActionsShown ? <TransferBetweenAccountsButton fullWidth /> : null}
        </>
      )}
    </Card>
  );
}
