import type { ReactNode } from 'react';

/** The positions table: scrolls sideways (focusable for the keyboard) only on a narrow desktop window; under 760 px its rows stack (portfolioDetails.css). */
export function PositionsScrollTable({ label, children }: { label: string; children: ReactNode }) {
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
