import { ApiErrorCode, ApiPaths, type ErrorBody } from '../../api/contract';
import { bearer, CSRF, signIn, useTestApp } from '../testing/testApp';

// The fixes the route fuzz led to, one example each (the fuzz itself is routes1/routes2.fuzz.test.ts).

const { app } = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  headers = { ...bearer((await signIn(app, 'alex@fundflow.test')).accessToken), ...CSRF };
});

describe('hostile input the fuzz found', () => {
  it('a NUL character anywhere in the body, the query or the path is refused as invalid, not a 500', async () => {
    const calls = [
      { method: 'POST' as const, url: ApiPaths.linkToken, payload: { institutionId: 'chase\u0000' } },
      { method: 'POST' as const, url: ApiPaths.addressAutocomplete, payload: { query: '1 Main\u0000 St' } },
      { method: 'GET' as const, url: `${ApiPaths.institutions}?query=cha%00se` },
      { method: 'GET' as const, url: `/api/address/places/place%00id` },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect([call.url, response.statusCode]).toEqual([call.url, 400]);
      expect(response.json<ErrorBody>().errorCode).toBe(ApiErrorCode.VALIDATION);
    }
  });

  it('a route that takes no body accepts none, null or {}, and refuses fields as unknown', async () => {
    for (const payload of [undefined, 'null', '{}']) {
      const response = await app.inject({ method: 'POST', url: ApiPaths.eventsSubscriptions, headers: { ...headers, 'content-type': 'application/json' }, payload });
      expect([payload, response.statusCode]).toEqual([payload, 201]);
    }
    const refused = await app.inject({ method: 'POST', url: ApiPaths.eventsSubscriptions, headers, payload: { admin: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>()).toEqual({ errorCode: ApiErrorCode.VALIDATION, message: 'Unknown field "admin" in the request body.' });
    const text = await app.inject({ method: 'POST', url: ApiPaths.eventsSubscriptions, headers: { ...headers, 'content-type': 'application/json' }, payload: '"text"' });
    expect(text.statusCode).toBe(400);
  });

  it("the router's own refusals (an over-long path parameter, a broken escape) are { errorCode, message } and do not quote the path", async () => {
    const long = 'p'.repeat(500);
    const tooLong = await app.inject({ method: 'GET', url: `/api/documents/${long}/download`, headers });
    expect(tooLong.statusCode).toBe(414);
    expect(Object.keys(tooLong.json()).sort()).toEqual(['errorCode', 'message']);
    expect(tooLong.body).not.toContain(long);
    const badEscape = await app.inject({ method: 'GET', url: '/api/documents/%E0%A4%A/download', headers });
    expect(badEscape.statusCode).toBe(400);
    expect(Object.keys(badEscape.json()).sort()).toEqual(['errorCode', 'message']);
    expect(badEscape.body).not.toContain('FST_ERR');
  });
});
