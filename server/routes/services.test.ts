import {
  apiPath,
  ApiPaths,
  type AcatDraftsResponse,
  type AcatHintsResponse,
  type InstrumentsResponse,
  type OptionsRebateResponse,
  type OptionsReferralsResponse,
  type SearchResponse,
  type ThemeResponse,
  type ThemesResponse,
  type UserSettingsResponse,
  type WatchlistResponse,
  type WatchlistsResponse,
} from '../../api/contract';
import { addMissingDemoServiceData } from '../db/seeds/services';
import { BROKERAGES, INSTRUMENTS_V1, THEMES_V1 } from '../domain/servicesReferenceData';
import { servicesDb } from '../domain/servicesSchema';
import type { Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

// Watchlists, themes, user settings, options rewards and search at the spec's paths (funding-methods.md 7.1).

const { app, db, signedInCustomer, freshCustomer } = useTestApp();
let alex: Customer;
let joint: Customer;

beforeAll(async () => {
  alex = await signedInCustomer('alex@fundflow.test');
  joint = await signedInCustomer('joint@fundflow.test');
});

const expectError = (response: { statusCode: number; json: () => unknown }, status: number, errorCode: string) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
  expect(body.errorCode).toBe(errorCode);
  expect(typeof body.message).toBe('string');
};

describe('reference data', () => {
  it('has about 200 distinct instruments, themes of known symbols, and brokerage examples that fit their own patterns', () => {
    expect(INSTRUMENTS_V1.length).toBeGreaterThanOrEqual(200);
    const symbols = new Set(INSTRUMENTS_V1.map((i) => i.symbol));
    expect(symbols.size).toBe(INSTRUMENTS_V1.length);
    for (const theme of THEMES_V1) for (const symbol of theme.symbols) expect(symbols.has(symbol)).toBe(true);
    for (const brokerage of BROKERAGES) expect(new RegExp(brokerage.pattern).test(brokerage.example)).toBe(true);
  });
});

