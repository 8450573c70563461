import { accountFixture } from '../../test/fixtures';
import { brokerageAccountOf, documentNavigation, parseDocumentsSearch } from './documentViews';

describe('document filters in the URL', () => {
  it('reads kind, account and year', () => {
    expect(parseDocumentsSearch(new URLSearchParams('kind=TAX_STATEMENT&account=uuid-roth&year=2025'))).toEqual({
      kind: 'TAX_STATEMENT',
      accountUuid: 'uuid-roth',
      year: 2025,
    });
  });

  it('ignores an unknown kind and a malformed year', () => {
    expect(parseDocumentsSearch(new URLSearchParams('kind=BILLS&year=25'))).toEqual({});
  });
});

describe('the brokerage documents page', () => {
  it('shows the individual brokerage account, else the entity one', () => {
    const roth = accountFixture({ accountUuid: 'roth', variant: 'ROTH_IRA' });
    expect(brokerageAccountOf([roth, accountFixture({ accountUuid: 'us', variant: 'US' })])?.accountUuid).toBe('us');
    expect(brokerageAccountOf([roth, accountFixture({ accountUuid: 'llc', variant: 'ENTITY' })])?.accountUuid).toBe('llc');
    expect(brokerageAccountOf([roth])).toBeUndefined();
  });
});

describe('document page navigation', () => {
  it('links the newer layout’s three pages, or the older layout’s four', () => {
    expect(documentNavigation(true).map((link) => link.to)).toEqual([
      '/settings/v2/account-statements',
      '/settings/v2/trade-confirmations',
      '/settings/v2/tax-statements',
    ]);
    expect(documentNavigation(false).map((link) => link.to)).toEqual([
      '/settings/documents',
      '/settings/documents/account/brokerage',
      '/settings/documents/trade-confirmations',
      '/settings/documents/tax-statements',
    ]);
  });
});
