import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths, type Address } from '../../api/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN } from '../../test/msw/handlers';
import { addressHandlers, profileAddressHandler, updateProfileAddressHandler } from '../../test/msw/addressHandlers';
import ProfileAddressPage from './ProfileAddressPage';

jest.setTimeout(20_000);

const onFile: Address = {
  address1: '1450 Larkin St',
  address2: 'Apt 5',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94109',
  country: 'USA',
};

beforeEach(() => mswServer.use(...addressHandlers()));

describe('ProfileAddressPage', () => {
  it('shows the address on file', async () => {
    mswServer.use(profileAddressHandler(onFile));
    renderWithProviders(<ProfileAddressPage />, { route: '/settings/v2/personal-info' });
    expect(screen.getByRole('heading', { level: 1, name: 'Personal info' })).toBeInTheDocument();
    expect(await screen.findByText('1450 Larkin St, Apt 5, San Francisco, CA 94109')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change address' })).toBeInTheDocument();
  });

  it('without an address on file says so and offers to add one', async () => {
    mswServer.use(profileAddressHandler(null));
    renderWithProviders(<ProfileAddressPage />);
    expect(await screen.findByText('No home address on file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });

  it('a failed load shows an error with a retry', async () => {
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.profileAddress}`, () =>
        HttpResponse.json({ errorCode: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      ),
    );
    renderWithProviders(<ProfileAddressPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your address");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('changes the address through search and verification, then shows the new one', async () => {
    let stored: Address | null = onFile;
    const saved: Address[] = [];
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.profileAddress}`, () => HttpResponse.json({ address: stored })),
      updateProfileAddressHandler((address) => {
        saved.push(address);
        stored = address;
      }),
    );
    const { user } = renderWithProviders(<ProfileAddressPage />);
    await user.click(await screen.findByRole('button', { name: 'Change address' }));
    await user.type(screen.getByRole('combobox', { name: 'Search for your address' }), '1427 walnut');
    await user.click(await screen.findByRole('option', { name: /1427 S Walnut St/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save address' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Your address was updated.')).toBeInTheDocument();
    expect(saved).toEqual([
      { address1: '1427 S Walnut St', address2: null, city: 'Springfield', state: 'IL', zipcode: '62704', country: 'USA' },
    ]);
    expect(await screen.findByText('1427 S Walnut St, Springfield, IL 62704')).toBeInTheDocument();
  });

  it("a refused save shows 'Address update failed' with the server's reason and keeps the form", async () => {
    mswServer.use(
      profileAddressHandler(onFile),
      updateProfileAddressHandler(() => ({ status: 400, errorCode: 'ADDRESS_INVALID', message: 'Please enter your city' })),
    );
    const { user } = renderWithProviders(<ProfileAddressPage />);
    await user.click(await screen.findByRole('button', { name: 'Change address' }));
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    // A new address typed by hand starts empty (issue 18): nothing of the one on file carries into it.
    expect(screen.getByLabelText('Street address')).toHaveValue('');
    expect(screen.getByLabelText('Apartment, suite, etc. (optional)')).toHaveValue('');
    await user.type(screen.getByLabelText('Street address'), '1427 S Walnut St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('State'), 'IL');
    await user.type(screen.getByLabelText('ZIP code'), '62704');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Address update failed');
    expect(alert).toHaveTextContent('Please enter your city');
    expect(screen.getByRole('button', { name: 'Save address' })).toBeEnabled();
  });

  it('Cancel leaves the address as it was', async () => {
    mswServer.use(profileAddressHandler(onFile));
    const { user } = renderWithProviders(<ProfileAddressPage />);
    await user.click(await screen.findByRole('button', { name: 'Change address' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('1450 Larkin St, Apt 5, San Francisco, CA 94109')).toBeInTheDocument();
  });
});