describe('every service path needs an access token', () => {
  it.each([
    ApiPaths.watchlists,
    ApiPaths.themes,
    ApiPaths.userSettings,
    ApiPaths.acatDrafts,
    ApiPaths.optionsRebate,
    `${ApiPaths.search}?query=a`,
  ])('%s', async (url) => {
    expectError(await app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED');
  });
});

describe('watchlists', () => {
  it('lists the customer’s own watchlists with their instruments in order', async () => {
    const response = await alex.get(ApiPaths.watchlists);
    expect(response.statusCode).toBe(200);
    const { watchlists } = response.json<WatchlistsResponse>();
    expect(watchlists.map((w) => w.name)).toEqual(['Tech leaders', 'Dividends', 'Crypto']);
    expect(watchlists[0].instruments.map((i) => i.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN']);
    expect(watchlists[0].instruments[0]).toEqual({ symbol: 'AAPL', name: 'Apple Inc.', type: 'STOCK', exchange: 'NASDAQ' });
    const jointLists = (await joint.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    expect(jointLists.map((w) => w.name)).toEqual(['Index funds']);
  });

  it('PUT replaces the name and symbols; DELETE removes it', async () => {
    const [list] = (await joint.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    const path = apiPath(ApiPaths.watchlist, { id: list.id });
    const updated = await joint.send('PUT', path, { name: '  Core funds ', symbols: ['VOO', 'BND'] });
    expect(updated.statusCode).toBe(200);
    const { watchlist } = updated.json<WatchlistResponse>();
    expect(watchlist.name).toBe('Core funds');
    expect(watchlist.instruments.map((i) => i.symbol)).toEqual(['VOO', 'BND']);

    expect((await joint.send('DELETE', path)).statusCode).toBe(204);
    expect((await joint.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists).toEqual([]);
    expectError(await joint.send('DELETE', path), 404, 'WATCHLIST_NOT_FOUND');
  });

  it('refuses bad bodies with 400 and unknown symbols with 422', async () => {
    const [list] = (await alex.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    const path = apiPath(ApiPaths.watchlist, { id: list.id });
    expectError(await alex.send('PUT', path, { name: 'x' }), 400, 'VALIDATION_FAILED');
    expectError(await alex.send('PUT', path, { name: 'x', symbols: ['aapl'] }), 400, 'VALIDATION_FAILED');
    expectError(await alex.send('PUT', path, { name: 'x', symbols: ['AAPL', 'AAPL'] }), 400, 'VALIDATION_FAILED');
    expectError(await alex.send('PUT', path, { name: '   ', symbols: [] }), 400, 'VALIDATION_FAILED');
    expectError(await alex.send('PUT', path, { name: 'x', symbols: [], extra: 1 }), 400, 'VALIDATION_FAILED');
    expectError(await alex.send('PUT', path, { name: 'x', symbols: ['ZZZZ'] }), 422, 'UNKNOWN_INSTRUMENT');
    // Nothing changed.
    const [after] = (await alex.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    expect(after).toEqual(list);
  });

  it('another customer’s watchlist is 404 for PUT and DELETE, and stays as it was', async () => {
    const [list] = (await alex.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    const path = apiPath(ApiPaths.watchlist, { id: list.id });
    const stranger = await signedInCustomer('card@fundflow.test');
    expectError(await stranger.send('PUT', path, { name: 'Mine now', symbols: [] }), 404, 'WATCHLIST_NOT_FOUND');
    expectError(await stranger.send('DELETE', path), 404, 'WATCHLIST_NOT_FOUND');
    expectError(await stranger.send('DELETE', apiPath(ApiPaths.watchlist, { id: 'not-a-uuid' })), 404, 'WATCHLIST_NOT_FOUND');
    expect((await alex.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists[0]).toEqual(list);
  });
});

describe('themes', () => {
  it('lists the themes with their instruments and answers one by id; an unknown id is 404', async () => {
    const { themes } = (await alex.get(ApiPaths.themes)).json<ThemesResponse>();
    expect(themes.map((t) => t.id)).toEqual(THEMES_V1.map((t) => t.id));
    const one = await alex.get(apiPath(ApiPaths.theme, { id: 'clean-energy' }));
    expect(one.statusCode).toBe(200);
    expect(one.json<ThemeResponse>().theme.instruments.map((i) => i.symbol)).toEqual(['NEE', 'ENPH', 'FSLR', 'ICLN', 'TAN']);
    expectError(await alex.get(apiPath(ApiPaths.theme, { id: 'nope' })), 404, 'THEME_NOT_FOUND');
  });
});

describe('user settings and tipping', () => {
  it('reads the setting and changes it with the path value; each customer has their own', async () => {
    expect((await alex.get(ApiPaths.userSettings)).json<UserSettingsResponse>()).toEqual({
      settings: { investment: { suggestTipping: true } },
    });
    const customer = await signedInCustomer('micro@fundflow.test');
    expect((await customer.get(ApiPaths.userSettings)).json<UserSettingsResponse>().settings.investment.suggestTipping).toBe(false);
    const on = await customer.send('PUT', apiPath(ApiPaths.suggestTipping, { value: 'true' }));
    expect(on.statusCode).toBe(200);
    expect(on.json<UserSettingsResponse>().settings.investment.suggestTipping).toBe(true);
    const off = await customer.send('PUT', apiPath(ApiPaths.suggestTipping, { value: 'false' }));
    expect(off.json<UserSettingsResponse>().settings.investment.suggestTipping).toBe(false);
    expect((await alex.get(ApiPaths.userSettings)).json<UserSettingsResponse>().settings.investment.suggestTipping).toBe(true);
  });

  it('refuses a value other than true or false (400)', async () => {
    expectError(await alex.send('PUT', apiPath(ApiPaths.suggestTipping, { value: 'maybe' })), 400, 'VALIDATION_FAILED');
  });
});

describe('options referrals and rebate', () => {
  it('alex’s referrals and rebate come from the seeded rewards, in exact money', async () => {
    const { referrals } = (await alex.get(ApiPaths.optionsReferrals)).json<OptionsReferralsResponse>();
    expect(referrals).toMatchObject({
      invited: 4,
      qualified: 2,
      rewardPerReferral: { amount: '20.00', currency: 'USD' },
      earned: { amount: '40.00', currency: 'USD' },
    });
    expect(referrals.shareUrl).toContain(referrals.referralCode);
    const { rebate } = (await alex.get(ApiPaths.optionsRebate)).json<OptionsRebateResponse>();
    expect(rebate).toEqual({
      ratePerContract: { amount: '0.06', currency: 'USD' },
      contractsThisMonth: 38,
      earnedThisMonth: { amount: '2.28', currency: 'USD' },
      paidToDate: { amount: '12.84', currency: 'USD' },
    });
  });

  it('a customer without rewards gets zeros and a stable code of their own', async () => {
    const first = (await joint.get(ApiPaths.optionsReferrals)).json<OptionsReferralsResponse>().referrals;
    const again = (await joint.get(ApiPaths.optionsReferrals)).json<OptionsReferralsResponse>().referrals;
    expect(first).toMatchObject({ invited: 0, qualified: 0, earned: { amount: '0.00', currency: 'USD' } });
    expect(again.referralCode).toBe(first.referralCode);
    const alexCode = (await alex.get(ApiPaths.optionsReferrals)).json<OptionsReferralsResponse>().referrals.referralCode;
    expect(first.referralCode).not.toBe(alexCode);
    expect((await joint.get(ApiPaths.optionsRebate)).json<OptionsRebateResponse>().rebate.earnedThisMonth.amount).toBe('0.00');
  });
});

describe('instrument search', () => {
  const search = (query: Record<string, string>) => alex.get(`${ApiPaths.search}?${new URLSearchParams(query).toString()}`);

  it('ranks the exact symbol first, then symbol prefixes, then names; pages default to 0 and 20', async () => {
    const response = await search({ query: 'app' });
    expect(response.statusCode).toBe(200);
    const body = response.json<SearchResponse>();
    expect(body.pageNumber).toBe(0);
    expect(body.pageSize).toBe(20);
    expect(body.instruments[0].symbol).toBe('AAPL');
    expect(body.instruments.map((i) => i.symbol)).toContain('AMAT'); // Applied Materials, by name

    const exact = (await search({ query: 'T' })).json<SearchResponse>();
    expect(exact.instruments[0]).toMatchObject({ symbol: 'T', name: 'AT&T Inc.' });
  });

  it('pages through results without repeats and says when there are more', async () => {
    const first = (await search({ query: 'e', pageSize: '10' })).json<SearchResponse>();
    expect(first.instruments).toHaveLength(10);
    expect(first.total).toBeGreaterThan(20);
    expect(first.hasMore).toBe(true);
    const second = (await search({ query: 'e', pageSize: '10', pageNumber: '1' })).json<SearchResponse>();
    expect(second.pageNumber).toBe(1);
    const seen = new Set(first.instruments.map((i) => i.symbol));
    for (const instrument of second.instruments) expect(seen.has(instrument.symbol)).toBe(false);
    const lastPage = Math.ceil(first.total / 10) - 1;
    const last = (await search({ query: 'e', pageSize: '10', pageNumber: String(lastPage) })).json<SearchResponse>();
    expect(last.hasMore).toBe(false);
    expect(last.instruments.length).toBe(first.total - lastPage * 10);
  });

  it('leaves crypto out unless includeCrypto=true', async () => {
    const without = (await search({ query: 'bitcoin' })).json<SearchResponse>();
    expect(without.instruments.map((i) => i.symbol)).toEqual(['IBIT']);
    const withCrypto = (await search({ query: 'bitcoin', includeCrypto: 'true' })).json<SearchResponse>();
    expect(withCrypto.instruments.map((i) => i.symbol).sort()).toEqual(['BTC', 'IBIT']);
  });

  it('treats LIKE wildcards as text and finds nothing for them', async () => {
    const body = (await search({ query: '%' })).json<SearchResponse>();
    expect(body).toEqual({ instruments: [], pageNumber: 0, pageSize: 20, total: 0, hasMore: false });
  });

  it('refuses a missing query, a bad page size or page number, and unknown parameters (400)', async () => {
    expectError(await alex.get(ApiPaths.search), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: '   ' }), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: 'a', pageSize: '0' }), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: 'a', pageSize: '51' }), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: 'a', pageNumber: '-1' }), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: 'a', includeCrypto: 'yes' }), 400, 'VALIDATION_FAILED');
    expectError(await search({ query: 'a', sort: 'name' }), 400, 'VALIDATION_FAILED');
  });

  it('/graphservice/search/instruments looks symbols up in the order asked, leaving unknown ones out', async () => {
    const response = await alex.get(`${ApiPaths.searchInstruments}?symbols=MSFT,ZZZZ,AAPL`);
    expect(response.statusCode).toBe(200);
    expect(response.json<InstrumentsResponse>().instruments.map((i) => i.symbol)).toEqual(['MSFT', 'AAPL']);
    expectError(await alex.get(`${ApiPaths.searchInstruments}?symbols=msft`), 400, 'VALIDATION_FAILED');
  });
});

