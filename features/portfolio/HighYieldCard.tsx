import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { useAppSelector } from '../../store/hooks';
import { Amount, Card, Spinner, Stat } from '../../ui';
import { PortfolioDetailsMessages } from './portfolioDetailsMessages';
import { selectShapedHighYieldBalance } from './portfolioShapingSelectors';

/** The high-yield cash balance and its rate (nothing when there is no high-yield account). */
export function HighYieldCard() {
  const query = useGetHighYieldAccountQuery();
  const balance = useAppSelector(selectShapedHighYieldBalance);
  if (query.isLoading) {
    return (
      <Card title={PortfolioDetailsMessages.highYieldTitle}>
        <Spinner label={PortfolioDetailsMessages.highYieldLoading} />
      </Card>
    );
  }
  if (query.isError || !balance) return null;
  return (
    <Card title={PortfolioDetailsMessages.highYieldTitle} actions={<span className="portfolio-apy">{balance.rate}% APY</span>}>
      <div className="portfolio-stats">
        <Stat label={PortfolioDetailsMessages.availableToWithdraw} value={<Amount cents={balance.availableToWithdrawCents} />} />
        <Stat label={PortfolioDetailsMessages.pendingDeposits} value={<Amount cents={balance.pendingDepositsCents} />} />
        <Stat label={PortfolioDetailsMessages.depositsOnHold} value={<Amount cents={balance.depositsOnHoldCents} />} />
        <Stat label={PortfolioDetailsMessages.pendingWithdrawals} value={<Amount cents={balance.pendingWithdrawalsCents} />} />
      </div>
    </Card>
  );
}
