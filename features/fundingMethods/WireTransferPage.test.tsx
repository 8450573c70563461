import { screen, within } from '@testing-library/react';
import { mswServer } from '../../test/msw/server';
import { wireInstructionsFixture, wireInstructionsHandler } from '../../test/msw/fundingHandlers';
import { renderFunding } from './fundingTestUtils';
import WireTransferPage, { WIRE_TEXT } from './WireTransferPage';

describe('Wire transfer page', () => {
  it('shows the instructions with copy buttons and the timing when the application is COMPLETE', async () => {
    mswServer.use(wireInstructionsHandler());
    const { user } = renderFunding(<WireTransferPage />, { route: '/settings/v2/wire-transfer' });
    expect(await screen.findByText(wireInstructionsFixture().beneficiaryAccountNumber)).toBeInTheDocument();
    expect(screen.getByText(/within 1 business day/)).toBeInTheDocument();
    // user-event puts its own clipboard on the navigator at setup; watch it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy Routing number (ABA)' }));
    expect(writeText).toHaveBeenCalledWith('071000013');
    expect(await screen.findByText('Routing number (ABA) copied')).toBeInTheDocument();
  });

  it('explains, without instructions, when the application is not COMPLETE', async () => {
    renderFunding(<WireTransferPage />, { route: '/settings/wire-transfer', applicationStatus: 'PENDING' });
    const section = screen.getByRole('region', { name: 'Wire instructions' });
    expect(within(section).getByText(WIRE_TEXT.notOffered)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Finish application' })).toHaveAttribute('href', '/setup-investing');
    expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });
});
