import { NEWER_SETTINGS_PATHS, newerSettingsPath } from './settingsPaths';
import { LOGIN_ROUTE, SIGNED_IN_ROUTES } from './routeTable';

describe('old settings paths under the newer settings layout', () => {
  it.each([
    ['/settings/deposit', '/settings/v2/deposit'],
    ['/settings/funding-methods', '/settings/v2/transfers'],
    ['/settings/recurring-deposits', '/settings/v2/transfers#recurring-deposits'],
    ['/settings/acat-transfer', '/settings/v2/transfers#acats'],
    ['/settings/wire-transfer', '/settings/v2/wire-transfer'],
    ['/settings/crypto-transfer', '/settings/v2/crypto-transfer'],
    ['/settings/documents', '/settings/v2/account-statements'],
    ['/settings/documents/trade-confirmations', '/settings/v2/trade-confirmations'],
    ['/settings/documents/tax-statements', '/settings/v2/tax-statements'],
    ['/settings/personal-info', '/settings/v2/personal-info'],
    ['/settings/investing-profile', '/settings/v2/investing-profile'],
    ['/settings/trusted-contact', '/settings/v2/trusted-contact'],
    ['/settings/beneficiaries', '/settings/v2/beneficiaries'],
    ['/settings/account-info', '/settings/v2/account-info'],
    ['/settings/membership', '/settings/v2/membership'],
    ['/settings/bank-link', '/settings/v2/bank-link'],
    ['/settings/funding-methods/add-funding-method', '/settings/v2/add-funding-methods'],
  ])('maps %s to %s when the flag is on', (from, to) => {
    expect(newerSettingsPath(from, '', true)).toBe(to);
  });

  it('keeps every path where it is when the flag is off', () => {
    for (const from of Object.keys(NEWER_SETTINGS_PATHS)) expect(newerSettingsPath(from, '', false)).toBeNull();
  });

  it('keeps the query string, before a target hash', () => {
    expect(newerSettingsPath('/settings/deposit', '?destination=us&origin=%2Fportfolio', true)).toBe(
      '/settings/v2/deposit?destination=us&origin=%2Fportfolio',
    );
    expect(newerSettingsPath('/settings/recurring-deposits', 'frequency=WEEKLY', true)).toBe(
      '/settings/v2/transfers?frequency=WEEKLY#recurring-deposits',
    );
  });

  it('ignores a trailing slash', () => {
    expect(newerSettingsPath('/settings/deposit/', '', true)).toBe('/settings/v2/deposit');
  });

  it('leaves v2 paths and pages outside settings alone', () => {
    expect(newerSettingsPath('/settings/v2/deposit', '', true)).toBeNull();
    expect(newerSettingsPath('/portfolio', '', true)).toBeNull();
    expect(newerSettingsPath('/settings/documents/account/brokerage', '', true)).toBeNull();
  });

  it('maps only to routes the router knows', () => {
    const known = new Set([LOGIN_ROUTE, ...SIGNED_IN_ROUTES].map((route) => route.path));
    for (const target of Object.values(NEWER_SETTINGS_PATHS)) expect(known).toContain(target.split('#')[0]);
  });
});
