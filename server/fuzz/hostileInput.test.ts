import fc from 'fast-check';
import {
  ApiErrorCode,
  ApiPaths,
  IDEMPOTENCY_HEADER,
  type AccountsResponse,
  type ErrorBody,
  type PaymentMethodsResponse,
} from '../../api/contract';
import { bearer, CSRF, signIn } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

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
      const response = await app.inject({
        method: 'POST',
        url: ApiPaths.eventsSubscriptions,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect([payload, response.statusCode]).toEqual([payload, 201]);
    }
    const refused = await app.inject({ method: 'POST', url: ApiPaths.eventsSubscriptions, headers, payload: { admin: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>()).toEqual({
      errorCode: ApiErrorCode.VALIDATION,
      message: 'Unknown field "admin" in the request body.',
    });
    const text = await app.inject({
      method: 'POST',
      url: ApiPaths.eventsSubscriptions,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '"text"',
    });
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

  it('a lone UTF-16 surrogate at any depth of a JSON field, in a key or a value, is refused as invalid, not a 500 (user properties)', async () => {
    const lone = fc
      .oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff }))
      .map((unit) => String.fromCharCode(unit));
    const text = fc
      .tuple(fc.string({ maxLength: 8 }), lone, fc.string({ maxLength: 8 }))
      .map(([before, unit, after]) => before + unit + after);
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z]{1,10}$/), text, fc.boolean(), async (name, value, inKey) => {
        const properties = inKey ? { [`${name}${value}`]: 'v' } : { [name]: value };
        const response = await app.inject({
          method: 'PATCH',
          url: ApiPaths.userProperties,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ properties }),
        });
        expect([JSON.stringify(properties), response.statusCode]).toEqual([JSON.stringify(properties), 400]);
        expect(response.json<ErrorBody>().errorCode).toBe(ApiErrorCode.VALIDATION);
      }),
      { numRuns: 40 },
    );
  });

  it("the issue's examples: a surrogate in user properties, analytics and a transfer fragment, a moment in year 0, a schedule starting 9999-12-31", async () => {
    const accounts = (await app.inject({ method: 'GET', url: ApiPaths.accounts, headers })).json<AccountsResponse>().accounts;
    const bank = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers }))
      .json<PaymentMethodsResponse>()
      .paymentMethods.find((method) => method.type === 'ACH')!;
    const recurring = (startDate: string) => ({
      recurringDeposit: {
        amount: { amount: '25.00', currency: 'USD' },
        fundingSourceId: bank.id,
        fundingSourceType: 'ACH',
        startDate,
        schedule: { frequency: 'MONTHLY', dayOfMonth: 5 },
      },
    });
    const calls = [
      { method: 'PATCH' as const, url: ApiPaths.userProperties, payload: '{"properties":{"p":"v\\ud800"}}' },
      {
        method: 'POST' as const,
        url: ApiPaths.analyticsEvents,
        payload: '{"events":[{"name":"opened","occurredAt":"2026-03-02T15:00:00Z","properties":{"p":"\\udc00"}}]}',
      },
      { method: 'POST' as const, url: ApiPaths.acatDrafts, payload: '{"fragments":[{"type":"ACCOUNT_HOLDER","name":"Alex \\ud83d"}]}' },
      {
        method: 'POST' as const,
        url: ApiPaths.analyticsEvents,
        payload: JSON.stringify({ events: [{ name: 'opened', occurredAt: '0000-01-01T00:00:00Z', properties: {} }] }),
      },
      {
        method: 'POST' as const,
        url: ApiPaths.recurringDeposits.replace(':accountUuid', accounts[0].accountUuid),
        payload: JSON.stringify(recurring('9999-12-31')),
      },
      {
        method: 'POST' as const,
        url: ApiPaths.recurringDeposits.replace(':accountUuid', accounts[0].accountUuid),
        payload: JSON.stringify(recurring('2026-02-30')),
      },
    ];
    for (const call of calls) {
      const response = await app.inject({
        ...call,
        headers: { ...headers, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: `k-${Math.random()}` },
      });
      expect([call.payload, response.statusCode]).toEqual([call.payload, 400]);
      const body = response.json<ErrorBody>();
      expect(body.errorCode).toBe(ApiErrorCode.VALIDATION);
      expect(body.message).toMatch(/broken character|from 1900-01-01 to 2199-12-31/);
    }
  });
});
