import { screen, within } from '@testing-library/react';
import { iraFixture, profileBackend, profileDownHandlers } from '../../test/msw/profileHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import BeneficiariesPage from './BeneficiariesPage';

jest.setTimeout(30_000);

const taylor = {
  id: 'b-1',
  tier: 'PRIMARY' as const,
  firstName: 'Taylor',
  lastName: 'Morgan',
  relationship: 'SPOUSE' as const,
  dateOfBirth: '1991-09-03',
  sharePercent: 100,
};

describe('BeneficiariesPage', () => {
  it('a customer without an IRA sees an empty state', async () => {
    mswServer.use(...profileBackend({ beneficiaries: [] }).handlers);
    renderWithProviders(<BeneficiariesPage />);
    expect(await screen.findByText('No IRA yet')).toBeInTheDocument();
  });

  it('lists each IRA with its primary and contingent beneficiaries, or says none are named', async () => {
    mswServer.use(
      ...profileBackend({
        beneficiaries: [
          iraFixture({ beneficiaries: [taylor] }),
          iraFixture({ accountUuid: 'uuid-roth', variant: 'ROTH_IRA', displayName: 'Roth IRA', accountNumberLast4: '9077' }),
        ],
      }).handlers,
    );
    renderWithProviders(<BeneficiariesPage />);
    const traditional = await screen.findByRole('region', { name: 'Traditional IRA •••• 9076' });
    expect(within(traditional).getByText('Taylor Morgan')).toBeInTheDocument();
    expect(within(traditional).getByText('100%')).toBeInTheDocument();
    const roth = screen.getByRole('region', { name: 'Roth IRA •••• 9077' });
    expect(within(roth).getByText('No beneficiaries named')).toBeInTheDocument();
  });

  it('adds a contingent beneficiary: shares must total 100 before anything is sent', async () => {
    const backend = profileBackend({ beneficiaries: [iraFixture({ beneficiaries: [taylor] })] });
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<BeneficiariesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit beneficiaries of Traditional IRA •••• 9076' }));
    await user.click(screen.getByRole('button', { name: 'Add contingent beneficiary' }));
    const person = screen.getByRole('group', { name: 'Contingent beneficiary 1' });
    await user.type(within(person).getByLabelText('First name'), 'Riley');
    await user.type(within(person).getByLabelText('Last name'), 'Morgan');
    await user.selectOptions(within(person).getByLabelText('Relationship'), 'Child');
    await user.type(within(person).getByLabelText('Date of birth'), '2019-05-12');
    await user.clear(within(person).getByLabelText('Share (%)'));
    await user.type(within(person).getByLabelText('Share (%)'), '60');
    expect(screen.getByText('Contingent total: 60% of 100%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save beneficiaries' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Contingent beneficiaries' shares must add up to 100% (now 60%)");
    expect(backend.state.beneficiaries[0].beneficiaries).toHaveLength(1);

    await user.clear(within(person).getByLabelText('Share (%)'));
    await user.type(within(person).getByLabelText('Share (%)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save beneficiaries' }));
    expect(await screen.findByText('Your beneficiaries were saved.')).toBeInTheDocument();
    expect(
      backend.state.beneficiaries[0].beneficiaries.map((b) => [b.id === 'b-1', b.tier, b.firstName, b.sharePercent, b.dateOfBirth]),
    ).toEqual([
      [true, 'PRIMARY', 'Taylor', 100, '1991-09-03'],
      [false, 'CONTINGENT', 'Riley', 100, '2019-05-12'],
    ]);
    expect(await screen.findByText('Riley Morgan')).toBeInTheDocument();
  });

  it('removes a beneficiary and splits the share between the others', async () => {
    const sam = { ...taylor, id: 'b-2', firstName: 'Sam', relationship: 'SIBLING' as const, sharePercent: 50 };
    const backend = profileBackend({ beneficiaries: [iraFixture({ beneficiaries: [{ ...taylor, sharePercent: 50 }, sam] })] });
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<BeneficiariesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit beneficiaries of Traditional IRA •••• 9076' }));
    await user.click(screen.getByRole('button', { name: 'Remove Primary beneficiary 2' }));
    const first = screen.getByRole('group', { name: 'Primary beneficiary 1' });
    await user.clear(within(first).getByLabelText('Share (%)'));
    await user.type(within(first).getByLabelText('Share (%)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save beneficiaries' }));
    expect(await screen.findByText('Your beneficiaries were saved.')).toBeInTheDocument();
    expect(backend.state.beneficiaries[0].beneficiaries.map((b) => [b.id, b.sharePercent])).toEqual([['b-1', 100]]);
  });

  it('a birth date in the future is refused on the field', async () => {
    mswServer.use(...profileBackend({ beneficiaries: [iraFixture()] }).handlers);
    const { user } = renderWithProviders(<BeneficiariesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit beneficiaries of Traditional IRA •••• 9076' }));
    await user.click(screen.getByRole('button', { name: 'Add primary beneficiary' }));
    const person = screen.getByRole('group', { name: 'Primary beneficiary 1' });
    expect(within(person).getByLabelText('Share (%)')).toHaveValue('100');
    // The day after the server's New York day (the unit suites' clock: Monday 2 March 2026), whatever the machine's date.
    await user.type(within(person).getByLabelText('Date of birth'), '2026-03-03');
    await user.click(screen.getByRole('button', { name: 'Save beneficiaries' }));
    expect(await within(person).findByText('Please enter a real date of birth (not in the future)')).toBeInTheDocument();
    expect(within(person).getByText('Please enter their first name')).toBeInTheDocument();
  });

  it('a failed load offers a retry', async () => {
    mswServer.use(...profileDownHandlers());
    renderWithProviders(<BeneficiariesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your beneficiaries");
  });
});
