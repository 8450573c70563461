import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths, type AnalyticsEventsRequest, type ErrorBody } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { analyticsEventRecorded } from './analyticsSlice';
import { ANALYTICS_BATCH_SIZE, useAnalyticsFlush } from './useAnalyticsFlush';

function Flusher() {
  useAnalyticsFlush(10);
  return null;
}

function captureAnalytics(status = 202) {
  const batches: AnalyticsEventsRequest[] = [];
  mswServer.use(
    http.post(`${API_ORIGIN}${ApiPaths.analyticsEvents}`, async ({ request }) => {
      batches.push((await request.json()) as AnalyticsEventsRequest);
      return status === 202
        ? new HttpResponse(null, { status })
        : HttpResponse.json<ErrorBody>({ errorCode: 'INTERNAL_ERROR', message: 'Try again.' }, { status });
    }),
  );
  return batches;
}

describe('analytics flush', () => {
  it('sends recorded events to the server once and marks them sent', async () => {
    const batches = captureAnalytics();
    const { store } = renderWithProviders(<Flusher />);
    act(() => {
      store.dispatch(analyticsEventRecorded('bank_link_edit', { step: 'number-bank-verification' }));
      store.dispatch(analyticsEventRecorded('bank_link_cancel', { step: 'partner-link' }));
    });
    await waitFor(() => expect(store.getState().analytics.sentCount).toBe(2));
    expect(batches).toHaveLength(1);
    expect(batches[0].events.map((event) => event.name)).toEqual(['bank_link_edit', 'bank_link_cancel']);
    // The log stays in the store for DevTools and support exports.
    expect(store.getState().analytics.log).toHaveLength(2);
  });

  it('sends a long log in batches the server accepts', async () => {
    const batches = captureAnalytics();
    const { store } = renderWithProviders(<Flusher />);
    act(() => {
      for (let i = 0; i < ANALYTICS_BATCH_SIZE + 5; i += 1) store.dispatch(analyticsEventRecorded('fallback_page_view', { i }));
    });
    await waitFor(() => expect(store.getState().analytics.sentCount).toBe(ANALYTICS_BATCH_SIZE + 5));
    expect(batches.map((batch) => batch.events.length)).toEqual([ANALYTICS_BATCH_SIZE, 5]);
  });

  it('keeps events the server did not take, and sends them with the next event', async () => {
    const failed = captureAnalytics(500);
    const { store } = renderWithProviders(<Flusher />);
    act(() => {
      store.dispatch(analyticsEventRecorded('bank_link_cancel'));
    });
    await waitFor(() => expect(failed).toHaveLength(1));
    expect(store.getState().analytics.sentCount).toBe(0);

    const batches = captureAnalytics();
    act(() => {
      store.dispatch(analyticsEventRecorded('bank_link_edit'));
    });
    await waitFor(() => expect(store.getState().analytics.sentCount).toBe(2));
    expect(batches[0].events.map((event) => event.name)).toEqual(['bank_link_cancel', 'bank_link_edit']);
  });
});
