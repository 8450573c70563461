import { formatPercentBps, formatSignedCents } from './portfolioShaping';

/** Gains in words and colour: the sign is always written, so the colour never carries the meaning alone. */
export function PortfolioChange({ cents, bps }: { cents: number; bps?: number | null }) {
  const tone = cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
  return (
    <span className={`portfolio-change portfolio-change--${tone}`}>
      {formatSignedCents(cents)}
      {bps === undefined ? null : <span className="portfolio-change__percent"> ({formatPercentBps(bps)})</span>}
    </span>
  );
}
