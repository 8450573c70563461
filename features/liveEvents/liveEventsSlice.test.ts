import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../store/store';
import {
  connectionLost,
  connectionOpened,
  connectionStarted,
  connectionStopped,
  initialLiveEventsState,
  liveEventReceived,
  liveEventsSlice,
  reconnectScheduled,
  selectLiveEventsAttempts,
  selectLiveEventsStatus,
  type LiveEventsState,
} from './liveEventsSlice';

const reduce = (actions: UnknownAction[], start: LiveEventsState = initialLiveEventsState) =>
  actions.reduce((state, action) => liveEventsSlice.reducer(state, action), start);

const AT = '2026-03-02T15:00:00.000Z';

describe('liveEvents slice', () => {
  it('starts idle with no attempts and no event', () => {
    expect(selectLiveEventsStatus(makeStore().getState())).toBe('idle');
    expect(initialLiveEventsState).toEqual({
      status: 'idle',
      attempts: 0,
      retryAt: null,
      lastCloseCode: null,
      lastEventAt: null,
      lastEventType: null,
    });
  });

  it('goes connecting, then open', () => {
    expect(reduce([connectionStarted()]).status).toBe('connecting');
    expect(reduce([connectionStarted(), connectionOpened()]).status).toBe('open');
  });

  it('counts consecutive failed attempts and plans the next one', () => {
    const state = reduce([
      connectionStarted(),
      connectionLost({ code: 1006 }),
      reconnectScheduled({ retryAt: AT }),
      connectionStarted(),
      connectionLost({ code: 1006 }),
    ]);
    expect(state).toMatchObject({ status: 'closed', attempts: 2, lastCloseCode: 1006 });
    expect(reduce([connectionLost({ code: 1001 }), reconnectScheduled({ retryAt: AT })]).retryAt).toBe(AT);
  });

  it('an opened connection resets the attempts, so the next drop waits the shortest delay again', () => {
    const state = reduce([connectionLost({ code: 1006 }), connectionLost({ code: 1006 }), connectionStarted(), connectionOpened()]);
    expect(state).toMatchObject({ status: 'open', attempts: 0, retryAt: null, lastCloseCode: null });
  });

  it('a reconnect planned after the state moved on is not recorded', () => {
    expect(reduce([connectionStarted(), reconnectScheduled({ retryAt: AT })]).retryAt).toBeNull();
  });

  it('records when the last event arrived and its type', () => {
    const state = reduce([connectionOpened(), liveEventReceived({ type: 'ORDER_UPDATED', occurredAt: '2026-03-02T14:59:59.000Z' }, AT)]);
    expect(state).toMatchObject({ status: 'open', lastEventAt: AT, lastEventType: 'ORDER_UPDATED' });
  });

  it('stopping (sign-out) forgets everything', () => {
    expect(reduce([connectionLost({ code: 1006 }), connectionStopped()])).toEqual(initialLiveEventsState);
  });

  it('is injected into the store when its module loads, and stays serialisable', () => {
    const store = makeStore();
    store.dispatch(connectionLost({ code: 1006 }));
    expect(selectLiveEventsAttempts(store.getState())).toBe(1);
    expect(JSON.parse(JSON.stringify(store.getState().liveEvents))).toEqual(store.getState().liveEvents);
  });
});
