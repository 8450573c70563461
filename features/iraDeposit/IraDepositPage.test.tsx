import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import { accountFixture } from '../../test/fixtures';
import { contributionsFixture, iraConfigHandler, iraContributionsHandler, userPropertiesBackend } from '../../test/msw/iraHandlers';
import IraDepositPage, { returnPath } from './IraDepositPage';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('IraDepositPage', () => {
  it('returns to the origin when it is one of our paths, else to the portfolio', () => {
    expect(returnPath('/settings/v2/transfers')).toBe('/settings/v2/transfers');
    expect(returnPath(null)).toBe('/portfolio');
    expect(returnPath('https://evil.example')).toBe('/portfolio');
    expect(returnPath('//evil.example')).toBe('/portfolio');
  });

  it('picks the IRA from ?account= and returns to ?origin= when dismissed', async () => {
    mswServer.use(
      accountsHandler([
        accountFixture({ accountUuid: 'uuid-trad', account: '482139076', variant: 'TRADITIONAL_IRA' }),
        accountFixture({ accountUuid: 'uuid-roth', account: '482139077', variant: 'ROTH_IRA' }),
      ]),
      paymentMethodsHandler(),
      iraContributionsHandler(() => contributionsFixture()),
      iraConfigHandler(),
      ...userPropertiesBackend({ iraMatchWelcomeSeen: true }).handlers,
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/settings/ira-deposit" element={<IraDepositPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/settings/ira-deposit?account=39077&origin=/settings/v2/transfers' },
    );
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveValue('uuid-roth'));
    expect(screen.getByRole('heading', { level: 1, name: 'IRA deposit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/settings/v2/transfers');
  });
});
