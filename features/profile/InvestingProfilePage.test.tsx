import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { investingProfileFixture, profileBackend, profileDownHandlers } from '../../test/msw/profileHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import InvestingProfilePage from './InvestingProfilePage';

jest.setTimeout(20_000);

describe('InvestingProfilePage', () => {
  it('shows the saved answers read-only', async () => {
    mswServer.use(...profileBackend({ investing: { profile: investingProfileFixture(), updatedAt: '2026-03-02T15:00:00Z' } }).handlers);
    renderWithProviders(<InvestingProfilePage />, { route: '/settings/v2/investing-profile' });
    expect(screen.getByRole('heading', { level: 1, name: 'Investing profile' })).toBeInTheDocument();
    expect(await screen.findByText('Grow my money')).toBeInTheDocument();
    expect(screen.getByText('High: I accept large swings for higher returns')).toBeInTheDocument();
    expect(screen.getByText('$100,000 to $199,999')).toBeInTheDocument();
    expect(screen.getByText('Last updated Mar 2, 2026')).toBeInTheDocument();
  });

  it('answers the questions for the first time and saves them', async () => {
    const backend = profileBackend();
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<InvestingProfilePage />);
    expect(await screen.findByText('No investing profile yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Answer the questions' }));
    // Nothing chosen: every question says so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save investing profile' }));
    expect(await screen.findAllByText('Please choose an answer')).toHaveLength(8);
    expect(backend.state.investing.profile).toBeNull();

    await user.selectOptions(screen.getByLabelText('Investment objective'), 'Generate income');
    await user.selectOptions(screen.getByLabelText('Risk tolerance'), 'Low: I want to avoid losses');
    await user.selectOptions(screen.getByLabelText('Time horizon'), '3 to 10 years');
    await user.selectOptions(screen.getByLabelText('Investment experience'), 'None');
    await user.selectOptions(screen.getByLabelText('Liquidity needs'), 'Somewhat important');
    await user.selectOptions(screen.getByLabelText('Annual income'), '$50,000 to $99,999');
    await user.selectOptions(screen.getByLabelText('Net worth'), '$50,000 to $99,999');
    await user.selectOptions(screen.getByLabelText('Liquid net worth'), 'Under $50,000');
    await user.click(screen.getByRole('button', { name: 'Save investing profile' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your investing profile was saved.');
    expect(backend.state.investing.profile).toEqual({
      investmentObjective: 'INCOME',
      riskTolerance: 'LOW',
      timeHorizon: 'AVERAGE',
      investmentExperience: 'NONE',
      liquidityNeeds: 'SOMEWHAT_IMPORTANT',
      annualIncome: 'FROM_50K_TO_100K',
      netWorth: 'FROM_50K_TO_100K',
      liquidNetWorth: 'UNDER_50K',
    });
    expect(await screen.findByText('Generate income')).toBeInTheDocument();
  });

  it('refuses a liquid net worth above the net worth on the field, before asking the server', async () => {
    const backend = profileBackend({ investing: { profile: investingProfileFixture(), updatedAt: null } });
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<InvestingProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit investing profile' }));
    await user.selectOptions(screen.getByLabelText('Liquid net worth'), '$5,000,000 or more');
    await user.click(screen.getByRole('button', { name: 'Save investing profile' }));
    const field = screen.getByLabelText('Liquid net worth');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Liquid net worth cannot be more than your total net worth'));
    expect(backend.state.investing.profile?.liquidNetWorth).toBe('FROM_100K_TO_250K');
  });

  it("shows the server's refusal and keeps the form", async () => {
    mswServer.use(...profileBackend({ investing: { profile: investingProfileFixture(), updatedAt: null } }).handlers);
    // Added later, so it answers first.
    mswServer.use(
      http.put(`${API_ORIGIN}${ApiPaths.profileInvestingProfile}`, () =>
        HttpResponse.json({ errorCode: 'INVESTING_PROFILE_INVALID', message: 'Something about your answers is off' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<InvestingProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit investing profile' }));
    await user.click(screen.getByRole('button', { name: 'Save investing profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your investing profile was not saved');
    expect(within(alert).getByText('Something about your answers is off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save investing profile' })).toBeInTheDocument();
  });

  it('a failed load offers a retry', async () => {
    mswServer.use(...profileDownHandlers());
    renderWithProviders(<InvestingProfilePage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your investing profile");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
