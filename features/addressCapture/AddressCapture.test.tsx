import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ApiPaths, type Address } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { addressHandlers, addressSuggestionsHandler, verifyAddressHandler } from '../../test/msw/addressHandlers';
import { AddressCapture, type AddressCaptureProps } from './AddressCapture';

jest.setTimeout(20_000);

beforeEach(() => mswServer.use(...addressHandlers()));

function renderCapture(props: Partial<AddressCaptureProps> = {}) {
  const onSubmit = jest.fn<Promise<void>, [Address]>(async () => undefined);
  const utils = renderWithProviders(<AddressCapture onSubmit={onSubmit} {...props} />);
  return { ...utils, onSubmit };
}

async function typeManually(
  user: UserEvent,
  { street, apartment = '', city, state, zip }: { street: string; apartment?: string; city: string; state: string; zip: string },
) {
  await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
  await user.type(screen.getByLabelText('Street address'), street);
  if (apartment) await user.type(screen.getByLabelText('Apartment, suite, etc. (optional)'), apartment);
  await user.type(screen.getByLabelText('City'), city);
  await user.type(screen.getByLabelText('State'), state);
  await user.type(screen.getByLabelText('ZIP code'), zip);
}

const address = (overrides: Partial<Address> = {}): Address => ({
  address1: '1427 S Walnut St',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zipcode: '62704',
  country: 'USA',
  ...overrides,
});

