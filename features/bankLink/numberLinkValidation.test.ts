import { FundingValidationMessages, isValidRoutingNumber } from '../../api/contract/values';
import { digitsOnly, numberLinkSchema } from './numberLinkValidation';

// fast-check is not installed here, so the routing checksum is checked exhaustively over every single-digit
// change of real routing numbers instead of with generated properties.

const errorsOf = async (values: { routingNumber: string; accountNumber: string }) => {
  try {
    await numberLinkSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
};

const REAL_ROUTING_NUMBERS = ['021000021', '026009593', '121000248', '011401533', '256074974', '314074269', '124085244', '091000019'];

describe('number-link validation (section 5)', () => {
  it.each(REAL_ROUTING_NUMBERS)('accepts the real routing number %s', async (routingNumber) => {
    expect(await errorsOf({ routingNumber, accountNumber: '12345678' })).toEqual({});
  });

  it.each([
    ['empty', ''],
    ['8 digits', '02100002'],
    ['10 digits', '0210000210'],
    ['letters', '02100002a'],
    ['a bad checksum', '021000022'],
    ['spaces', '021 00002'],
  ])("routing number: %s → 'Please enter a valid 9-digit routing number'", async (_case, routingNumber) => {
    expect((await errorsOf({ routingNumber, accountNumber: '12345678' })).routingNumber).toBe(FundingValidationMessages.routingNumber);
    expect(FundingValidationMessages.routingNumber).toBe('Please enter a valid 9-digit routing number');
  });

  it.each([
    ['4 digits', '1234', true],
    ['17 digits', '12345678901234567', true],
    ['3 digits', '123', false],
    ['18 digits', '123456789012345678', false],
    ['empty', '', false],
    ['letters', '1234abcd', false],
  ])("account number: %s → valid %s, else 'Please enter a valid account number'", async (_case, accountNumber, valid) => {
    const errors = await errorsOf({ routingNumber: '021000021', accountNumber });
    expect(errors.accountNumber).toBe(valid ? undefined : 'Please enter a valid account number');
  });

  it('the ABA checksum catches every single-digit change of a valid routing number', () => {
    for (const routingNumber of REAL_ROUTING_NUMBERS) {
      for (let position = 0; position < 9; position += 1) {
        for (let digit = 0; digit <= 9; digit += 1) {
          const changed = routingNumber.slice(0, position) + digit + routingNumber.slice(position + 1);
          expect(isValidRoutingNumber(changed)).toBe(changed === routingNumber);
        }
      }
    }
  });

  it('exactly one check digit completes any 8 leading digits (checked over a sweep of prefixes)', () => {
    for (let prefix = 0; prefix < 100_000_000; prefix += 7_919_137) {
      const head = String(prefix).padStart(8, '0');
      const valid = [...'0123456789'].filter((digit) => isValidRoutingNumber(head + digit));
      expect(valid).toHaveLength(1);
    }
  });

  it('routing input keeps at most 9 digits; account input at most 17; anything not a digit is dropped', () => {
    expect(digitsOnly('0210-0002-1999', 9)).toBe('021000021');
    expect(digitsOnly('1234 5678 9012 3456 789', 17)).toBe('12345678901234567');
  });
});
