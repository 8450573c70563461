import { formatCents } from '../../ui';
import { COLUMNS } from './portfolioColumns';
import { PortfolioChange } from './PortfolioChange';
import type { OptionSummary } from './portfolioShaping';
import { PositionRow } from './PositionRow';
import { PositionsScrollTable } from './PositionsScrollTable';
import { PositionsTableHead } from './PositionsTableHead';

/** Options grouped by underlying: each group's totals, then its legs. */
export function OptionsTable({ summaries }: { summaries: OptionSummary[] }) {
  return (
    <PositionsScrollTable label="Options by underlying">
      <PositionsTableHead first="Underlying" />
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
              <PortfolioChange cents={summary.dayChangeCents} />
            </td>
            <td className="portfolio-table__number" data-label={COLUMNS.gain}>
              <PortfolioChange cents={summary.gainCents} bps={summary.gainPercentBps} />
            </td>
          </tr>
          {summary.legs.map((leg) => (
            <PositionRow key={leg.id} position={leg} />
          ))}
        </tbody>
      ))}
    </PositionsScrollTable>
  );
}
