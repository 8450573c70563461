import Ajv from 'ajv';
import fc from 'fast-check';
import { NumberLinkRequest, RoutingNumberParams } from '../../api/contract/funding';
import {
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  NUMBER_LINK_ACCOUNT_MAX,
  ROUTING_NUMBER_LENGTH,
} from '../../api/contract/fundingRules';
import { ACCOUNT_MAX, digitsOnly, numberLinkSchema, ROUTING_MAX } from './numberLinkValidation';

// The number-link form (yup) and the server judge every routing and account number alike. The server's verdict
// is its body schema (NumberLinkRequest) followed by the rule functions the route calls.

const ajv = new Ajv({ strict: false });
const serverSchemaAccepts = ajv.compile(NumberLinkRequest);
const routingParamsAccept = ajv.compile(RoutingNumberParams);
const serverAccepts = (routingNumber: string, bankAccount: string) =>
  serverSchemaAccepts({ routingNumber, bankAccount }) && isValidRoutingNumber(routingNumber) && isValidNumberLinkAccount(bankAccount);
const formAccepts = (routingNumber: string, accountNumber: string) => numberLinkSchema.isValidSync({ routingNumber, accountNumber });

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];
const validRouting = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }).map((eight) => {
  const sum = eight.reduce((total, digit, i) => total + WEIGHTS[i] * digit, 0);
  return [...eight, (10 - (sum % 10)) % 10].join('');
});
const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
const typed = fc.string({ unit: fc.constantFrom(...'0123456789', ' ', '-', '+', '.', 'e', '０', '٣', '\u200b', '\t'), maxLength: 22 });
const routingInput = fc.oneof(validRouting, digits(0, 12), typed, fc.string({ maxLength: 12 }));
const accountInput = fc.oneof(digits(0, 20), typed, fc.string({ maxLength: 20 }));

describe('number link: form and server agree', () => {
  it('accept and refuse the same routing and account numbers', () => {
    fc.assert(
      fc.property(routingInput, accountInput, (routing, account) => formAccepts(routing, account) === serverAccepts(routing, account)),
    );
  });

  it('accept every checksum-valid routing number with a 4 to 17 digit account', () => {
    fc.assert(
      fc.property(
        validRouting,
        digits(4, NUMBER_LINK_ACCOUNT_MAX),
        (routing, account) => formAccepts(routing, account) && serverAccepts(routing, account),
      ),
    );
  });

  it('what the fields keep while typing is ASCII digits within the field maximum, and idempotent', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const routing = digitsOnly(value, ROUTING_MAX);
        const account = digitsOnly(value, ACCOUNT_MAX);
        expect(routing).toMatch(/^[0-9]{0,9}$/);
        expect(account).toMatch(/^[0-9]{0,17}$/);
        expect(digitsOnly(routing, ROUTING_MAX)).toBe(routing);
        expect(ROUTING_MAX).toBe(ROUTING_NUMBER_LENGTH);
      }),
    );
  });

  it('a routing number the field keeps and the form accepts is also a valid path for the bank look-up', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const routing = digitsOnly(value, ROUTING_MAX);
        if (formAccepts(routing, '1234')) expect(routingParamsAccept({ routingNumber: routing })).toBe(true);
      }),
    );
  });
});
