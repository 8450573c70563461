import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import { portfolioApi, useGetPortfolioQuery } from '../../api/portfolioApi';
import { useAppSelector } from '../../store/hooks';
import { Amount, Card, ErrorState, Notice, Spinner, Stat, formatCents } from '../../ui';
import { TREASURIES_EDUCATION_PATH } from '../treasuries/treasuryRoutes';
import { HighYieldCard } from './HighYieldCard';
import { PortfolioChange } from './PortfolioChange';
import { PortfolioDetailsMessages } from './portfolioDetailsMessages';
import { PortfolioPositions } from './PortfolioPositions';
import { selectShapedPortfolio } from './portfolioShapingSelectors';

/** One account's value, gains and balances, its positions, its high-yield cash and the Treasuries link; polls as the server asks. */
export function AccountPortfolio({ accountUuid }: { accountUuid: string }) {
  // The server says how long to wait before asking again; until its first answer there is nothing to poll.
  const pollingInterval = useAppSelector(
    (state) => portfolioApi.endpoints.getPortfolio.select(accountUuid)(state).data?.millisecondsToWaitAfterLastResponse ?? 0,
  );
  const query = useGetPortfolioQuery(accountUuid, { pollingInterval, skipPollingIfUnfocused: true });
  const portfolio = useAppSelector((state) => selectShapedPortfolio(state, accountUuid));

  return (
    <div className="portfolio-details">
      <Card title={PortfolioDetailsMessages.valueTitle}>
        {query.isLoading ? (
          <Spinner label={PortfolioDetailsMessages.loading} />
        ) : query.isError || !portfolio ? (
          <ErrorState
            title={PortfolioDetailsMessages.loadFailed}
            body={query.isError ? errorMessage(query.error) : undefined}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <div className="portfolio-value">
              <Amount cents={portfolio.equityCents} size="xl" />
              <p className="portfolio-value__changes">
                <span>
                  Today <PortfolioChange cents={portfolio.dayChangeCents} />
                </span>
                <span>
                  Total gain <PortfolioChange cents={portfolio.totalGainCents} />
                </span>
              </p>
            </div>
            {portfolio.balance.owed ? (
              <Notice
                tone="danger"
                title={PortfolioDetailsMessages.owedTitle(formatCents(portfolio.balance.owed.cents))}
                live="polite"
                className="portfolio-owed"
              >
                {portfolio.balance.owed.explanation}
              </Notice>
            ) : null}
            <div className="portfolio-stats">
              <Stat label={PortfolioDetailsMessages.buyingPower} value={<Amount cents={portfolio.balance.buyingPowerCents} />} />
              <Stat
                label={PortfolioDetailsMessages.availableToWithdraw}
                value={<Amount cents={portfolio.balance.availableToWithdrawCents} />}
              />
              <Stat
                label={PortfolioDetailsMessages.pendingDeposits}
                value={<Amount cents={portfolio.balance.pendingDepositsCents} />}
                hint={portfolio.balance.pendingDepositsCents > 0 ? PortfolioDetailsMessages.pendingDepositsHint : undefined}
              />
              <Stat
                label={PortfolioDetailsMessages.depositsOnHold}
                value={<Amount cents={portfolio.balance.depositsOnHoldCents} />}
                hint={portfolio.balance.depositsOnHoldCents > 0 ? PortfolioDetailsMessages.onHoldHint : undefined}
              />
              {portfolio.balance.pendingWithdrawalsCents > 0 ? (
                <Stat
                  label={PortfolioDetailsMessages.pendingWithdrawals}
                  value={<Amount cents={portfolio.balance.pendingWithdrawalsCents} />}
                />
              ) : null}
            </div>
          </>
        )}
      </Card>

      {portfolio ? (
        <Card title={PortfolioDetailsMessages.positionsTitle}>
          <PortfolioPositions portfolio={portfolio} />
        </Card>
      ) : null}

      <HighYieldCard />

      <p className="portfolio-treasuries">
        <AppLink to={`${TREASURIES_EDUCATION_PATH}?sourceScreen=portfolio`} className="text-link">
          {PortfolioDetailsMessages.treasuriesLink}
        </AppLink>
      </p>
    </div>
  );
}
