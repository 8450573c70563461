import { formatCents } from '../../ui';
import { formatCalendarDate } from './calendarDate';
import { COLUMNS } from './portfolioColumns';
import { PortfolioChange } from './PortfolioChange';
import type { BondSummary, ShapedPosition } from './portfolioShaping';

function quantityLabel(position: ShapedPosition): string {
  if (position.assetType === 'OPTION') return `${position.quantity} ${position.quantity === '1' ? 'contract' : 'contracts'}`;
  if (position.assetType === 'EQUITY') return `${position.quantity} ${position.quantity === '1' ? 'share' : 'shares'}`;
  return `${position.quantity} ${position.symbol}`;
}

/** One position: its name, number or CUSIP, quantity (a bond's maturity and yield), value and gains. */
export function PositionRow({ position, bond }: { position: ShapedPosition; bond?: BondSummary }) {
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
            Matures {formatCalendarDate(bond.maturityDate)} · {bond.yieldToMaturity}% yield to maturity
            {bond.couponRate !== '0.00' ? ` · ${bond.couponRate}% coupon` : ''}
          </span>
        ) : null}
      </th>
      <td className="portfolio-table__number" data-label={COLUMNS.value}>
        {formatCents(position.currentValueCents)}
      </td>
      <td className="portfolio-table__number" data-label={COLUMNS.today}>
        <PortfolioChange cents={position.dayChange.valueCents} bps={position.dayChange.percentBps} />
      </td>
      <td className="portfolio-table__number" data-label={COLUMNS.gain}>
        <PortfolioChange cents={position.gain.valueCents} bps={position.gain.percentBps} />
      </td>
    </tr>
  );
}
