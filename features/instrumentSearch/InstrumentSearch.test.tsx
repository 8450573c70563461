import { screen, waitFor, within } from '@testing-library/react';
import { searchBackend, type SearchBackendOptions } from '../../test/msw/servicesHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import InstrumentSearch, { SearchMessages, type InstrumentSearchProps } from './InstrumentSearch';

function setup(options: SearchBackendOptions = {}, props: InstrumentSearchProps = {}) {
  const backend = searchBackend(options);
  mswServer.use(backend.handler);
  const rendered = renderWithProviders(<InstrumentSearch {...props} />, { store: signedInStore() });
  const input = screen.getByRole('combobox', { name: SearchMessages.label });
  return { ...rendered, backend, input };
}

describe('InstrumentSearch', () => {
  it('is a labelled combobox that searches once after typing stops (debounced), showing the first page', async () => {
    const { user, input, backend } = setup();
    await user.type(input, 'apex');
    const listbox = await screen.findByRole('listbox', { name: SearchMessages.label });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(20));
    // One request for the whole word, not one per keystroke.
    expect(backend.requests).toEqual([{ query: 'apex', pageNumber: 0, pageSize: 20, includeCrypto: false }]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByRole('status')).toHaveTextContent('20 of 45 results');
  });

  it('Load more fetches the next pages and appends them until there are no more', async () => {
    const { user, input, backend } = setup();
    await user.type(input, 'apex');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: SearchMessages.loadMore }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: SearchMessages.loadMore }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: SearchMessages.loadMore })).toBeNull();
    expect(backend.requests.map((r) => r.pageNumber)).toEqual([0, 1, 2]);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('A44Apex Holdings 44');
  });

  it('arrow keys move the active option and Enter picks it', async () => {
    const onSelect = jest.fn();
    const { user, input } = setup({}, { onSelect });
    await user.type(input, 'apex');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ symbol: 'A01', name: 'Apex Holdings 1', type: 'STOCK', exchange: 'NASDAQ' });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveValue('');
  });

  it('Escape closes the list', async () => {
    const { user, input } = setup();
    await user.type(input, 'apex');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzz');
    expect(await screen.findByText(SearchMessages.noResults('zzz'))).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('a failed search shows an alert with Try again, which searches again', async () => {
    const { user, input, backend } = setup({ failWith: 500 });
    await user.type(input, 'apex');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SearchMessages.failed);
    const before = backend.requests.length;
    await user.click(within(alert).getByRole('button', { name: SearchMessages.retry }));
    await waitFor(() => expect(backend.requests.length).toBeGreaterThan(before));
  });

  it('asks for crypto only when told to', async () => {
    const { user, input, backend } = setup({}, { includeCrypto: true });
    await user.type(input, 'apex');
    await waitFor(() => expect(backend.requests).toHaveLength(1));
    expect(backend.requests[0].includeCrypto).toBe(true);
  });
});

describe('HeaderSearch', () => {
  it('loads the search on first focus and keeps focus and what was typed', async () => {
    const backend = searchBackend();
    mswServer.use(backend.handler);
    const { default: HeaderSearch } = await import('./HeaderSearch');
    const { user } = renderWithProviders(<HeaderSearch />, { store: signedInStore() });
    expect(backend.requests).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: SearchMessages.label }));
    await user.keyboard('apex');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(screen.getByRole('combobox', { name: SearchMessages.label })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: SearchMessages.label })).toHaveValue('apex');
  });
});
