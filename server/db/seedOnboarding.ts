import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { addMissingDemoCryptoTransfers, insertDemoCryptoTransfers } from './seeds/crypto';
import type { StoredIdentity } from '../domain/onboarding';
import type { Database } from './schema';

// Demo data of onboarding and crypto transfers (issue 5), kept out of seed.ts: the customer below is added to
// DEMO_CUSTOMERS there, and insertDemoOnboardingCrypto runs for every demo customer it writes.

export const ONBOARDING_DEMO_EMAIL = 'apply@fundflow.test';

/** An application started but not finished: identity and address given; employment, investing profile and disclosures missing. */
export const ONBOARDING_DEMO_CUSTOMERS = [
  {
    email: ONBOARDING_DEMO_EMAIL,
    description: 'Application incomplete (INCOMPLETE, account PENDING): finishes it on /setup-investing; approved about 20 seconds later',
    firstName: 'Taylor',
    lastName: 'Brooks',
    userType: 'INDIVIDUAL' as const,
    status: 'ACTIVE' as const,
    applicationStatus: 'INCOMPLETE' as const,
    mustAcceptTerms: false,
    hasFunded: false,
    createdAt: '2026-02-20T16:40:00Z',
    birthDate: '1992-04-18',
    address: { address1: '2150 Larimer Street', address2: null, city: 'Denver', state: 'CO', zipcode: '80205' },
    accounts: [
      {
        accountId: '5014001',
        number: '806251437',
        variant: 'US' as const,
        balanceCents: 0,
        type: 'cash' as const,
        dateJoined: '2026-02-20',
        status: 'PENDING' as const,
      },
    ],
    paymentMethods: [],
  },
];

const DEMO_IDENTITIES: Record<string, StoredIdentity> = {
  [ONBOARDING_DEMO_EMAIL]: {
    legalFirstName: 'Taylor',
    legalLastName: 'Brooks',
    birthDate: '1992-04-18',
    phoneNumber: '3035550142',
    citizenship: 'US_CITIZEN',
    ssnLast4: '6789',
  },
};

/** A demo customer's started application and incoming crypto transfers (none for most). */
export async function insertDemoOnboardingCrypto(trx: Transaction<Database>, userId: string, email: string, now: Date): Promise<void> {
  const identity = DEMO_IDENTITIES[email];
  if (identity) {
    await trx
      .insertInto('application_submissions')
      .values({ user_id: userId, identity: JSON.stringify(identity), state: 'DRAFT', updated_at: now })
      .execute();
  }
  await insertDemoCryptoTransfers(trx, userId, email, now);
}

/** Demo databases from before migration 0010: the crypto transfers and the started application, once. */
export async function addMissingDemoOnboardingCrypto(db: Kysely<Database>, now: Date): Promise<void> {
  await addMissingDemoCryptoTransfers(db, now);
  for (const [email, identity] of Object.entries(DEMO_IDENTITIES)) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'application_status'])
      .where('email', '=', email)
      .where('is_demo', '=', true)
      .executeTakeFirst();
    if (!user) continue;
    await db
      .insertInto('application_submissions')
      .values({ user_id: user.id, identity: JSON.stringify(identity), state: 'DRAFT', updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
}

/**
 * For copyDemoCustomer (repositories/sandboxCustomers.ts): the template's started application and incoming crypto
 * transfers, onto the copy (accounts mapped by `accountUuids`, template uuid → copy uuid).
 */
export async function copyDemoOnboardingCrypto(
  trx: Transaction<Database>,
  templateUserId: string,
  userId: string,
  accountUuids: ReadonlyMap<string, string>,
): Promise<void> {
  const application = await trx.selectFrom('application_submissions').selectAll().where('user_id', '=', templateUserId).executeTakeFirst();
  if (application) {
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    await trx
      .insertInto('application_submissions')
      .values({
        ...application,
        user_id: userId,
        identity: json(application.identity),
        employment: json(application.employment),
        investing_profile: json(application.investing_profile),
        disclosures: json(application.disclosures),
      })
      .execute();
  }
  const transfers = await trx.selectFrom('crypto_transfers').selectAll().where('user_id', '=', templateUserId).execute();
  for (const transfer of transfers) {
    const accountId = accountUuids.get(transfer.account_id);
    if (!accountId) continue;
    await trx
      .insertInto('crypto_transfers')
      .values({ ...transfer, id: randomUUID(), user_id: userId, account_id: accountId })
      .execute();
  }
}
