import { EmptyState, formatCents } from '../../ui';
import { OptionsTable } from './OptionsTable';
import { PortfolioDetailsMessages } from './portfolioDetailsMessages';
import type { ShapedPortfolio } from './portfolioShaping';
import { PositionRow } from './PositionRow';
import { PositionsScrollTable } from './PositionsScrollTable';
import { PositionsTableHead } from './PositionsTableHead';

/** The positions by section (stocks, ETFs, crypto, options, bonds, Treasuries), each with its total. */
export function PortfolioPositions({ portfolio }: { portfolio: ShapedPortfolio }) {
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
            <PositionsScrollTable label={section.title}>
              <PositionsTableHead first={section.title} />
              <tbody>
                {section.positions.map((position) => (
                  <PositionRow key={position.id} position={position} bond={bonds.get(position.id)} />
                ))}
              </tbody>
            </PositionsScrollTable>
          )}
        </section>
      ))}
    </div>
  );
}
