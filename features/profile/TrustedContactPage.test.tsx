import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import { API_ORIGIN } from '../../test/msw/handlers';
import { profileBackend, profileDownHandlers } from '../../test/msw/profileHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import TrustedContactPage from './TrustedContactPage';

jest.setTimeout(20_000);

const jamie = {
  id: 'contact-1',
  firstName: 'Jamie',
  lastName: 'Morgan',
  relationship: 'SIBLING' as const,
  email: 'jamie.morgan@example.com',
  phone: '4155550132',
  address: null,
  updatedAt: '2026-03-02T15:00:00Z',
};

describe('TrustedContactPage', () => {
  it('explains what a trusted contact is and shows the one on file', async () => {
    mswServer.use(...profileBackend({ trustedContact: jamie }).handlers);
    renderWithProviders(<TrustedContactPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'What is a trusted contact?' })).toBeInTheDocument();
    expect(screen.getByText(/FINRA Rule 4512/)).toBeInTheDocument();
    expect(await screen.findByText('Jamie Morgan')).toBeInTheDocument();
    expect(screen.getByText('Sibling')).toBeInTheDocument();
    expect(screen.getByText('(415) 555-0132')).toBeInTheDocument();
  });

  it('adds a contact: email or phone is required, then it is saved and shown', async () => {
    const backend = profileBackend();
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<TrustedContactPage />);
    await user.click(await screen.findByRole('button', { name: 'Add trusted contact' }));
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.selectOptions(screen.getByLabelText('Relationship to you'), 'Friend');
    await user.click(screen.getByRole('button', { name: 'Save trusted contact' }));
    expect(await screen.findByText('Please enter an email address or a phone number (or both)')).toBeInTheDocument();
    expect(backend.state.trustedContact).toBeNull();

    await user.type(screen.getByLabelText('Phone'), '312 555 01');
    await user.click(screen.getByRole('button', { name: 'Save trusted contact' }));
    expect(await screen.findByText('Please enter a 10-digit US phone number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '77');

    await user.click(screen.getByRole('checkbox', { name: 'Add a mailing address (optional)' }));
    await user.type(screen.getByLabelText('Street address'), '88 King St');
    await user.type(screen.getByLabelText('City'), 'San Francisco');
    await user.type(screen.getByLabelText('State'), 'ca');
    expect(screen.getByLabelText('State')).toHaveValue('CA');
    await user.type(screen.getByLabelText('ZIP code'), '94107');
    await user.click(screen.getByRole('button', { name: 'Save trusted contact' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your trusted contact was saved.');
    expect(backend.state.trustedContact).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      relationship: 'FRIEND',
      email: null,
      phone: '3125550177',
      address: { address1: '88 King St', address2: null, city: 'San Francisco', state: 'CA', zipcode: '94107', country: 'USA' },
    });
    expect(await screen.findByText('88 King St, San Francisco, CA 94107')).toBeInTheDocument();
  });

  it('removes the contact after confirming in a dialog', async () => {
    const backend = profileBackend({ trustedContact: jamie });
    mswServer.use(...backend.handlers);
    const { user } = renderWithProviders(<TrustedContactPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove trusted contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove trusted contact?' });
    expect(within(dialog).getByText(/Jamie Morgan will no longer be your trusted contact/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your trusted contact was removed.')).toBeInTheDocument();
    expect(await screen.findByText('No trusted contact yet')).toBeInTheDocument();
    expect(backend.state.trustedContact).toBeNull();
  });

  it('a removal whose answer was lost: the press again finds nothing on file and ends as removed, not as an error', async () => {
    const backend = profileBackend({ trustedContact: jamie });
    mswServer.use(...backend.handlers);
    mswServer.use(
      // The server removes the contact, then the connection drops before the answer arrives.
      http.delete(
        `${API_ORIGIN}${ApiPaths.profileTrustedContact}`,
        () => {
          backend.state.trustedContact = null;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { user } = renderWithProviders(<TrustedContactPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove trusted contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove trusted contact?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('We could not reach Fundflow. Check your connection and try again.')).toBeInTheDocument();
    // The customer presses Remove again: the server answers 404 TRUSTED_CONTACT_NOT_FOUND.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your trusted contact was removed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Remove trusted contact?' })).not.toBeInTheDocument();
    expect(screen.queryByText('You have no trusted contact on file.')).not.toBeInTheDocument();
    expect(await screen.findByText('No trusted contact yet')).toBeInTheDocument();
  });

  it('a failed load offers a retry', async () => {
    mswServer.use(...profileDownHandlers());
    renderWithProviders(<TrustedContactPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your trusted contact");
  });
});
