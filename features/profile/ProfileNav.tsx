import type { ReactNode } from 'react';
import { AppNavLink } from '../navigation/AppLink';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import './profile.css';

export const PROFILE_PAGES = [
  { slug: 'personal-info', label: 'Personal info' },
  { slug: 'investing-profile', label: 'Investing profile' },
  { slug: 'trusted-contact', label: 'Trusted contact' },
  { slug: 'beneficiaries', label: 'Beneficiaries' },
  { slug: 'account-info', label: 'Account info' },
  { slug: 'membership', label: 'Membership' },
] as const;
export type ProfilePageSlug = (typeof PROFILE_PAGES)[number]['slug'];

/** Where a profile page lives under the current layout: /settings/v2/... with the newer-settings flag, else /settings/... */
export const profilePagePath = (slug: ProfilePageSlug, newerSettingsLayout: boolean) =>
  newerSettingsLayout ? `/settings/v2/${slug}` : `/settings/${slug}`;

/** The profile settings' own navigation: the six pages, the current one marked (aria-current="page"). */
export function ProfileNav() {
  const { newerSettingsLayout } = useAppSelector(selectFlags);
  return (
    <nav className="ff-profile-nav" aria-label="Profile settings">
      <ul className="ff-profile-nav__list">
        {PROFILE_PAGES.map((page) => (
          <li key={page.slug}>
            <AppNavLink
              to={profilePagePath(page.slug, newerSettingsLayout)}
              end
              className={({ isActive }) => (isActive ? 'ff-profile-nav__link ff-profile-nav__link--active' : 'ff-profile-nav__link')}
            >
              {page.label}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A profile page: its title, the profile navigation, then the page's own content. */
export function ProfilePageFrame({
  title,
  titleId,
  intro,
  children,
}: {
  title: string;
  titleId: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ff-profile-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {title}
      </h1>
      <ProfileNav />
      {intro ? <div className="ff-profile-page__intro">{intro}</div> : null}
      <div className="ff-profile-page__body">{children}</div>
    </section>
  );
}
