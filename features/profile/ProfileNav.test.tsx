import { screen, within } from '@testing-library/react';
import { DEFAULT_FLAGS } from '../../api/contract';
import { configHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { configApi } from '../../api/configApi';
import { ProfileNav } from './ProfileNav';

const SIX = ['Personal info', 'Investing profile', 'Trusted contact', 'Beneficiaries', 'Account info', 'Membership'];

describe('ProfileNav', () => {
  it('links the six profile pages under /settings/v2 with the newer-settings flag, the current one marked', async () => {
    const { store } = renderWithProviders(<ProfileNav />, { route: '/settings/v2/trusted-contact' });
    await store.dispatch(configApi.endpoints.getConfig.initiate());
    const nav = screen.getByRole('navigation', { name: 'Profile settings' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SIX);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/v2/personal-info',
      '/settings/v2/investing-profile',
      '/settings/v2/trusted-contact',
      '/settings/v2/beneficiaries',
      '/settings/v2/account-info',
      '/settings/v2/membership',
    ]);
    expect(within(nav).getByRole('link', { name: 'Trusted contact' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Membership' })).not.toHaveAttribute('aria-current');
  });

  it('links the older /settings paths when the flag is off', async () => {
    mswServer.use(configHandler({ flags: { ...DEFAULT_FLAGS, newerSettingsLayout: false }, marketRestrictions: {} }));
    const { store } = renderWithProviders(<ProfileNav />, { route: '/settings/membership' });
    await store.dispatch(configApi.endpoints.getConfig.initiate());
    const nav = await screen.findByRole('navigation', { name: 'Profile settings' });
    expect(await within(nav).findByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/settings/membership');
    expect(within(nav).getByRole('link', { name: 'Membership' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Beneficiaries' })).toHaveAttribute('href', '/settings/beneficiaries');
  });
});
