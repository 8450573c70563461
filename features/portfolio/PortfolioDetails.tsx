import { Link } from 'react-router';
import { errorMessage } from '../../api/apiError';
import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { portfolioApi, useGetPortfolioQuery } from '../../api/portfolioApi';
import { useAppSelector } from '../../store/hooks';
import { Amount, Card, EmptyState, ErrorState, Notice, Spinner, Stat, formatCents } from '../../ui';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { TREASURIES_EDUCATION_PATH } from '../treasuries/treasuryRoutes';
import {
  formatPercentBps,
  formatSignedCents,
  type BondSummary,
  type OptionSummary,
  type ShapedPortfolio,
  type ShapedPosition,
} from './portfolioShaping';
import { selectShapedHighYieldBalance, selectShapedPortfolio } from './portfolioShapingSelectors';
import './portfolioDetails.css';

export const PortfolioDetailsMessages = {
  valueTitle: 'Portfolio value',
  loading: 'Loading your portfolio',
  loadFailed: "We couldn't load your portfolio",
  positionsTitle: 'Positions',
  noPositions: 'No investments yet',
  noPositionsBody: 'Once you invest, your stocks, ETFs, crypto, options, bonds and Treasuries appear here.',
  buyingPower: 'Buying power',
  availableToWithdraw: 'Available to withdraw',
  pendingDeposits: 'Pending deposits',
  depositsOnHold: 'Deposits on hold',
  pendingWithdrawals: 'Pending withdrawals',
  pendingDepositsHint: 'On the way from your bank; added when they settle.',
  onHoldHint:
    'Ready to invest now; can be withdrawn once its hold ends (a bank deposit when it settles, a debit-card deposit after 120 days).',
  highYieldTitle: 'High-yield cash',
  highYieldLoading: 'Loading your high-yield cash balance',
  treasuriesLink: 'Explore U.S. Treasuries',
  owedTitle: (owed: string) => `Your buying power is below zero: you owe ${owed}`,
} as const;

// Made on first use (only bonds show a date): the first Intl formatter of a page loads the browser's locale data.
let dateFormat: Intl.DateTimeFormat | null = null;
const formatDate = (isoDate: string) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** Gains in words and colour: the sign is always written, so the colour never carries the meaning alone. */
function Change({ cents, bps }: { cents: number; bps?: number | null }) {
  const tone = cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
  return (
    <span className={`portfolio-change portfolio-change--${tone}`}>
      {formatSignedCents(cents)}
      {bps === undefined ? null : <span className="portfolio-change__percent"> ({formatPercentBps(bps)})</span>}
    </span>
  );
}

function quantityLabel(position: ShapedPosition): string {
  if (position.assetType === 'OPTION') return `${position.quantity} ${position.quantity === '1' ? 'contract' : 'contracts'}`;
  if (position.assetType === 'EQUITY') return `${position.quantity} ${position.quantity === '1' ? 'share' : 'shares'}`;
  return `${position.quantity} ${position.symbol}`;
}

/** The number columns' headings; under 760 px each stacked row repeats them beside its values (data-label). */
const COLUMNS = { value: 'Value', today: 'Today', gain: 'Total gain' } as const;

function PositionRow({ position, bond }: { position: ShapedPosition; bond?: BondSummary }) {
  return (
    <tr>
      <th scope="row">
        <span className="portfolio-table__symbol">
          {position.assetType === 'BOND' || position.assetType === 'TREASURY' ? position.name : position.symbol}
        </span>
        <span className="portfolio-table__meta">
          {position.assetType === 'BOND' || position.assetType === 'TREASURY' ? `CUSIP ${position.symbol}` : position.name} ·{' '}
          {quantityLabel(position)}
        </span>
        {bond ? (
          <span className="portfolio-table__meta">
            Matures {formatDate(bond.maturityDate)} · {bond.yieldToMaturity}% yield to maturity
            {bond.couponRate !== '0.00' ? ` · ${bond.couponRate}% coupon` : ''}
          </span>
        ) : null}
      </th>
      <td className="portfolio-table__number" data-label={COLUMNS.value}>
        {formatCents(position.currentValueCents)}
      </td>
      <td className="portfolio-table__number" data-label={COLUMNS.today}>
        <Change cents={position.dayChange.valueCents} bps={position.dayChange.percentBps} />
      </td>
      <td className="portfolio-table__number" data-label={COLUMNS.gain}>
        <Change cents={position.gain.valueCents} bps={position.gain.percentBps} />
      </td>
    </tr>
  );
}

function TableHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="portfolio-table__number">
          {COLUMNS.value}
        </th>
        <th scope="col" className="portfolio-table__number">
          {COLUMNS.today}
        </th>
        <th scope="col" className="portfolio-table__number">
          {COLUMNS.gain}
        </th>
      </tr>
    </thead>
  );
}

/** The positions table: scrolls sideways (focusable for the keyboard) only on a narrow desktop window; under 760 px its rows stack (portfolioDetails.css). */
function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="portfolio-table__scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="portfolio-table">
        {/* Fixed column widths, so the sections' tables line up with each other. */}
        <colgroup>
          <col className="portfolio-table__col-name" />
          <col span={3} className="portfolio-table__col-number" />
        </colgroup>
        {children}
      </table>
    </div>
  );
}

function OptionsTable({ summaries }: { summaries: OptionSummary[] }) {
  return (
    <ScrollTable label="Options by underlying">
      <TableHead first="Underlying" />
      {summaries.map((summary) => (
        <tbody key={summary.rootSymbol} className="portfolio-table__group">
          <tr className="portfolio-table__summary">
            <th scope="rowgroup">
              <span className="portfolio-table__symbol">{summary.rootSymbol}</span>
              <span className="portfolio-table__meta">
                {summary.contracts} {summary.contracts === '1' ? 'contract' : 'contracts'} · {summary.legs.length}{' '}
                {summary.legs.length === 1 ? 'position' : 'positions'}
              </span>
            </th>
            <td className="portfolio-table__number" data-label={COLUMNS.value}>
              {formatCents(summary.currentValueCents)}
            </td>
            <td className="portfolio-table__number" data-label={COLUMNS.today}>
              <Change cents={summary.dayChangeCents} />
            </td>
            <td className="portfolio-table__number" data-label={COLUMNS.gain}>
              <Change cents={summary.gainCents} bps={summary.gainPercentBps} />
            </td>
          </tr>
          {summary.legs.map((leg) => (
            <PositionRow key={leg.id} position={leg} />
          ))}
        </tbody>
      ))}
    </ScrollTable>
  );
}

function Positions({ portfolio }: { portfolio: ShapedPortfolio }) {
  if (portfolio.positions.length === 0)
    return <EmptyState title={PortfolioDetailsMessages.noPositions} body={PortfolioDetailsMessages.noPositionsBody} />;
  const bonds = new Map(portfolio.bondSummaries.map((bond) => [bond.id, bond]));
  return (
    <div className="portfolio-sections">
      {portfolio.sections.map((section) => (
        <section key={section.key} className="portfolio-section" aria-labelledby={`portfolio-section-${section.key}`}>
          <div className="portfolio-section__header">
            <h3 id={`portfolio-section-${section.key}`} className="portfolio-section__title">
              {section.title}
            </h3>
            <span className="portfolio-section__total">{formatCents(section.currentValueCents)}</span>
          </div>
          {section.key === 'OPTIONS' ? (
            <OptionsTable summaries={portfolio.optionSummaries} />
          ) : (
            <ScrollTable label={section.title}>
              <TableHead first={section.title} />
              <tbody>
                {section.positions.map((position) => (
                  <PositionRow key={position.id} position={position} bond={bonds.get(position.id)} />
                ))}
              </tbody>
            </ScrollTable>
          )}
        </section>
      ))}
    </div>
  );
}

function HighYieldCard() {
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

/**
 * Positions, balances and the high-yield cash balance of the selected account (funding-methods.md 3.5), for the
 * portfolio page to render lazily. Polls as the server asks (millisecondsToWaitAfterLastResponse) while focused.
 */
export default function PortfolioDetails({ accountUuid }: { accountUuid?: string }) {
  const selected = useAppSelector(selectSelectedAccount);
  const uuid = accountUuid ?? selected?.accountUuid ?? null;
  if (!uuid) return null;
  return <AccountPortfolio accountUuid={uuid} />;
}

function AccountPortfolio({ accountUuid }: { accountUuid: string }) {
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
                  Today <Change cents={portfolio.dayChangeCents} />
                </span>
                <span>
                  Total gain <Change cents={portfolio.totalGainCents} />
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
          <Positions portfolio={portfolio} />
        </Card>
      ) : null}

      <HighYieldCard />

      <p className="portfolio-treasuries">
        <Link to={`${TREASURIES_EDUCATION_PATH}?sourceScreen=portfolio`} className="text-link">
          {PortfolioDetailsMessages.treasuriesLink}
        </Link>
      </p>
    </div>
  );
}
