import fc from 'fast-check';
import { ApiErrorCode, ApiPaths, type ErrorBody, type PaymentMethodsResponse } from '../../api/contract';
import { FundingErrorCode, NICKNAME_MAX_LENGTH, NICKNAME_MESSAGES, nicknameProblem } from '../../api/contract/values';
import { hiddenCharacter } from '../fuzz/requestArbitraries';
import { bearer, CSRF, signIn } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Rule: free text the app shows back refuses control characters and text-direction marks (api/contract/shownText.ts)
// with a 400 and a clear message; the nickname rule is the one the app's nickname field uses (nicknameProblem).
// Mixed scripts are allowed and kept in NFC. Every other shown-back field is covered by the route fuzz
// (its 'hiddenCharacter' class, for every field of format shown-text).

const { app } = useTestApp();
let headers: Record<string, string>;
let bankId: string;

beforeAll(async () => {
  headers = { ...bearer((await signIn(app, 'alex@fundflow.test')).accessToken), ...CSRF };
  const { paymentMethods } = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers })).json<PaymentMethodsResponse>();
  bankId = paymentMethods.find((method) => method.type === 'ACH' && method.canUpdateNickname)!.id;
});

const letters = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123'), minLength: 1, maxLength: NICKNAME_MAX_LENGTH - 2 })
  .filter((text) => text.trim() !== '');

describe('shown-back text', () => {
  it('a nickname with a control character or a direction mark is refused, by the server and by the rule the nickname field uses', async () => {
    await fc.assert(
      fc.asyncProperty(letters, fc.nat(), hiddenCharacter, async (plain, at, hidden) => {
        const position = at % (plain.length + 1);
        const nickname = plain.slice(0, position) + hidden + plain.slice(position);
        // Whitespace controls (tab, line feed...) at the edges are trimmed, inside they fold to a space: not hidden.
        const folds = /\s/.test(hidden);
        expect(nicknameProblem(nickname)).toBe(folds ? null : 'hidden');
        const response = await app.inject({
          method: 'PUT',
          url: ApiPaths.paymentMethodNickname,
          headers,
          payload: { paymentMethodId: bankId, nickname },
        });
        if (folds) {
          expect(response.statusCode).toBe(200);
          return;
        }
        expect([JSON.stringify(nickname), response.statusCode]).toEqual([JSON.stringify(nickname), 400]);
        expect(response.json<ErrorBody>()).toEqual({ errorCode: FundingErrorCode.NICKNAME_INVALID, message: NICKNAME_MESSAGES.hidden });
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('a nickname mixing scripts is kept, in Unicode NFC, and shown as typed', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: ApiPaths.paymentMethodNickname,
      headers,
      payload: { paymentMethodId: bankId, nickname: 'Cafe\u0301 Сбер Ελλάδα' },
    });
    expect(response.statusCode).toBe(200);
    const method = response.json<PaymentMethodsResponse>().paymentMethods.find((item) => item.id === bankId)!;
    expect(method.displayName).toBe('Caf\u00e9 Сбер Ελλάδα');
  });

  it('an account holder name and a card address line with a direction override are refused with a clear message', async () => {
    const calls = [
      {
        method: 'PUT' as const,
        url: ApiPaths.debitCardAddress,
        payload: { address1: '1 Main St\u202E', address2: null, city: 'Springfield', state: 'IL', zipcode: '62701', country: 'USA' },
      },
      { method: 'POST' as const, url: ApiPaths.acatDrafts, payload: { fragments: [{ type: 'ACCOUNT_HOLDER', name: 'Alex\u0007 Doe' }] } },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers });
      expect([call.url, response.statusCode]).toEqual([call.url, 400]);
      const body = response.json<ErrorBody>();
      expect(body.errorCode).toBe(ApiErrorCode.VALIDATION);
      expect(body.message).toMatch(/can't contain control characters or hidden text-direction marks\.$/);
    }
  });
});
