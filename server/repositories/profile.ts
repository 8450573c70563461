import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { BENEFICIARY_ACCOUNT_VARIANTS, type MembershipPlan } from '../../api/contract';
import type { AccountRow, Database } from '../db/schema';
import {
  profileDb,
  type BeneficiariesTable,
  type InvestingProfilesTable,
  type ProfileTrx,
  type TrustedContactsTable,
} from '../domain/profileSchema';

// Every query of the profile settings (migration 0009's tables and the accounts they hang on).

type InvestingProfileValues = Omit<Insertable<InvestingProfilesTable>, 'user_id'>;
type TrustedContactValues = Omit<Insertable<TrustedContactsTable>, 'id' | 'user_id'>;
export type BeneficiaryRow = Selectable<BeneficiariesTable>;
export type BeneficiaryValues = Omit<Insertable<BeneficiariesTable>, 'id' | 'user_id' | 'account_id'> & Updateable<BeneficiariesTable>;

export const findInvestingProfile = (db: Kysely<Database>, userId: string) =>
  profileDb(db).selectFrom('investing_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function saveInvestingProfile(db: Kysely<Database>, userId: string, values: InvestingProfileValues): Promise<void> {
  await profileDb(db)
    .insertInto('investing_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export const findTrustedContact = (db: Kysely<Database>, userId: string) =>
  profileDb(db).selectFrom('trusted_contacts').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function saveTrustedContact(db: Kysely<Database>, userId: string, values: TrustedContactValues): Promise<void> {
  await profileDb(db)
    .insertInto('trusted_contacts')
    .values({ id: randomUUID(), user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Whether a trusted contact was on file and is now gone. */
export async function deleteTrustedContact(db: Kysely<Database>, userId: string): Promise<boolean> {
  const removed = await profileDb(db).deleteFrom('trusted_contacts').where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The customer's accounts that can name beneficiaries (IRAs), oldest first. */
export const listBeneficiaryAccounts = (db: Kysely<Database>, userId: string): Promise<AccountRow[]> =>
  db
    .selectFrom('accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('variant', 'in', [...BENEFICIARY_ACCOUNT_VARIANTS])
    .orderBy('created_at')
    .execute();

export const listBeneficiaries = (db: Kysely<Database>, userId: string): Promise<BeneficiaryRow[]> =>
  profileDb(db).selectFrom('beneficiaries').selectAll().where('user_id', '=', userId).execute();

/** Runs `work` in one transaction over the profile tables. */
export const inProfileTransaction = <T>(db: Kysely<Database>, work: (trx: ProfileTrx) => Promise<T>): Promise<T> =>
  profileDb(db).transaction().execute(work);

/** The customer's own account, locked so two saves of one designation cannot interleave. */
export const lockOwnAccount = (trx: ProfileTrx, userId: string, accountId: string): Promise<AccountRow | undefined> =>
  trx.selectFrom('accounts').selectAll().where('id', '=', accountId).where('user_id', '=', userId).forUpdate().executeTakeFirst();

export async function beneficiaryIdsOfAccount(trx: ProfileTrx, userId: string, accountId: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('beneficiaries')
    .select('id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function deleteBeneficiaries(trx: ProfileTrx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await trx
      .deleteFrom('beneficiaries')
      .where('id', 'in', [...ids])
      .execute();
}

export async function insertBeneficiary(trx: ProfileTrx, userId: string, accountId: string, values: BeneficiaryValues): Promise<void> {
  await trx
    .insertInto('beneficiaries')
    .values({ id: randomUUID(), user_id: userId, account_id: accountId, ...values })
    .execute();
}

export async function updateBeneficiary(trx: ProfileTrx, id: string, values: BeneficiaryValues): Promise<void> {
  await trx.updateTable('beneficiaries').set(values).where('id', '=', id).execute();
}

export const beneficiariesOfAccount = (trx: ProfileTrx, accountId: string): Promise<BeneficiaryRow[]> =>
  trx.selectFrom('beneficiaries').selectAll().where('account_id', '=', accountId).execute();

/** Every account of the customer, oldest first, with the extra owners of each in their order. */
export async function accountsWithOwners(db: Kysely<Database>, userId: string) {
  const accounts = await db.selectFrom('accounts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const owners = accounts.length
    ? await profileDb(db)
        .selectFrom('account_owners')
        .selectAll()
        .where(
          'account_id',
          'in',
          accounts.map((account) => account.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return { accounts, owners };
}

export const findMembership = (db: Kysely<Database>, userId: string) =>
  profileDb(db).selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function saveMembership(db: Kysely<Database>, userId: string, plan: MembershipPlan, now: Date): Promise<void> {
  await profileDb(db)
    .insertInto('memberships')
    .values({ user_id: userId, plan, changed_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan, changed_at: now }))
    .execute();
}
