import { makeStore } from '../../store/store';
import { sessionEstablished, sessionExpired } from '../../api/authEvents';
import { authApi } from '../../api/authApi';
import { sessionFixture } from '../../test/fixtures';
import { loginFailsHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { selectAccessToken, selectCurrentUser, selectSessionEndedReason, selectSessionStatus } from './sessionSlice';

describe('session slice', () => {
  it('starts unknown until the refresh cookie has been tried', () => {
    expect(selectSessionStatus(makeStore().getState())).toBe('unknown');
  });

  it('keeps the token and user from a successful login', async () => {
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'alex@fundflow.test', password: 'fundflow-demo' })).unwrap();
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(selectAccessToken(store.getState())).toBe(sessionFixture().accessToken);
    expect(selectCurrentUser(store.getState())?.email).toBe('alex@fundflow.test');
  });

  it('stays signed out after a refused login', async () => {
    mswServer.use(loginFailsHandler());
    const store = makeStore();
    await expect(store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' })).unwrap()).rejects.toMatchObject({
      status: 401,
      errorCode: 'INVALID_CREDENTIALS',
    });
    expect(selectAccessToken(store.getState())).toBeNull();
  });

  it('forgets the token when the session expires and says why', () => {
    const store = makeStore();
    store.dispatch(sessionEstablished(sessionFixture()));
    store.dispatch(sessionExpired());
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectAccessToken(store.getState())).toBeNull();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectSessionEndedReason(store.getState())).toBe('expired');
  });

  it('becomes anonymous when there is no refresh cookie at start', async () => {
    const { refreshHandler } = await import('../../test/msw/handlers');
    mswServer.use(refreshHandler(null));
    const store = makeStore();
    await store
      .dispatch(authApi.endpoints.refreshSession.initiate())
      .unwrap()
      .catch(() => undefined);
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectSessionEndedReason(store.getState())).toBeNull();
  });

  // A failed or dropped logout still signs the customer out of this browser: only the server's refresh cookie
  // may be left behind (the server ends it when it can), never the access token or the signed-in state.
  it.each([
    ['answers 500', () => HttpResponse.json({ errorCode: 'INTERNAL', message: 'Something went wrong on our side.' }, { status: 500 })],
    ['answers 429', () => HttpResponse.json({ errorCode: 'RATE_LIMITED', message: 'Too many requests.' }, { status: 429 })],
    ['is dropped', () => HttpResponse.error()],
  ])('signs out here when the logout call %s', async (_name, answer) => {
    mswServer.use(http.post(`${API_ORIGIN}${ApiPaths.logout}`, answer));
    const store = makeStore();
    store.dispatch(sessionEstablished(sessionFixture()));
    await store
      .dispatch(authApi.endpoints.logout.initiate())
      .unwrap()
      .catch(() => undefined);
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectAccessToken(store.getState())).toBeNull();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectSessionEndedReason(store.getState())).toBe('signedOut');
  });

  it('does not restore a session from the refresh cookie after the customer signed out in this browser', async () => {
    const { refreshSessionOnce } = await import('./refreshSessionOnce');
    const { markSignedOut, clearSignedOut } = await import('./signedOutMarker');
    let refreshes = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.refresh}`, () => {
        refreshes += 1;
        return HttpResponse.json(sessionFixture());
      }),
    );
    markSignedOut();
    try {
      const store = makeStore();
      await refreshSessionOnce(store.dispatch);
      expect(selectSessionStatus(store.getState())).toBe('anonymous');
      expect(refreshes).toBe(0);
    } finally {
      clearSignedOut();
    }
  });
});
