import { makeStore } from '../../store/store';
import { sessionEstablished, sessionExpired } from '../../api/authEvents';
import { authApi } from '../../api/authApi';
import { sessionFixture } from '../../test/fixtures';
import { loginFailsHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
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
    await store.dispatch(authApi.endpoints.refreshSession.initiate()).unwrap().catch(() => undefined);
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectSessionEndedReason(store.getState())).toBeNull();
  });
});
