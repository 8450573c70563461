import { lazy } from 'react';
import type { useGetAccountsQuery } from '../../api/accountsApi';
import type { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import type { Account, PaymentMethod } from '../../api/contract';
import { Spinner } from '../../ui';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';
import { PortfolioAccountsCard } from './PortfolioAccountsCard';
import { PortfolioFundingMethodsCard } from './PortfolioFundingMethodsCard';
import { loadPortfolioDetails } from './warmPortfolio';

// Positions and balances are their own chunk, loaded alongside the page's data.
const PortfolioDetails = lazy(loadPortfolioDetails);

interface RestOfPortfolioProps {
  selected: Account | null;
  accountsQuery: ReturnType<typeof useGetAccountsQuery>;
  accounts: Account[];
  methodsQuery: ReturnType<typeof useGetPaymentMethodsQuery>;
  methods: PaymentMethod[];
  methodsPath: string;
}

/** Below the balance: positions and balances, the accounts and the funding methods (revealed together). */
export function RestOfPortfolio({ selected, accountsQuery, accounts, methodsQuery, methods, methodsPath }: RestOfPortfolioProps) {
  return (
    <>
      {selected ? (
        <LazyBoundary fallback={<Spinner label="Loading your portfolio" codeLoading />}>
          <PortfolioDetails accountUuid={selected.accountUuid} />
        </LazyBoundary>
      ) : null}

      <PortfolioAccountsCard selected={selected} accountsQuery={accountsQuery} accounts={accounts} />

      <PortfolioFundingMethodsCard methodsQuery={methodsQuery} methods={methods} methodsPath={methodsPath} />
    </>
  );
}
