import { http, HttpResponse } from 'msw';
import { makeStore } from '../store/store';
import { accountsApi } from './accountsApi';
import { sessionEstablished } from './authEvents';
import { ApiPaths, CSRF_HEADER } from './contract';
import { accountFixture, sessionFixture } from '../test/fixtures';
import { API_ORIGIN, refreshHandler } from '../test/msw/handlers';
import { mswServer } from '../test/msw/server';
import { SESSION_REFRESH_LOCK } from './sessionRefreshLock';

const accountsUrl = `${API_ORIGIN}${ApiPaths.accounts}`;

function signedInStore(token = 'stale-token') {
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture({ accessToken: token })));
  return store;
}

describe('base query', () => {
  it('sends the access token and the client header', async () => {
    const seen: Headers[] = [];
    mswServer.use(
      http.get(accountsUrl, ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ accounts: [] });
      }),
    );
    await signedInStore('token-abc').dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap();
    expect(seen[0].get('authorization')).toBe('Bearer token-abc');
    expect(seen[0].get(CSRF_HEADER)).toBe('web');
  });

  it('refreshes the token once on a 401 and retries with the new one', async () => {
    const tokens: (string | null)[] = [];
    mswServer.use(
      refreshHandler(sessionFixture({ accessToken: 'fresh-token' })),
      http.get(accountsUrl, ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer fresh-token'
          ? HttpResponse.json({ accounts: [accountFixture()] })
          : HttpResponse.json({ errorCode: 'TOKEN_EXPIRED', message: 'Expired' }, { status: 401 });
      }),
    );
    const store = signedInStore();
    const result = await store.dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap();
    expect(result.ids).toEqual(['uuid-brokerage']);
    expect(tokens).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
    expect(store.getState().session.accessToken).toBe('fresh-token');
  });

  it("waits for another tab's refresh (the shared Web Lock) before presenting the refresh cookie", async () => {
    // A lock manager like the browser's: one holder at a time, the rest queue in order.
    let tail = Promise.resolve();
    const names: string[] = [];
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        names.push(name);
        const run = tail.then(callback);
        tail = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
    try {
      let refreshes = 0;
      mswServer.use(
        http.post(`${API_ORIGIN}${ApiPaths.refresh}`, () => {
          refreshes += 1;
          return HttpResponse.json(sessionFixture({ accessToken: 'fresh-token' }));
        }),
        http.get(accountsUrl, ({ request }) =>
          request.headers.get('authorization') === 'Bearer fresh-token'
            ? HttpResponse.json({ accounts: [] })
            : HttpResponse.json({ errorCode: 'TOKEN_EXPIRED', message: 'Expired' }, { status: 401 }),
        ),
      );
      // Another tab holds the lock while it refreshes.
      let releaseOtherTab!: () => void;
      const otherTab = locks.request(SESSION_REFRESH_LOCK, () => new Promise<void>((resolve) => (releaseOtherTab = resolve)));
      const request = signedInStore().dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(refreshes).toBe(0);
      releaseOtherTab();
      await otherTab;
      await request;
      expect(refreshes).toBe(1);
      expect(names).toEqual([SESSION_REFRESH_LOCK, SESSION_REFRESH_LOCK]);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('ends the session when the refresh is refused, which sends the customer to login', async () => {
    mswServer.use(
      refreshHandler(null),
      http.get(accountsUrl, () => HttpResponse.json({ errorCode: 'TOKEN_EXPIRED', message: 'Expired' }, { status: 401 })),
    );
    const store = signedInStore();
    await expect(store.dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.endedReason).toBe('expired');
  });

  it('shares one refresh between requests that fail together', async () => {
    let refreshes = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.refresh}`, () => {
        refreshes += 1;
        return HttpResponse.json(sessionFixture({ accessToken: 'fresh-token' }));
      }),
      http.get(accountsUrl, ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh-token'
          ? HttpResponse.json({ accounts: [] })
          : HttpResponse.json({ errorCode: 'TOKEN_EXPIRED', message: 'Expired' }, { status: 401 }),
      ),
      http.get(`${API_ORIGIN}${ApiPaths.paymentMethods}`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh-token'
          ? HttpResponse.json({ paymentMethods: [] })
          : HttpResponse.json({ errorCode: 'TOKEN_EXPIRED', message: 'Expired' }, { status: 401 }),
      ),
    );
    const store = signedInStore();
    const { paymentMethodsApi } = await import('./paymentMethodsApi');
    await Promise.all([
      store.dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap(),
      store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate()).unwrap(),
    ]);
    expect(refreshes).toBe(1);
  });

  it.each([
    [
      'a server error body',
      () => HttpResponse.json({ errorCode: 'DE#00003', message: 'A maximum of $50,000 can be deposited per day.' }, { status: 400 }),
      { status: 400, errorCode: 'DE#00003', message: 'A maximum of $50,000 can be deposited per day.' },
    ],
    [
      'a 500 without a body',
      () => new HttpResponse(null, { status: 500 }),
      { status: 500, message: 'There was an error, please try again.' },
    ],
    [
      'an HTML error page',
      () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
      { status: 502, message: 'There was an error, please try again.' },
    ],
    ['a dropped connection', () => HttpResponse.error(), { status: 'FETCH_ERROR' }],
  ])('turns %s into one typed error', async (_name, respond, expected) => {
    mswServer.use(http.get(accountsUrl, respond as () => HttpResponse<never>));
    const error = await signedInStore()
      .dispatch(accountsApi.endpoints.getAccounts.initiate())
      .unwrap()
      .catch((e: unknown) => e);
    expect(error).toMatchObject(expected);
    expect(typeof (error as { message: unknown }).message).toBe('string');
  });
});
