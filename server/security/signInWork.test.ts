import crypto from 'node:crypto';
import fc from 'fast-check';
import { DEMO_PASSWORD } from '../db/seed';
import { login, type SessionDeps } from '../domain/sessions';
import { TEST_AUTH_SECRET } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Rule: a sign-in does the same password-hashing work whether the email is unknown or the password is wrong,
// so its answer time does not tell an attacker which emails have accounts. Counted, not timed: every scrypt
// derivation is recorded with its cost, and each refused sign-in must have made exactly one, at full cost.

const { db, clock } = useTestApp();
const KNOWN = ['alex@fundflow.test', 'Alex@FundFlow.TEST', 'closed@fundflow.test'];

const email = fc.oneof(
  fc.constantFrom(...KNOWN).map((value) => ({ value, known: true })),
  fc
    .emailAddress()
    .filter((value) => !KNOWN.some((known) => known.toLowerCase() === value.toLowerCase()))
    .map((value) => ({ value, known: false })),
);
const wrongPassword = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value !== DEMO_PASSWORD);

describe('sign-in work', () => {
  it('the same password-hash work is done for an unknown email as for a wrong password (one scrypt at full cost)', async () => {
    const deps: SessionDeps = { db, clock, mode: 'sandbox', authSecret: TEST_AUTH_SECRET };
    const spy = jest.spyOn(crypto, 'scrypt');
    try {
      const work: Record<'known' | 'unknown', string[]> = { known: [], unknown: [] };
      await fc.assert(
        fc.asyncProperty(email, wrongPassword, async ({ value, known }, password) => {
          spy.mockClear();
          await expect(login(deps, value, password)).rejects.toMatchObject({ errorCode: 'INVALID_CREDENTIALS' });
          const costs = spy.mock.calls.map((call) => {
            const options = call[3];
            return `N=${options.N} r=${options.r} p=${options.p} keylen=${call[2]}`;
          });
          work[known ? 'known' : 'unknown'].push(costs.join(', '));
          expect(costs).toEqual(['N=32768 r=8 p=1 keylen=32']);
        }),
        { numRuns: 16 },
      );
      // Both kinds were really tried.
      expect(work.known.length).toBeGreaterThan(0);
      expect(work.unknown.length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  }, 60_000);
});
