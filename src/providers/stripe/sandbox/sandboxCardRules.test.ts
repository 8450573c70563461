import { webcrypto } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { DebitCardLinkRequest, DebitCardReplaceRequest } from '../../../../api/contract';
import { decodeSandboxPaymentMethod, SANDBOX_CARDS, sandboxCardFingerprint } from '../../../../api/contract/sandboxCards';
import {
  detectCardBrand,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  sandboxCardProblem,
  sandboxConfirmCardSetup,
  setupIntentIdFromClientSecret,
} from './sandboxCardRules';

const NOW = new Date(2026, 4, 15); // 15 May 2026
const SECRET = 'seti_1Abc_secret_xyz789';
const card = (number: string, expiry = '12 / 30', cvc = '123') => ({ number: formatCardNumber(number), expiry, cvc });

async function confirm(number: string, expiry?: string) {
  return sandboxConfirmCardSetup(card(number, expiry), SECRET, NOW);
}

describe('sandbox card provider: typing', () => {
  it('formats the number in groups of four (American Express 4-6-5) and cuts it at the brand length', () => {
    expect(formatCardNumber('4000056655665556')).toBe('4000 0566 5566 5556');
    expect(formatCardNumber('4000-0566 55665556 999')).toBe('4000 0566 5566 5556');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('detects the brand from the prefix', () => {
    expect(detectCardBrand('4000')).toBe('visa');
    expect(detectCardBrand('5200')).toBe('mastercard');
    expect(detectCardBrand('2221')).toBe('mastercard');
    expect(detectCardBrand('3782')).toBe('amex');
    expect(detectCardBrand('6011')).toBe('discover');
    expect(detectCardBrand('9999')).toBe('unknown');
  });

  it('formats the expiry as MM / YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12/30')).toBe('12 / 30');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('a Luhn failure is incorrect_number', () => {
    expect(sandboxCardProblem(card('4000056655665557'), NOW)?.code).toBe('incorrect_number');
    expect(sandboxCardProblem(card('400005665566'), NOW)?.code).toBe('incomplete_number');
  });

  it('a past expiry is invalid_expiry_year or invalid_expiry_month', () => {
    expect(expiryProblem('12 / 25', NOW)?.code).toBe('invalid_expiry_year');
    expect(expiryProblem('04 / 26', NOW)?.code).toBe('invalid_expiry_month');
    expect(expiryProblem('13 / 30', NOW)?.code).toBe('invalid_expiry_month');
    expect(expiryProblem('05 / 26', NOW)).toBeNull();
    expect(expiryProblem('1 / 3', NOW)?.code).toBe('incomplete_expiry');
  });

  it('needs a CVC of the brand length', () => {
    expect(sandboxCardProblem({ ...card('4000056655665556'), cvc: '12' }, NOW)?.code).toBe('incomplete_cvc');
    expect(sandboxCardProblem({ ...card('378282246310005'), cvc: '123' }, NOW)?.code).toBe('incomplete_cvc');
    expect(sandboxCardProblem({ ...card('378282246310005'), cvc: '1234' }, NOW)).toBeNull();
  });
});

describe('sandbox card provider: confirmCardSetup like Stripe test mode', () => {
  it('reads the setup intent id from the client secret', () => {
    expect(setupIntentIdFromClientSecret('seti_1Abc_secret_xyz789')).toBe('seti_1Abc');
    expect(setupIntentIdFromClientSecret('nonsense')).toBeNull();
  });

  it('a Visa debit passes with a payment method carrying attributes, never the number', async () => {
    const result = await confirm('4000056655665556');
    if ('error' in result) throw new Error(result.error.message);
    expect(result.setupIntentId).toBe('seti_1Abc');
    expect(result.paymentMethodId).not.toContain('4000056655665556');
    const attributes = decodeSandboxPaymentMethod(result.paymentMethodId);
    expect(attributes).toEqual({
      brand: 'visa',
      funding: 'debit',
      country: 'US',
      commercial: false,
      last4: '5556',
      expMonth: 12,
      expYear: 2030,
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it.each([
    ['5105105105105100', { brand: 'mastercard', funding: 'prepaid', country: 'US', commercial: false }],
    ['4000002500001001', { brand: 'visa', funding: 'debit', country: 'US', commercial: true }],
    ['4000001240000000', { brand: 'visa', funding: 'debit', country: 'CA', commercial: false }],
    ['4000008260000000', { brand: 'visa', funding: 'debit', country: 'GB', commercial: false }],
    ['4242424242424242', { brand: 'visa', funding: 'credit', country: 'US', commercial: false }],
  ])('%s passes the browser with its attributes (the server refuses it)', async (number, expected) => {
    const result = await confirm(number);
    if ('error' in result) throw new Error(result.error.message);
    expect(decodeSandboxPaymentMethod(result.paymentMethodId)).toMatchObject({ ...expected, last4: number.slice(-4) });
  });

  it.each(Object.entries(SANDBOX_CARDS).filter(([, behaviour]) => behaviour.declineCode))(
    '%s is refused at confirmation with its decline',
    async (number, behaviour) => {
      const result = await confirm(number);
      expect(result).toEqual({
        error: {
          code: behaviour.declineCode!.code,
          message: behaviour.declineCode!.message,
          ...(behaviour.declineCode!.declineCode ? { declineCode: behaviour.declineCode!.declineCode } : {}),
        },
      });
    },
  );

  it('an expired card (4000 0000 0000 0069) and a declined card are refused in the browser', async () => {
    expect(await confirm('4000000000000069')).toMatchObject({ error: { code: 'expired_card' } });
    expect(await confirm('4000000000000002')).toMatchObject({ error: { code: 'card_declined', declineCode: 'generic_decline' } });
  });

  it('a past expiry date and a Luhn failure are refused at confirmation too', async () => {
    expect(await confirm('4000056655665556', '01 / 24')).toMatchObject({ error: { code: 'invalid_expiry_year' } });
    expect(await confirm('4000056655665557')).toMatchObject({ error: { code: 'incorrect_number' } });
  });

  it('an unknown Luhn-valid number behaves as a US credit card (Visa when the brand is unknown)', async () => {
    const result = await confirm('4111111111111111');
    if ('error' in result) throw new Error(result.error.message);
    expect(decodeSandboxPaymentMethod(result.paymentMethodId)).toMatchObject({
      brand: 'visa',
      funding: 'credit',
      country: 'US',
      commercial: false,
    });
  });

  it('a bad client secret is resource_missing', async () => {
    expect(await sandboxConfirmCardSetup(card('4000056655665556'), 'nope', NOW)).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it("the fingerprint is the card number's: one number with two expiries gives one fingerprint, two numbers give two", async () => {
    const a = await sandboxCardFingerprint('4000056655665556');
    expect(await sandboxCardFingerprint('4000056655665556')).toBe(a);
    expect(await sandboxCardFingerprint('5200828282828210')).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    // Through confirmation, as the browser sends it: a reissued card (new expiry) is the same card for the
    // lifetime limit counted by fingerprint, like Stripe's fingerprint ("this particular card number").
    const fingerprintOf = async (number: string, expiry: string) => {
      const result = await confirm(number, expiry);
      if ('error' in result) throw new Error(result.error.message);
      return decodeSandboxPaymentMethod(result.paymentMethodId)!;
    };
    const first = await fingerprintOf('6011981111111113', '12 / 30');
    const reissued = await fingerprintOf('6011981111111113', '03 / 33');
    expect([first.expMonth, first.expYear, reissued.expMonth, reissued.expYear]).toEqual([12, 2030, 3, 2033]);
    expect(reissued.fingerprint).toBe(first.fingerprint);
    expect((await fingerprintOf('4000056655665556', '12 / 30')).fingerprint).not.toBe(first.fingerprint);
  });

  // Both ways the browser hashes: SHA-256 with Web Crypto (a secure context), FNV-1a without it (plain http on
  // a LAN address; jsdom has no crypto.subtle either).
  it.each([
    ['SHA-256 (Web Crypto)', webcrypto],
    ['FNV-1a (no Web Crypto)', {}],
  ])('the fingerprint depends on the number only with %s', async (_name, crypto) => {
    const before = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: crypto, configurable: true });
    try {
      const a = await sandboxCardFingerprint('6011981111111113');
      expect(a).toMatch(/^[0-9a-f]{16}$/);
      expect(await sandboxCardFingerprint('6011981111111113')).toBe(a);
      expect(await sandboxCardFingerprint('5200828282828210')).not.toBe(a);
      const fingerprints = [];
      for (const expiry of ['12 / 30', '03 / 33']) {
        const result = await sandboxConfirmCardSetup(card('6011981111111113', expiry), SECRET, NOW);
        if ('error' in result) throw new Error(result.error.message);
        fingerprints.push(decodeSandboxPaymentMethod(result.paymentMethodId)!.fingerprint);
      }
      expect(fingerprints).toEqual([a, a]);
    } finally {
      if (before) Object.defineProperty(globalThis, 'crypto', before);
      else delete (globalThis as { crypto?: unknown }).crypto;
    }
  });

  it('every sandbox payment-method id fits the link and replace requests of the contract', async () => {
    for (const number of Object.keys(SANDBOX_CARDS)) {
      const result = await confirm(number);
      if ('error' in result) continue;
      expect(Value.Check(DebitCardLinkRequest, { token: result.setupIntentId, paymentMethodId: result.paymentMethodId })).toBe(true);
      expect(
        Value.Check(DebitCardReplaceRequest, {
          paymentMethodId: 'pm-1',
          token: result.setupIntentId,
          providerPaymentMethodId: result.paymentMethodId,
        }),
      ).toBe(true);
    }
  });
});
