import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { clockApi } from '../../api/clockApi';
import { ApiPaths, type MarketClock } from '../../api/contract';
import { makeStore } from '../../store/store';
import { API_ORIGIN, marketClockAt } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import {
  marketTodayFor,
  selectDepositStartingDate,
  selectFirstRecurringRun,
  selectMarketToday,
  selectRecurringStartDate,
  selectServerClockOffsetMs,
  useMarketToday,
} from './marketClock';
import { useMarketClock } from './useMarketClock';

/** A store whose server clock answered at `now`. */
async function storeAt(now: string) {
  mswServer.use(http.get(`${API_ORIGIN}${ApiPaths.clock}`, () => HttpResponse.json<MarketClock>(marketClockAt(now))));
  const store = makeStore();
  await store.dispatch(clockApi.endpoints.getMarketClock.initiate());
  return store;
}

describe("the app's today is the server's New York day", () => {
  it('is unknown until the server has answered', () => {
    expect(selectMarketToday(makeStore().getState())).toBeNull();
    expect(selectRecurringStartDate(makeStore().getState())).toBeNull();
  });

  it("is the server's New York day, not UTC's nor the browser's (10 pm on Thanksgiving in New York)", async () => {
    const store = await storeAt('2026-11-27T03:00:00Z');
    expect(selectMarketToday(store.getState())).toBe('2026-11-26');
  });

  it('is memoised: the same answer gives the same value without recomputing', async () => {
    const store = await storeAt('2026-11-26T15:00:00Z');
    const before = selectFirstRecurringRun(store.getState(), { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' });
    const recomputations = selectFirstRecurringRun.recomputations();
    store.dispatch({ type: 'unrelated/action' });
    expect(selectFirstRecurringRun(store.getState(), { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' })).toBe(before);
    expect(selectFirstRecurringRun.recomputations()).toBe(recomputations);
  });

  it('a recurring deposit starts tomorrow by the server: on Thanksgiving 2026, Friday 27 November', async () => {
    expect(selectRecurringStartDate((await storeAt('2026-11-26T15:00:00Z')).getState())).toBe('2026-11-27');
  });

  it("a schedule's first deposit is its first business day from tomorrow, moved off a holiday (set up the day before Thanksgiving)", async () => {
    const state = (await storeAt('2026-11-25T15:00:00Z')).getState();
    expect(selectFirstRecurringRun(state, { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' })).toEqual({
      date: '2026-11-27',
      nominalDate: '2026-11-26',
      movedReason: 'Thanksgiving Day',
    });
    expect(selectFirstRecurringRun(state, { frequency: 'DAILY' })).toEqual({
      date: '2026-11-27',
      nominalDate: '2026-11-27',
      movedReason: null,
    });
    expect(selectFirstRecurringRun(state, { frequency: 'MONTHLY', dayOfMonth: 28 })).toEqual({
      date: '2026-11-30',
      nominalDate: '2026-11-28',
      movedReason: 'Saturday',
    });
    expect(selectFirstRecurringRun(state, { frequency: 'ONE_TIME' })).toBeNull();
  });

  it("the review's Starting day: today for a one-time deposit, the first real run for a recurring one", async () => {
    const state = (await storeAt('2026-11-27T20:00:00Z')).getState(); // Friday after Thanksgiving
    expect(selectDepositStartingDate(state, { frequency: 'ONE_TIME' })).toBe('2026-11-27');
    // Tomorrow is Saturday: a daily schedule's first deposit is Monday.
    expect(selectDepositStartingDate(state, { frequency: 'DAILY' })).toBe('2026-11-30');
  });

  it("knows how far the server's clock is from the browser's, so a cancel deadline is judged by the server's time", async () => {
    expect(selectServerClockOffsetMs(makeStore().getState())).toBe(0);
    // A sandbox server started at Thanksgiving 2026 15:00Z, years away from the browser's clock.
    const store = await storeAt('2026-11-26T15:00:00Z');
    const offset = selectServerClockOffsetMs(store.getState());
    const serverNowSeenByBrowser = Date.now() + offset;
    expect(Math.abs(serverNowSeenByBrowser - Date.parse('2026-11-26T15:00:00Z'))).toBeLessThan(5_000);
  });

  it('a thunk asks the server when the store does not know the day yet', async () => {
    mswServer.use(http.get(`${API_ORIGIN}${ApiPaths.clock}`, () => HttpResponse.json<MarketClock>(marketClockAt('2027-07-04T16:00:00Z'))));
    const store = makeStore();
    expect(await marketTodayFor(store.dispatch, () => store.getState())).toBe('2027-07-04');
  });
});

describe('keeping the clock fresh', () => {
  function Today() {
    useMarketClock();
    return <p>{useMarketToday()}</p>;
  }

  it("asks again just after the server's New York midnight, and shows the new day", async () => {
    let calls = 0;
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.clock}`, () => {
        calls += 1;
        // Half a second before midnight in New York, then the next day.
        return HttpResponse.json<MarketClock>(marketClockAt(calls === 1 ? '2026-11-27T04:59:59.500Z' : '2026-11-27T05:00:02.500Z'));
      }),
    );
    render(
      <Provider store={makeStore()}>
        <Today />
      </Provider>,
    );
    expect(await screen.findByText('2026-11-26')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2026-11-27')).toBeInTheDocument(), { timeout: 5_000 });
    expect(calls).toBe(2);
  });
});
