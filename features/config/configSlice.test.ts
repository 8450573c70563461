import { http, HttpResponse, delay } from 'msw';
import { makeStore } from '../../store/store';
import { configApi, selectFlags } from '../../api/configApi';
import { ApiPaths, DEFAULT_FLAGS } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { configWaitExpired, selectConfigSettled } from './configSlice';

describe('universal configuration', () => {
  it('is not settled while the server has not answered and the wait has not expired', () => {
    const store = makeStore();
    expect(selectConfigSettled(store.getState())).toBe(false);
    expect(selectFlags(store.getState())).toEqual(DEFAULT_FLAGS);
  });

  it('settles with the documented defaults when the wait expires, then applies the late answer', async () => {
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.config}`, async () => {
        await delay(30);
        return HttpResponse.json({ flags: { ...DEFAULT_FLAGS, newerSettingsLayout: false }, marketRestrictions: {} });
      }),
    );
    const store = makeStore();
    const request = store.dispatch(configApi.endpoints.getConfig.initiate());
    store.dispatch(configWaitExpired());
    expect(selectConfigSettled(store.getState())).toBe(true);
    expect(selectFlags(store.getState()).newerSettingsLayout).toBe(true);
    await request;
    expect(selectFlags(store.getState()).newerSettingsLayout).toBe(false);
  });

  it('settles on an error answer with the defaults', async () => {
    mswServer.use(http.get(`${API_ORIGIN}${ApiPaths.config}`, () => new HttpResponse(null, { status: 503 })));
    const store = makeStore();
    await store.dispatch(configApi.endpoints.getConfig.initiate());
    expect(selectConfigSettled(store.getState())).toBe(true);
    expect(selectFlags(store.getState())).toEqual(DEFAULT_FLAGS);
  });
});
