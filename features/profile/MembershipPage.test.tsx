import { screen, within } from '@testing-library/react';
import { DEFAULT_FLAGS } from '../../api/contract';
import { configApi } from '../../api/configApi';
import { configHandler } from '../../test/msw/handlers';
import { profileBackend, profileDownHandlers } from '../../test/msw/profileHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import MembershipPage from './MembershipPage';

jest.setTimeout(20_000);

describe('MembershipPage', () => {
  it('shows the plan and what each includes, with the match percents of the flags', async () => {
    mswServer.use(
      ...profileBackend().handlers,
      configHandler({ flags: { ...DEFAULT_FLAGS, iraMatchPercent: 3, brokerageMatchPercent: 2 }, marketRestrictions: {} }),
    );
    const { store } = renderWithProviders(<MembershipPage />);
    await store.dispatch(configApi.endpoints.getConfig.initiate());
    const basic = await screen.findByRole('region', { name: 'Basic' });
    expect(within(basic).getByText('Current plan')).toBeInTheDocument();
    expect(within(basic).getByText('Free')).toBeInTheDocument();
    expect(within(basic).getByText('3% match on IRA contributions')).toBeInTheDocument();
    expect(within(basic).queryByText(/match on brokerage deposits/)).toBeNull();
    const premium = screen.getByRole('region', { name: 'Premium' });
    expect(within(premium).getByText('$5.00 a month')).toBeInTheDocument();
    expect(within(premium).getByText('2% match on brokerage deposits')).toBeInTheDocument();
  });

  it('upgrades after confirming in a dialog, and the server stores the plan', async () => {
    const backend = profileBackend();
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<MembershipPage />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Premium?' });
    expect(within(dialog).getByText(/costs \$5\.00 a month/)).toBeInTheDocument();
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.state.membership.plan).toBe('BASIC');

    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Upgrade to Premium?' })).getByRole('button', { name: 'Confirm upgrade' }));
    expect(await screen.findByText('You are on Premium now.')).toBeInTheDocument();
    expect(backend.state.membership.plan).toBe('PREMIUM');
    expect(within(screen.getByRole('region', { name: 'Premium' })).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to Basic' })).toBeInTheDocument();
  });

  it('downgrading lists what is lost', async () => {
    mswServer.use(...profileBackend({ membership: { plan: 'PREMIUM', changedAt: '2026-01-01T00:00:00Z' } }).handlers);
    const { user } = renderWithProviders(<MembershipPage />);
    await user.click(await screen.findByRole('button', { name: 'Switch to Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Basic?' });
    expect(within(dialog).getByText('Professional research reports')).toBeInTheDocument();
    expect(within(dialog).queryByText(/match on IRA contributions/)).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    mswServer.use(...profileDownHandlers());
    renderWithProviders(<MembershipPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your membership");
  });
});
