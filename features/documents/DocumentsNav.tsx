import { AppNavLink } from '../navigation/AppLink';
import { documentNavigation } from './documentViews';

/** The documents pages' own navigation (all, brokerage, trade confirmations, tax statements, statements). */
export function DocumentsNav({ newerSettingsLayout }: { newerSettingsLayout: boolean }) {
  return (
    <nav aria-label="Documents" className="documents-nav">
      {documentNavigation(newerSettingsLayout).map((link) => (
        <AppNavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) => `documents-nav__link${isActive ? ' documents-nav__link--active' : ''}`}
        >
          {link.label}
        </AppNavLink>
      ))}
    </nav>
  );
}
