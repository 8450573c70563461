import { COLUMNS } from './portfolioColumns';

/** The positions table's column headings (the first names the section). */
export function PositionsTableHead({ first }: { first: string }) {
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
