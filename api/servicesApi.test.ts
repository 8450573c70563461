import { waitFor } from '@testing-library/react';
import { signedInStore } from '../test/renderWithProviders';
import { acatBackend, acatDraftFixture, searchBackend } from '../test/msw/servicesHandlers';
import { mswServer } from '../test/msw/server';
import { servicesApi } from './servicesApi';

// The service endpoints against MSW with a fresh store: which lists refetch after which mutation, and how the
// infinite search query pages.

describe('servicesApi', () => {
  it('submitting or deleting a draft refetches the drafts list (tags from the argument)', async () => {
    const backend = acatBackend([acatDraftFixture({ id: 'd1', readyToSubmit: true, problems: [] }), acatDraftFixture({ id: 'd2' })]);
    mswServer.use(...backend.handlers);
    const store = signedInStore();
    const list = store.dispatch(servicesApi.endpoints.getAcatDrafts.initiate());
    await list.unwrap();
    expect(backend.calls.list).toBe(1);

    const submitted = await store.dispatch(servicesApi.endpoints.submitAcatDraft.initiate('d1')).unwrap();
    expect(submitted.progress).toBe('SUBMITTED');
    await waitFor(() => expect(backend.calls.list).toBe(2));

    await store.dispatch(servicesApi.endpoints.deleteAcatDraft.initiate('d2')).unwrap();
    await waitFor(() => expect(backend.calls.list).toBe(3));
    await waitFor(() =>
      expect(
        servicesApi.endpoints.getAcatDrafts
          .select()(store.getState())
          .data?.map((d) => d.id),
      ).toEqual(['d1']),
    );
    list.unsubscribe();
  });

  it('the search pages from 0 and stops when the server says there is no more', async () => {
    const backend = searchBackend();
    mswServer.use(backend.handler);
    const store = signedInStore();
    const arg = { query: 'apex' };
    const search = store.dispatch(servicesApi.endpoints.searchInstruments.initiate(arg));
    await search.unwrap();
    await store.dispatch(servicesApi.endpoints.searchInstruments.initiate(arg, { direction: 'forward' })).unwrap();
    const last = await store.dispatch(servicesApi.endpoints.searchInstruments.initiate(arg, { direction: 'forward' })).unwrap();
    expect(last.pages.map((page) => page.instruments.length)).toEqual([20, 20, 5]);
    expect(last.pageParams).toEqual([0, 1, 2]);
    expect(backend.requests.map((r) => r.pageNumber)).toEqual([0, 1, 2]);
    search.unsubscribe();
  });
});
