import { ApiPaths, FundingErrorCode, NICKNAME_MAX_LENGTH, type ErrorBody, type PaymentMethodsResponse } from '../../api/contract';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

// A nickname is text to the server: markup in it is stored and answered exactly as typed (normalised as the spec
// says: trimmed, spaces collapsed) when it fits the nickname rule, and refused by that rule when it does not.
// Showing it as text is the app's part (features/fundingMethods/ManageFundingMethods.markup.test.tsx).

const { app } = useTestApp();

const FULL_MARKUP = '<img src=x onerror=alert(1)><script>alert(1)</script>';
const SHORT_MARKUP = '<img src=x onerror=alert(1)>';

let customer: Customer;
let bankId: string;
beforeAll(async () => {
  customer = await freshCustomer(app, 'alex@fundflow.test');
  bankId = (await customer.methods()).find((method) => method.canUpdateNickname)!.id;
});

const rename = (nickname: string) => customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: bankId, nickname });

describe('markup in a nickname', () => {
  it(`is refused by the length rule when it is longer than ${NICKNAME_MAX_LENGTH} characters`, async () => {
    expect(FULL_MARKUP.length).toBeGreaterThan(NICKNAME_MAX_LENGTH);
    const response = await rename(FULL_MARKUP);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      errorCode: FundingErrorCode.NICKNAME_INVALID,
      message: `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters`,
    });
    expect((await customer.methods()).find((method) => method.id === bankId)!.displayName).not.toContain('<');
  });

  it('is stored and answered unchanged, not escaped or stripped, when it fits the rule', async () => {
    const response = await rename(`  ${SHORT_MARKUP}  `);
    expect(response.statusCode).toBe(200);
    const answered = response.json<PaymentMethodsResponse>().paymentMethods.find((method) => method.id === bankId)!;
    expect(answered.displayName).toBe(SHORT_MARKUP);
    // Read back later, it is still the same characters, served as JSON (never as a page).
    const list = await customer.get(ApiPaths.paymentMethods);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json<PaymentMethodsResponse>().paymentMethods.find((method) => method.id === bankId)!.displayName).toBe(SHORT_MARKUP);
  });
});
