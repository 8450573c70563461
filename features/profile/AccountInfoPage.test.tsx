import { screen, waitFor, within } from '@testing-library/react';
import { accountsHandler } from '../../test/msw/handlers';
import { accountFixture } from '../../test/fixtures';
import { accountInfoFixture, profileBackend, profileDownHandlers } from '../../test/msw/profileHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import AccountInfoPage from './AccountInfoPage';

describe('AccountInfoPage', () => {
  it('shows the legal name, email and each account with its masked number and owners', async () => {
    const info = accountInfoFixture();
    info.accounts.push({
      accountUuid: 'uuid-joint',
      variant: 'US',
      displayName: 'Joint brokerage',
      status: 'PENDING',
      accountNumberLast4: '0984',
      openedOn: '2024-05-18',
      registration: 'JOINT',
      owners: [
        { name: 'Priya Patel', role: 'OWNER' },
        { name: 'Arjun Patel', role: 'JOINT_OWNER' },
      ],
    });
    mswServer.use(...profileBackend({ accountInfo: info }).handlers);
    renderWithProviders(<AccountInfoPage />);
    const you = await screen.findByRole('region', { name: 'You' });
    expect(within(you).getByText('Alex Morgan')).toBeInTheDocument();
    expect(within(you).getByText('alex@fundflow.test')).toBeInTheDocument();

    const brokerage = screen.getByRole('region', { name: 'Brokerage' });
    expect(within(brokerage).getByText('•••• 2345')).toBeInTheDocument();
    expect(within(brokerage).getByText('Open')).toBeInTheDocument();
    expect(within(brokerage).getByText('March 14, 2024')).toBeInTheDocument();
    expect(within(brokerage).getByText('Individual')).toBeInTheDocument();

    const joint = screen.getByRole('region', { name: 'Joint brokerage' });
    expect(within(joint).getByText('Joint tenants with rights of survivorship')).toBeInTheDocument();
    expect(within(joint).getByText('Pending review')).toBeInTheDocument();
    expect(within(joint).getByText('Arjun Patel')).toBeInTheDocument();
    expect(within(joint).getByText('Joint owner')).toBeInTheDocument();
    // The whole number is nowhere on the page.
    expect(document.body.textContent).not.toContain('5XY12345');
  });

  it('copies the whole account number while showing its last four digits', async () => {
    mswServer.use(...profileBackend().handlers, accountsHandler([accountFixture({ accountUuid: 'uuid-brokerage', account: '5XY12345' })]));
    const { user } = renderWithProviders(<AccountInfoPage />);
    // user-event installs its clipboard stub at setup; watch what the page writes to it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    const button = await screen.findByRole('button', { name: 'Copy account number ending in 2345' });
    expect(screen.getByText('•••• 2345')).toBeInTheDocument();
    // Enabled once the accounts call (which holds the whole number) has answered.
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Account number copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('5XY12345');
  });

  it('a failed load offers a retry', async () => {
    mswServer.use(...profileDownHandlers());
    renderWithProviders(<AccountInfoPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your account info");
  });
});
