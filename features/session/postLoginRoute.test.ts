import { userFixture } from '../../test/fixtures';
import { postLoginRoute, safeRedirectPath, termsGateRedirect } from './postLoginRoute';

const desktop = { viewportWidth: 1280 };
const phone = { viewportWidth: 390 };

describe('where a customer lands after login', () => {
  it('sends a closed customer to the brokerage documents, whatever the redirect', () => {
    expect(postLoginRoute(userFixture({ status: 'CLOSED' }), { ...desktop, redirect: '/portfolio' })).toBe(
      '/settings/documents/account/brokerage',
    );
  });

  it('sends a customer who must accept terms to the welcome page, the mobile one below 760 px', () => {
    const user = userFixture({ mustAcceptTerms: true });
    expect(postLoginRoute(user, desktop)).toBe('/account-takeover/welcome');
    expect(postLoginRoute(user, phone)).toBe('/account-takeover/mobile-welcome');
    expect(postLoginRoute(user, { viewportWidth: 760 })).toBe('/account-takeover/welcome');
  });

  it('a customer who must accept terms and signs in from a link keeps the link as the welcome’s redirect', () => {
    const user = userFixture({ mustAcceptTerms: true });
    expect(postLoginRoute(user, { ...desktop, redirect: '/settings/v2/deposit?destination=us' })).toBe(
      '/account-takeover/welcome?redirect=%2Fsettings%2Fv2%2Fdeposit%3Fdestination%3Dus',
    );
    expect(postLoginRoute(user, { ...phone, redirect: 'https://evil.example/' })).toBe('/account-takeover/mobile-welcome');
  });

  it('follows a same-origin redirect, else /portfolio', () => {
    expect(postLoginRoute(userFixture(), { ...desktop, redirect: '/settings/v2/deposit?destination=us' })).toBe(
      '/settings/v2/deposit?destination=us',
    );
    expect(postLoginRoute(userFixture(), desktop)).toBe('/portfolio');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'portfolio',
    '/login?redirect=/x',
    '/x\nSet-Cookie',
  ])('refuses the unsafe redirect %p', (redirect) => {
    expect(safeRedirectPath(redirect)).toBeNull();
    expect(postLoginRoute(userFixture(), { ...desktop, redirect })).toBe('/portfolio');
  });
});

describe('the terms gate holds on every signed-in route', () => {
  const mustAccept = userFixture({ mustAcceptTerms: true });
  const accepted = userFixture({ mustAcceptTerms: false });
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('a customer who must accept terms and types /portfolio lands on the welcome, which returns there', () => {
    expect(termsGateRedirect(mustAccept, at('/portfolio'), 1280)).toBe('/account-takeover/welcome');
    expect(termsGateRedirect(mustAccept, at('/settings/v2/deposit', '?frequency=MONTHLY'), 390)).toBe(
      '/account-takeover/mobile-welcome?redirect=%2Fsettings%2Fv2%2Fdeposit%3Ffrequency%3DMONTHLY',
    );
  });

  it('the welcome itself is not gated (either width’s page)', () => {
    expect(termsGateRedirect(mustAccept, at('/account-takeover/welcome'), 1280)).toBeNull();
    expect(termsGateRedirect(mustAccept, at('/account-takeover/mobile-welcome/'), 1280)).toBeNull();
  });

  it('a customer who already accepted is not asked again: the welcome sends them on to its redirect, else the portfolio', () => {
    expect(termsGateRedirect(accepted, at('/portfolio'), 1280)).toBeNull();
    expect(termsGateRedirect(accepted, at('/account-takeover/welcome'), 1280)).toBe('/portfolio');
    expect(termsGateRedirect(accepted, at('/account-takeover/welcome', '?redirect=%2Fsettings%2Fv2%2Fdeposit'), 1280)).toBe(
      '/settings/v2/deposit',
    );
    expect(termsGateRedirect(accepted, at('/account-takeover/welcome', '?redirect=https%3A%2F%2Fevil.example'), 1280)).toBe('/portfolio');
  });

  it('nobody signed in: the session guard decides, not this gate', () => {
    expect(termsGateRedirect(null, at('/portfolio'), 1280)).toBeNull();
  });
});