describe('search mode (autocomplete)', () => {
  it('is a labelled combobox; suggestions are debounced: one request for what was typed', async () => {
    const queries: string[] = [];
    mswServer.use(addressSuggestionsHandler(undefined, (query) => queries.push(query)));
    const { user } = renderCapture();
    const search = screen.getByRole('combobox', { name: 'Search for your address' });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.type(search, '1427 walnut');
    const listbox = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(within(listbox).getByRole('option', { name: /1427 S Walnut St/ })).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(queries).toEqual(['1427 walnut']);
  });

  it('shows at most 5 suggestions', async () => {
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), '1 st');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
  });

  it('never lists more than 5, even if more came back', async () => {
    const seven = Array.from({ length: 7 }, (_, index) => ({
      placeId: `p${index}`,
      description: `${index + 1} Main St, Springfield, IL 62704, USA`,
      mainText: `${index + 1} Main St`,
      secondaryText: 'Springfield, IL 62704, USA',
    }));
    mswServer.use(http.post(`${API_ORIGIN}${ApiPaths.addressAutocomplete}`, () => HttpResponse.json({ suggestions: seven })));
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), 'main st');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
  });

  it('keyboard: arrows move the active option, Enter picks it; the form is filled and the apartment field focused', async () => {
    const { user, onSubmit } = renderCapture();
    const search = screen.getByRole('combobox');
    await user.type(search, '1427 walnut spring');
    await screen.findByRole('option', { name: /1427 S Walnut St/ });
    await user.keyboard('{ArrowDown}');
    const option = screen.getByRole('option', { name: /1427 S Walnut St/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Street address')).toHaveValue('1427 S Walnut St');
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('State')).toHaveValue('IL');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('62704');
    await waitFor(() => expect(screen.getByLabelText('Apartment, suite, etc. (optional)')).toHaveFocus());
    // Then verification accepts it (a confirmed, residential, exact match).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(address()));
  });

  it('Escape closes the list without picking', async () => {
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), '1427 walnut');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing matches, and is US only', async () => {
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), 'queen st toronto');
    expect(await screen.findByText('No US addresses match. Check the spelling or enter your address manually.')).toBeInTheDocument();
  });

  it('a places result without street, city, state and zip shows the not-proper-address dialog', async () => {
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), 'broadway new york');
    await user.click(await screen.findByRole('option', { name: /^Broadway/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a full street address' });
    expect(within(dialog).getByText(/not a complete address/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter address manually' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveValue('Broadway');
    expect(screen.getByLabelText('City')).toHaveValue('New York');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('tells the customer to enter the address manually when search is unavailable', async () => {
    mswServer.use(addressSuggestionsHandler('unavailable'));
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), '1427 walnut');
    expect(await screen.findByText(/Address search is unavailable right now/)).toBeInTheDocument();
  });

  it('search unavailable: Try again asks again for what is typed, which stays in the field', async () => {
    const queries: string[] = [];
    let down = true;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.addressAutocomplete}`, async ({ request }) => {
        queries.push(((await request.json()) as { query: string }).query);
        if (down) return HttpResponse.json({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }, { status: 500 });
        return HttpResponse.json({
          suggestions: [
            {
              placeId: 'walnut',
              description: '1427 S Walnut St, Springfield, IL, USA',
              mainText: '1427 S Walnut St',
              secondaryText: 'Springfield, IL, USA',
            },
          ],
        });
      }),
    );
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), '1427 walnut');
    await screen.findByText(/Address search is unavailable right now/);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /1427 S Walnut St/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('1427 walnut');
    expect(queries).toEqual(['1427 walnut', '1427 walnut']);
  });

  it('a place lookup that fails says so, and its Try again looks the same suggestion up again', async () => {
    let down = true;
    let lookups = 0;
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.addressPlace}`, () => {
        lookups += 1;
        if (down) return HttpResponse.error();
        return undefined;
      }),
      ...addressHandlers(),
    );
    const { user } = renderCapture();
    await user.type(screen.getByRole('combobox'), '1427 walnut');
    await user.click(await screen.findByRole('option', { name: /1427 S Walnut St/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not look up that address. Try again or enter it manually.');
    expect(lookups).toBe(1);
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Street address')).toHaveValue('1427 S Walnut St');
    expect(lookups).toBe(2);
  });
});

describe('manual mode (section 5)', () => {
  it('Next stays disabled until every field but the apartment is valid; state and zip are kept to their form', async () => {
    const { user } = renderCapture({ initialMode: 'manual' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Street address'), '1427 S Walnut St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('State'), 'i1l!');
    expect(screen.getByLabelText('State')).toHaveValue('IL');
    await user.type(screen.getByLabelText('ZIP code'), '627a04-99');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('62704');
    await waitFor(() => expect(next).toBeEnabled());
    await user.clear(screen.getByLabelText('City'));
    await user.tab();
    expect(await screen.findByText('Please enter your city')).toBeInTheDocument();
    expect(next).toBeDisabled();
  });

  it('30 characters at most (the field stops there)', async () => {
    const { user } = renderCapture({ initialMode: 'manual' });
    await user.type(screen.getByLabelText('Street address'), 'x'.repeat(40));
    expect(screen.getByLabelText('Street address')).toHaveValue('x'.repeat(30));
    expect(screen.getByLabelText('Country')).toHaveValue('United States (USA)');
  });

  it('manual entry from search starts empty: the apartment line of the address on file does not carry into a new address', async () => {
    const { user } = renderCapture({
      initialMode: 'search',
      initialAddress: { address1: '1427 S Walnut St', address2: 'Apt 4B', city: 'Springfield', state: 'IL', zipcode: '62704' },
    });
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    expect(screen.getByLabelText('Street address')).toHaveValue('');
    expect(screen.getByLabelText('Apartment, suite, etc. (optional)')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('');
  });

  it('starts in manual mode with a complete prefill', () => {
    renderCapture({ initialAddress: { address1: '1427 S Walnut St', city: 'Springfield', state: 'IL', zipcode: '62704' } });
    expect(screen.getByLabelText('Street address')).toHaveValue('1427 S Walnut St');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('verification outcomes (4.8)', () => {
  it('a PO box shows the not-residential dialog; Re-enter this address keeps what was typed', async () => {
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: 'PO Box 1234', city: 'Springfield', state: 'IL', zip: '62701' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("We couldn't verify that this is a residential address.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use another address' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Re-enter this address' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveValue('PO Box 1234');
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Use another address clears the form and goes back to search', async () => {
    const { user } = renderCapture();
    await typeManually(user, { street: 'P.O. Box 77', city: 'Austin', state: 'TX', zip: '78767' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Use another address' }));
    expect(await screen.findByRole('combobox')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    expect(screen.getByLabelText('Street address')).toHaveValue('');
  });

  it('several candidates: the picker reads "Select the correct address." and the choice is used', async () => {
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: '1 Rosedale St', city: 'Baltimore', state: 'MD', zip: '21229' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const picker = await screen.findByRole('group', { name: 'Select the correct address.' });
    const choices = within(picker).getAllByRole('radio');
    expect(choices).toHaveLength(3);
    expect(within(picker).getByText('1 N Rosedale St, Baltimore, MD 21229')).toBeInTheDocument();
    expect(within(picker).getByText('1 Rosedale St, Baltimore, MD 21229')).toBeInTheDocument();
    await user.click(within(picker).getByRole('radio', { name: /1 S Rosedale St/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(address({ address1: '1 S Rosedale St', city: 'Baltimore', state: 'MD', zipcode: '21229' })),
    );
  });

  it('a suggested address is offered when the one candidate differs from what was typed', async () => {
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: '1427 South Walnut Street', city: 'Springfield', state: 'IL', zip: '62704' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const picker = await screen.findByRole('group', { name: 'Select the correct address.' });
    expect(within(picker).getByRole('radio', { name: /Suggested/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(address()));
  });

  it('Edit address from the picker goes back to the form', async () => {
    const { user } = renderCapture();
    await typeManually(user, { street: '1427 South Walnut Street', city: 'Springfield', state: 'IL', zip: '62704' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Edit address' }));
    expect(screen.getByLabelText('Street address')).toHaveValue('1427 South Walnut Street');
  });

  it('a building that needs a unit: without an apartment line the apartment field gets focus', async () => {
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: '200 E 89th St', city: 'New York', state: 'NY', zip: '10128' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const apartment = screen.getByLabelText('Apartment, suite, etc. (optional)');
    await waitFor(() => expect(apartment).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(/Add your apartment, suite or unit number/);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(apartment, 'Apt 12B');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        address({ address1: '200 E 89th St', address2: 'Apt 12B', city: 'New York', state: 'NY', zipcode: '10128' }),
      ),
    );
  });

  it('with an apartment line, the same footnote shows the dialog', async () => {
    const { user } = renderCapture();
    await typeManually(user, { street: '9999 S Walnut St', apartment: 'Apt 1', city: 'Springfield', state: 'IL', zip: '62704' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("We couldn't verify that this is a residential address.")).toBeInTheDocument();
  });

  it('if verification fails, the typed address is used', async () => {
    mswServer.use(verifyAddressHandler('unavailable'));
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: '12 Nowhere  Lane', city: 'Smallville', state: 'ks', zip: '66002' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(address({ address1: '12 Nowhere Lane', city: 'Smallville', state: 'KS', zipcode: '66002' })),
    );
  });

  it('the sandbox ZIP 00000 makes verification fail end to end: the typed address is used', async () => {
    const { user, onSubmit } = renderCapture();
    await typeManually(user, { street: '12 Main Street', city: 'Springfield', state: 'IL', zip: '00000' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(address({ address1: '12 Main Street', zipcode: '00000' })));
  });
});