describe('ACAT account-number hints', () => {
  it('lists every brokerage’s hint, or one brokerage’s; an unknown brokerage is 404', async () => {
    const all = (await alex.get(ApiPaths.acatAccountNumberHints)).json<AcatHintsResponse>().acatHints;
    expect(all).toHaveLength(BROKERAGES.length);
    const one = (
      await alex.get(`${ApiPaths.acatAccountNumberHints}?brokerage=${encodeURIComponent('charles schwab')}`)
    ).json<AcatHintsResponse>();
    expect(one.acatHints).toEqual([
      { brokerage: 'Charles Schwab', hint: expect.stringContaining('8 digits'), pattern: '^\\d{8}$', example: '12345678' },
    ]);
    expectError(await alex.get(`${ApiPaths.acatAccountNumberHints}?brokerage=Nowhere`), 404, 'BROKERAGE_NOT_FOUND');
  });
});

describe('older demo databases', () => {
  it('demo customers without service data get it once; customers who have it are left alone', async () => {
    const services = servicesDb(db);
    const user = await db.selectFrom('users').select('id').where('email', '=', 'entity@fundflow.test').executeTakeFirstOrThrow();
    await services.deleteFrom('watchlists').where('user_id', '=', user.id).execute();
    await services.deleteFrom('user_settings').where('user_id', '=', user.id).execute();
    expect(await addMissingDemoServiceData(db)).toBe(1);
    expect(await addMissingDemoServiceData(db)).toBe(0);
    const entity = await signedInCustomer('entity@fundflow.test');
    expect((await entity.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists.map((w) => w.name)).toEqual(['My first list']);
  });
});

describe('sandbox customer copies', () => {
  it('a copy of a demo customer gets its own watchlists, settings and transfers, pointing at its own accounts', async () => {
    // freshCustomer copies through server/repositories/sandboxCustomers.ts, which calls copyDemoServiceData.
    const copy = await freshCustomer('alex@fundflow.test');
    const to = await db.selectFrom('accounts').select(['id', 'variant']).where('user_id', '=', copy.userId).execute();

    const lists = (await copy.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    expect(lists.map((w) => w.name)).toEqual(['Tech leaders', 'Dividends', 'Crypto']);
    const alexLists = (await alex.get(ApiPaths.watchlists)).json<WatchlistsResponse>().watchlists;
    expect(lists.map((w) => w.id)).not.toEqual(alexLists.map((w) => w.id));
    const { drafts } = (await copy.get(ApiPaths.acatDrafts)).json<AcatDraftsResponse>();
    expect(drafts.map((d) => d.brokerage)).toEqual(['Fidelity Investments', 'Robinhood']);
    const destination = drafts[0].fragments.find((f) => f.type === 'DESTINATION_ACCOUNT');
    expect(destination).toEqual({ type: 'DESTINATION_ACCOUNT', accountUuid: to.find((a) => a.variant === 'US')!.id });
    expect((await copy.get(ApiPaths.userSettings)).json<UserSettingsResponse>().settings.investment.suggestTipping).toBe(true);
  });
});
