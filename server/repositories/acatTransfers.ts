import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AcatFragment, AcatItem, AcatKind, AcatOfferOverview } from '../../api/contract';
import type { Database } from '../db/schema';
import type { AcatDraftRow, DraftContext } from '../domain/servicesAcat';
import { servicesDb, type ServicesDb, type ServicesTrx } from '../domain/servicesSchema';

// Every query of the account transfers (ACAT drafts, offers, the partner's link tokens) of migration 0006.

type Db = Kysely<Database> | ServicesDb | ServicesTrx;
const services = (db: Db) => servicesDb(db as Kysely<Database>);

/** Runs `work` in one transaction over the service tables. */
export const inServicesTransaction = <T>(db: Kysely<Database>, work: (trx: ServicesTrx) => Promise<T>): Promise<T> =>
  servicesDb(db).transaction().execute(work);

/** What the draft rules need to know about the customer: registration, application and own accounts. */
export async function draftContext(db: Db, userId: string): Promise<DraftContext> {
  const user = await services(db)
    .selectFrom('users')
    .select(['user_type', 'application_status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const accounts = await services(db).selectFrom('accounts').select(['id', 'variant', 'status']).where('user_id', '=', userId).execute();
  return {
    userType: user.user_type,
    applicationComplete: user.application_status === 'COMPLETE',
    accounts: new Map(accounts.map((account) => [account.id, { variant: account.variant, status: account.status }])),
  };
}

/** The customer's own draft; `lock` takes its row for the transaction. */
export function findOwnDraft(db: Db, userId: string, id: string, lock = false): Promise<AcatDraftRow | undefined> {
  let query = services(db).selectFrom('acat_drafts').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export const listDrafts = (db: Kysely<Database>, userId: string): Promise<AcatDraftRow[]> =>
  servicesDb(db).selectFrom('acat_drafts').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').execute();

/** Locks the customer's row: the lock that keeps two simultaneous creations from passing the limit together. */
export async function lockCustomer(trx: ServicesTrx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function countOpenDrafts(trx: ServicesTrx, userId: string): Promise<number> {
  const open = await trx
    .selectFrom('acat_drafts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('progress', '=', 'IN_PROGRESS')
    .executeTakeFirstOrThrow();
  return Number(open.count);
}

export const insertDraft = (
  trx: ServicesTrx,
  userId: string,
  kind: AcatKind,
  fragments: readonly AcatFragment[],
  now: Date,
): Promise<AcatDraftRow> =>
  trx
    .insertInto('acat_drafts')
    .values({
      id: randomUUID(),
      user_id: userId,
      kind,
      source: 'MANUAL',
      progress: 'IN_PROGRESS',
      transfer_status: null,
      fragments: JSON.stringify(fragments),
      items: '[]',
      created_at: now,
      updated_at: now,
      submitted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteDraft(trx: ServicesTrx, id: string): Promise<void> {
  await trx.deleteFrom('acat_drafts').where('id', '=', id).execute();
}

/** Writes the draft's fragments (and its source, when a partner link gave it). */
export const saveDraftFragments = (
  trx: ServicesTrx,
  id: string,
  fragments: readonly AcatFragment[],
  now: Date,
  source?: 'PLAID',
): Promise<AcatDraftRow> =>
  trx
    .updateTable('acat_drafts')
    .set({ ...(source ? { source } : {}), fragments: JSON.stringify(fragments), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** The customer's other submitted drafts (their fragments name their source accounts). */
export const otherSubmittedDrafts = (trx: ServicesTrx, userId: string, exceptId: string) =>
  trx
    .selectFrom('acat_drafts')
    .select(['id', 'fragments'])
    .where('user_id', '=', userId)
    .where('progress', '=', 'SUBMITTED')
    .where('id', '!=', exceptId)
    .execute();

export const markDraftSubmitted = (
  trx: ServicesTrx,
  id: string,
  items: readonly AcatItem[] | ReadonlyArray<{ description: string; status: 'PENDING' }>,
  now: Date,
): Promise<AcatDraftRow> =>
  trx
    .updateTable('acat_drafts')
    .set({ progress: 'SUBMITTED', transfer_status: 'INITIATED', items: JSON.stringify(items), submitted_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Accepts a brokerage's offer; the first acceptance time is kept. */
export const acceptOffer = (db: Kysely<Database>, userId: string, brokerage: string, now: Date) =>
  servicesDb(db)
    .insertInto('acat_offers')
    .values({ user_id: userId, brokerage, accepted_at: now, overview: null, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'brokerage']).doUpdateSet({ updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();

export async function saveOfferOverview(
  db: Kysely<Database>,
  userId: string,
  brokerage: string,
  overview: AcatOfferOverview,
  now: Date,
): Promise<void> {
  await servicesDb(db)
    .insertInto('acat_offers')
    .values({ user_id: userId, brokerage, accepted_at: now, overview: JSON.stringify(overview), updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'brokerage']).doUpdateSet({ overview: JSON.stringify(overview), updated_at: now }))
    .execute();
}

export async function findOfferOverview(db: Kysely<Database>, userId: string, brokerage: string): Promise<AcatOfferOverview | null> {
  const row = await servicesDb(db)
    .selectFrom('acat_offers')
    .select('overview')
    .where('user_id', '=', userId)
    .where('brokerage', '=', brokerage)
    .executeTakeFirst();
  return (row?.overview as AcatOfferOverview | null | undefined) ?? null;
}

export async function customerEmail(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.email;
}

/** Keeps the hash of a partner link token handed to the customer (a new link, no institution yet). */
export async function insertPartnerLinkToken(
  db: Kysely<Database>,
  userId: string,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('link_tokens')
    .values({
      id: randomUUID(),
      token_hash: tokenHash,
      user_id: userId,
      mode: 'NEW',
      institution_id: null,
      payment_method_id: null,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
}
