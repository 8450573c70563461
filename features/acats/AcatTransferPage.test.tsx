import { screen, waitFor } from '@testing-library/react';
import { configHandler } from '../../test/msw/handlers';
import { acatBackend, acatDraftFixture } from '../../test/msw/servicesHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_FLAGS } from '../../api/contract/values';
import { configApi } from '../../api/configApi';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import AcatTransferPage, { AcatTransferCopy } from './AcatTransferPage';
import { ACAT_MESSAGES } from './acatRules';

function setup(newerSettingsLayout: boolean) {
  mswServer.use(
    configHandler({ flags: { ...DEFAULT_FLAGS, newerSettingsLayout }, marketRestrictions: {} }),
    ...acatBackend([acatDraftFixture()]).handlers,
  );
  const store = signedInStore();
  void store.dispatch(configApi.endpoints.getConfig.initiate());
  return renderWithProviders(<AcatTransferPage />, { store, route: '/settings/acat-transfer' });
}

describe('/settings/acat-transfer', () => {
  it('shows the account-transfer section on its own page, under a heading, with the transfers', async () => {
    setup(false);
    expect(screen.getByRole('heading', { level: 1, name: AcatTransferCopy.title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: ACAT_MESSAGES.title })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Fidelity/ })).toBeInTheDocument();
  });

  it('the back link follows the settings layout', async () => {
    setup(false);
    await screen.findByRole('heading', { name: ACAT_MESSAGES.title });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: AcatTransferCopy.back })).toHaveAttribute('href', '/settings/funding-methods'),
    );
  });

  it('in the newer layout it leads back to Transfers', async () => {
    setup(true);
    await screen.findByRole('heading', { name: ACAT_MESSAGES.title });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: AcatTransferCopy.back })).toHaveAttribute('href', '/settings/v2/transfers'),
    );
  });
});
