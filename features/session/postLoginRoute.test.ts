import { userFixture } from '../../test/fixtures';
import { postLoginRoute, safeRedirectPath } from './postLoginRoute';

const desktop = { viewportWidth: 1280 };
const phone = { viewportWidth: 390 };

describe('where a customer lands after login', () => {
  it('sends a closed customer to the brokerage documents, whatever the redirect', () => {
    expect(postLoginRoute(userFixture({ status: 'CLOSED' }), { ...desktop, redirect: '/portfolio' })).toBe('/settings/documents/account/brokerage');
  });

  it('sends a customer who must accept terms to the welcome page, the mobile one below 760 px', () => {
    const user = userFixture({ mustAcceptTerms: true });
    expect(postLoginRoute(user, desktop)).toBe('/account-takeover/welcome');
    expect(postLoginRoute(user, phone)).toBe('/account-takeover/mobile-welcome');
    expect(postLoginRoute(user, { viewportWidth: 760 })).toBe('/account-takeover/welcome');
  });

  it('follows a same-origin redirect, else /portfolio', () => {
    expect(postLoginRoute(userFixture(), { ...desktop, redirect: '/settings/v2/deposit?destination=us' })).toBe('/settings/v2/deposit?destination=us');
    expect(postLoginRoute(userFixture(), desktop)).toBe('/portfolio');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'portfolio', '/login?redirect=/x', '/x\nSet-Cookie'])(
    'refuses the unsafe redirect %p',
    (redirect) => {
      expect(safeRedirectPath(redirect)).toBeNull();
      expect(postLoginRoute(userFixture(), { ...desktop, redirect })).toBe('/portfolio');
    },
  );
});
