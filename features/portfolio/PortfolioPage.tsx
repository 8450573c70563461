import { skipToken } from '@reduxjs/toolkit/query';
import { useRef } from 'react';
import { useGetAccountsQuery, selectAllAccounts } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { useGetPortfolioQuery } from '../../api/portfolioApi';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodList';
import { useFirstContentPainted } from '../pageLoad/firstContent';
import { Spinner } from '../../ui';
import { FinalizeBankLink } from './FinalizeBankLink';
import { PortfolioBalanceCard } from './PortfolioBalanceCard';
import { useDetailsCodeLoaded, useRevealed } from './portfolioReveal';
import { RestOfPortfolio } from './RestOfPortfolio';

/** /portfolio: the selected account's balance first, then its positions, the accounts and the funding methods. */
export function PortfolioPage() {
  const flags = useAppSelector(selectFlags);
  const accountsQuery = useGetAccountsQuery();
  const methodsQuery = useGetPaymentMethodsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  const methods = useAppSelector(selectPaymentMethodsList);
  const methodsPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  // The details' own requests start here too, so they run alongside the details' code instead of after it.
  const portfolioQuery = useGetPortfolioQuery(selected?.accountUuid ?? skipToken);
  const highYieldQuery = useGetHighYieldAccountQuery(selected ? undefined : skipToken);
  const topRevealed = useRevealed(!accountsQuery.isLoading && !methodsQuery.isLoading);
  // The balance is the page's first content: the layout's own requests wait until it is painted.
  const cards = useRef<HTMLDivElement>(null);
  useFirstContentPainted(topRevealed, cards);
  const detailsCodeLoaded = useDetailsCodeLoaded(selected !== null);
  const restRevealed = useRevealed(
    topRevealed && !portfolioQuery.isLoading && !highYieldQuery.isLoading && (selected === null || detailsCodeLoaded),
  );

  return (
    <div className="page portfolio">
      <h1 className="visually-hidden">Portfolio</h1>
      {topRevealed ? (
        <div className="portfolio__cards" ref={cards}>
          <FinalizeBankLink />
          <PortfolioBalanceCard selected={selected} accountsQuery={accountsQuery} />

          {restRevealed ? (
            <RestOfPortfolio
              selected={selected}
              accountsQuery={accountsQuery}
              accounts={accounts}
              methodsQuery={methodsQuery}
              methods={methods}
              methodsPath={methodsPath}
            />
          ) : (
            <div className="page-loading">
              <Spinner label="Loading your portfolio" />
            </div>
          )}
        </div>
      ) : (
        <div className="page-loading">
          <Spinner label="Loading your portfolio" />
        </div>
      )}
    </div>
  );
}
