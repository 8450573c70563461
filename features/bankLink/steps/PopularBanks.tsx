import { useId } from 'react';
import { useGetPopularInstitutionsQuery } from '../../../api/bankLinkApi';
import type { Institution } from '../../../api/contract';
import { InstitutionLogo } from './InstitutionLogo';

/**
 * Before anything is typed: the popular banks as a grid of buttons, each picking its bank exactly as a search
 * result does. Nothing is shown while they load or if they cannot load: the search still works.
 */
export function PopularBanks({ onSelect }: { onSelect: (institution: Institution) => void }) {
  const popular = useGetPopularInstitutionsQuery();
  const headingId = useId();
  if (!popular.data || popular.data.length === 0) return null;
  return (
    <section className="ff-bank-link__popular" aria-labelledby={headingId}>
      <h3 id={headingId} className="ff-bank-link__popular-title">
        Popular banks
      </h3>
      <ul className="ff-bank-link__grid" aria-labelledby={headingId}>
        {popular.data.map((institution) => (
          <li key={institution.id}>
            <button type="button" className="ff-bank-link__tile" onClick={() => onSelect(institution)}>
              <InstitutionLogo institution={institution} />
              <span className="ff-bank-link__tile-name">{institution.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
