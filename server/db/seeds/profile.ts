import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { BeneficiaryFields, InvestingProfileFields, MembershipPlan, TrustedContactRelationship } from '../../../api/contract';
import type { Database } from '../schema';
import type { ProfileTables } from '../../domain/profileSchema';

// Demo profile data (issue 5): fictional people with reserved example.com emails and 555-01xx phone numbers.

interface DemoProfile {
  investingProfile?: InvestingProfileFields;
  trustedContact?: {
    firstName: string;
    lastName: string;
    relationship: TrustedContactRelationship;
    email: string | null;
    phone: string | null;
  };
  /** By the demo account's accountId (seed.ts numbers). */
  beneficiaries?: Record<string, BeneficiaryFields[]>;
  owners?: Record<string, Array<{ name: string; role: 'JOINT_OWNER' | 'AUTHORIZED_SIGNER' }>>;
  membership?: MembershipPlan;
}

export const DEMO_PROFILES: Readonly<Record<string, DemoProfile>> = {
  'alex@fundflow.test': {
    investingProfile: {
      investmentObjective: 'GROWTH',
      riskTolerance: 'HIGH',
      timeHorizon: 'LONG',
      investmentExperience: 'GOOD',
      liquidityNeeds: 'SOMEWHAT_IMPORTANT',
      annualIncome: 'FROM_100K_TO_200K',
      netWorth: 'FROM_250K_TO_500K',
      liquidNetWorth: 'FROM_100K_TO_250K',
    },
    trustedContact: {
      firstName: 'Jamie',
      lastName: 'Morgan',
      relationship: 'SIBLING',
      email: 'jamie.morgan@example.com',
      phone: '4155550132',
    },
    beneficiaries: {
      '5001002': [
        { tier: 'PRIMARY', firstName: 'Taylor', lastName: 'Morgan', relationship: 'SPOUSE', dateOfBirth: '1991-09-03', sharePercent: 100 },
        { tier: 'CONTINGENT', firstName: 'Riley', lastName: 'Morgan', relationship: 'CHILD', dateOfBirth: '2019-05-12', sharePercent: 50 },
        { tier: 'CONTINGENT', firstName: 'Avery', lastName: 'Morgan', relationship: 'CHILD', dateOfBirth: '2021-11-30', sharePercent: 50 },
      ],
    },
    membership: 'PREMIUM',
  },
  'joint@fundflow.test': {
    investingProfile: {
      investmentObjective: 'INCOME',
      riskTolerance: 'MEDIUM',
      timeHorizon: 'AVERAGE',
      investmentExperience: 'EXTENSIVE',
      liquidityNeeds: 'NOT_IMPORTANT',
      annualIncome: 'FROM_200K_TO_500K',
      netWorth: 'FROM_1M_TO_5M',
      liquidNetWorth: 'FROM_500K_TO_1M',
    },
    owners: { '5003001': [{ name: 'Arjun Patel', role: 'JOINT_OWNER' }] },
  },
  'entity@fundflow.test': {
    owners: { '5004001': [{ name: 'Elena Park', role: 'AUTHORIZED_SIGNER' }] },
    membership: 'PREMIUM',
  },
};

/** Writes the demo customer's profile data (called by seed.ts for each demo customer). */
export async function insertDemoProfileData(
  trx: Transaction<Database>,
  userId: string,
  email: string,
  accountUuid: (accountId: string) => string | undefined,
  now: Date,
): Promise<void> {
  const demo = DEMO_PROFILES[email];
  if (!demo) return;
  const db = trx.withTables<ProfileTables>();
  if (demo.investingProfile) {
    const p = demo.investingProfile;
    await db
      .insertInto('investing_profiles')
      .values({
        user_id: userId,
        investment_objective: p.investmentObjective,
        risk_tolerance: p.riskTolerance,
        time_horizon: p.timeHorizon,
        investment_experience: p.investmentExperience,
        liquidity_needs: p.liquidityNeeds,
        annual_income: p.annualIncome,
        net_worth: p.netWorth,
        liquid_net_worth: p.liquidNetWorth,
        updated_at: now,
      })
      .execute();
  }
  if (demo.trustedContact) {
    const c = demo.trustedContact;
    await db
      .insertInto('trusted_contacts')
      .values({
        id: randomUUID(),
        user_id: userId,
        first_name: c.firstName,
        last_name: c.lastName,
        relationship: c.relationship,
        email: c.email,
        phone: c.phone,
        updated_at: now,
      })
      .execute();
  }
  for (const [accountId, people] of Object.entries(demo.beneficiaries ?? {})) {
    const account = accountUuid(accountId);
    if (!account) continue;
    for (const [position, b] of people.entries()) {
      await db
        .insertInto('beneficiaries')
        .values({
          id: randomUUID(),
          user_id: userId,
          account_id: account,
          tier: b.tier,
          first_name: b.firstName,
          last_name: b.lastName,
          relationship: b.relationship,
          date_of_birth: b.dateOfBirth,
          share_percent: b.sharePercent,
          position,
          updated_at: now,
        })
        .execute();
    }
  }
  for (const [accountId, owners] of Object.entries(demo.owners ?? {})) {
    const account = accountUuid(accountId);
    if (!account) continue;
    for (const [position, owner] of owners.entries()) {
      await db
        .insertInto('account_owners')
        .values({ id: randomUUID(), account_id: account, name: owner.name, role: owner.role, position })
        .execute();
    }
  }
  if (demo.membership) {
    await db.insertInto('memberships').values({ user_id: userId, plan: demo.membership, changed_at: now }).execute();
  }
}

/**
 * For the sandbox customer copy (server/repositories/sandboxCustomers.ts): copies a customer's profile data
 * to the copy. `accountUuids` maps the template's accounts.id to the copy's.
 */
export async function copyDemoProfileData(
  trx: Transaction<Database>,
  fromUserId: string,
  toUserId: string,
  accountUuids: ReadonlyMap<string, string>,
): Promise<void> {
  const db = trx.withTables<ProfileTables>();
  const profile = await db.selectFrom('investing_profiles').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (profile)
    await db
      .insertInto('investing_profiles')
      .values({ ...profile, user_id: toUserId })
      .execute();
  const contact = await db.selectFrom('trusted_contacts').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (contact)
    await db
      .insertInto('trusted_contacts')
      .values({ ...contact, id: randomUUID(), user_id: toUserId })
      .execute();
  const people = await db.selectFrom('beneficiaries').selectAll().where('user_id', '=', fromUserId).execute();
  for (const person of people) {
    const account = accountUuids.get(person.account_id);
    if (account)
      await db
        .insertInto('beneficiaries')
        .values({ ...person, id: randomUUID(), user_id: toUserId, account_id: account })
        .execute();
  }
  const templateAccounts = [...accountUuids.keys()];
  if (templateAccounts.length > 0) {
    const owners = await db.selectFrom('account_owners').selectAll().where('account_id', 'in', templateAccounts).execute();
    for (const owner of owners) {
      await db
        .insertInto('account_owners')
        .values({ ...owner, id: randomUUID(), account_id: accountUuids.get(owner.account_id)! })
        .execute();
    }
  }
  const membership = await db.selectFrom('memberships').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (membership)
    await db
      .insertInto('memberships')
      .values({ ...membership, user_id: toUserId })
      .execute();
}
