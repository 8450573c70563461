import { fireEvent, screen } from '@testing-library/react';
import { NavLink } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AppLink, AppNavLink } from './AppLink';
import { selectHref } from './navigationSlice';
import { LocationRecorder } from './LocationRecorder';

// AppLink and AppNavLink stand in for React Router's Link and NavLink (they leave out its framework-mode parts):
// the same anchors, the same in-app navigation, and NavLink's own rule for which link is the current page.

describe('AppLink', () => {
  it('is a real anchor whose plain click navigates inside the app', () => {
    const { store } = renderWithProviders(
      <>
        <LocationRecorder />
        <AppLink to="/settings/v2/transfers">Transfers</AppLink>
      </>,
      { route: '/portfolio' },
    );
    const link = screen.getByRole('link', { name: 'Transfers' });
    expect(link.getAttribute('href')).toBe('/settings/v2/transfers');
    fireEvent.click(link);
    expect(selectHref(store.getState())).toBe('/settings/v2/transfers');
  });

  it('leaves a modified click (a new tab) and an absolute URL to the browser', () => {
    const { store } = renderWithProviders(
      <>
        <LocationRecorder />
        <AppLink to="/documents">Documents</AppLink>
        <AppLink to="https://example.com/help">Help</AppLink>
      </>,
      { route: '/portfolio' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Documents' }), { ctrlKey: true });
    expect(selectHref(store.getState())).toBe('/portfolio');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('https://example.com/help');
  });
});

describe('AppNavLink', () => {
  const cases: [route: string, to: string, end: boolean][] = [
    ['/profile', '/profile', false],
    ['/profile/beneficiaries', '/profile', false],
    ['/profile/beneficiaries', '/profile', true],
    ['/profile-extra', '/profile', false],
    ['/Profile/Beneficiaries', '/profile/beneficiaries', false],
    ['/documents/', '/documents', true],
    ['/', '/', false],
    ['/portfolio', '/', false],
    ['/portfolio', '/', true],
  ];

  it.each(cases)('on %s, a link to %s (end %s) is current exactly when NavLink says so', (route, to, end) => {
    renderWithProviders(
      <>
        <AppNavLink to={to} end={end} className="ours">
          ours
        </AppNavLink>
        <NavLink to={to} end={end} className="theirs">
          theirs
        </NavLink>
      </>,
      { route },
    );
    const ours = screen.getByRole('link', { name: 'ours' }).getAttribute('aria-current');
    const theirs = screen.getByRole('link', { name: 'theirs' }).getAttribute('aria-current');
    expect(ours).toBe(theirs);
  });

  it('gives a class function whether it is current', () => {
    renderWithProviders(
      <AppNavLink to="/profile" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Profile
      </AppNavLink>,
      { route: '/profile/membership' },
    );
    expect(screen.getByRole('link', { name: 'Profile' }).className).toBe('on');
  });
});
