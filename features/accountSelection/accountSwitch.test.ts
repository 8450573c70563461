import { addressAfterSwitch, parseAccountLoading, pathAfterSwitch, switchingAddress, switchingMessage } from './accountSwitch';

describe('account switching (deposits 2, funding 2.14)', () => {
  it('reads the variant from ?accountLoading=, in its names and readable aliases', () => {
    expect(parseAccountLoading('US')).toBe('US');
    expect(parseAccountLoading('brokerage')).toBe('US');
    expect(parseAccountLoading('TRADITIONAL_IRA')).toBe('TRADITIONAL_IRA');
    expect(parseAccountLoading('roth-ira')).toBe('ROTH_IRA');
    expect(parseAccountLoading('HIGH_YIELD')).toBeNull();
    expect(parseAccountLoading('')).toBeNull();
    expect(parseAccountLoading(null)).toBeNull();
  });

  it('says which account it is switching to', () => {
    expect(switchingMessage('US')).toBe('Switching to Brokerage...');
    expect(switchingMessage('TRADITIONAL_IRA')).toBe('Switching to Traditional IRA...');
    expect(switchingMessage('ROTH_IRA')).toBe('Switching to Roth IRA...');
  });

  it('sends a customer on a deposit, withdrawal or settings page to the portfolio, and leaves others where they are', () => {
    for (const path of [
      '/settings/v2/deposit',
      '/settings/deposit',
      '/settings/ira-deposit',
      '/high-yield/deposit',
      '/high-yield/withdraw',
      '/settings/v2/withdrawal',
      '/ira/withdrawal',
      '/settings/v2/transfers',
    ]) {
      expect(pathAfterSwitch(path)).toBe('/portfolio');
    }
    expect(pathAfterSwitch('/portfolio')).toBeNull();
    expect(pathAfterSwitch('/treasuries/education')).toBeNull();
  });

  it('adds the parameter for the loader and removes it afterwards, keeping the rest of the query', () => {
    expect(switchingAddress('/portfolio', '?tab=positions', 'ROTH_IRA')).toBe('/portfolio?tab=positions&accountLoading=ROTH_IRA');
    expect(addressAfterSwitch('/portfolio', '?tab=positions&accountLoading=ROTH_IRA', '#top')).toBe('/portfolio?tab=positions#top');
    expect(addressAfterSwitch('/portfolio', '?accountLoading=US')).toBe('/portfolio');
    expect(addressAfterSwitch('/settings/v2/deposit', '?accountLoading=US&destination=us')).toBe('/portfolio');
  });
});
