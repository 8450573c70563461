import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Selectable } from 'kysely';
import {
  AccountInfoResponse,
  ApiPaths,
  BeneficiariesResponse,
  BeneficiariesUpdateRequest,
  BeneficiaryAccount,
  BeneficiaryAccountParams,
  BENEFICIARY_ACCOUNT_VARIANTS,
  beneficiaryDesignationProblems,
  DEFAULT_MEMBERSHIP_PLAN,
  emptyAddressDraft,
  addressDraftFrom,
  InvestingProfile,
  InvestingProfileResponse,
  investingProfileProblems,
  isBeneficiaryAccountVariant,
  MembershipRequest,
  MembershipResponse,
  normalisePhone,
  ProfileErrorCode,
  toAddress,
  TrustedContactRequest,
  TrustedContactResponse,
  trustedContactErrors,
  type AccountOwner,
  type Address,
  type TrustedContact,
} from '../../api/contract';
import type { AccountRow } from '../db/schema';
import { marketDate } from '../../api/contract/bankCalendar';
import { profileDb, type BeneficiariesTable, type ProfileDb, type TrustedContactsTable } from '../domain/profileSchema';
import { requireUser } from '../domain/sessions';
import { ApiError } from '../errors';
import type { RouteDeps } from './routeDeps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const accountNotFound = () => new ApiError(404, ProfileErrorCode.ACCOUNT_NOT_FOUND, 'We could not find that account.');
const beneficiaryNotFound = () => new ApiError(404, ProfileErrorCode.BENEFICIARY_NOT_FOUND, 'We could not find that beneficiary.');

const last4 = (accountNumber: string) => accountNumber.slice(-4);

function presentTrustedContact(row: Selectable<TrustedContactsTable> | undefined): TrustedContact | null {
  if (!row) return null;
  const address: Address | null =
    row.address1 && row.city && row.state && row.zipcode
      ? { address1: row.address1, address2: row.address2 ?? null, city: row.city, state: row.state, zipcode: row.zipcode, country: 'USA' }
      : null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    relationship: row.relationship,
    email: row.email,
    phone: row.phone,
    address,
    updatedAt: row.updated_at.toISOString(),
  };
}

const loadTrustedContact = (db: ProfileDb, userId: string) => db.selectFrom('trusted_contacts').selectAll().where('user_id', '=', userId).executeTakeFirst();

type BeneficiaryRow = Selectable<BeneficiariesTable>;

function presentBeneficiaryAccount(account: AccountRow, rows: readonly BeneficiaryRow[]): BeneficiaryAccount {
  const own = rows
    .filter((row) => row.account_id === account.id)
    .sort((a, b) => (a.tier === b.tier ? a.position - b.position : a.tier === 'PRIMARY' ? -1 : 1));
  const updated = own.reduce<Date | null>((latest, row) => (latest === null || row.updated_at > latest ? row.updated_at : latest), null);
  return {
    accountUuid: account.id,
    variant: account.variant,
    displayName: account.display_name,
    accountNumberLast4: last4(account.account_number),
    beneficiaries: own.map((row) => ({
      id: row.id,
      tier: row.tier,
      firstName: row.first_name,
      lastName: row.last_name,
      relationship: row.relationship,
      dateOfBirth: row.date_of_birth,
      sharePercent: row.share_percent,
    })),
    updatedAt: updated ? updated.toISOString() : null,
  };
}

/**
 * Profile settings: investing profile, trusted contact (FINRA 4512), IRA beneficiaries, account info and the
 * membership plan. Everything is the signed-in customer's own: another customer's account or beneficiary id
 * answers 404, as an unknown one does.
 */
export function profileRoutes(deps: RouteDeps): FastifyPluginAsync {
  const db = profileDb(deps.db);
  const { clock } = deps;

  return async (app) => {
    // ---- investing profile ----
    app.get<{ Reply: InvestingProfileResponse }>(
      ApiPaths.profileInvestingProfile,
      { schema: { response: { 200: InvestingProfileResponse } } },
      async (request) => {
        const row = await db.selectFrom('investing_profiles').selectAll().where('user_id', '=', request.userId).executeTakeFirst();
        if (!row) return { profile: null, updatedAt: null };
        return {
          profile: {
            investmentObjective: row.investment_objective,
            riskTolerance: row.risk_tolerance,
            timeHorizon: row.time_horizon,
            investmentExperience: row.investment_experience,
            liquidityNeeds: row.liquidity_needs,
            annualIncome: row.annual_income,
            netWorth: row.net_worth,
            liquidNetWorth: row.liquid_net_worth,
          },
          updatedAt: row.updated_at.toISOString(),
        };
      },
    );

    app.put<{ Body: InvestingProfile; Reply: InvestingProfileResponse }>(
      ApiPaths.profileInvestingProfile,
      { schema: { body: InvestingProfile, response: { 200: InvestingProfileResponse } } },
      async (request) => {
        const user = await requireUser(deps.db, request.userId);
        const profile = request.body;
        const problems = investingProfileProblems(profile);
        if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.INVESTING_PROFILE_INVALID, problems[0].message);
        const now = clock.now();
        const values = {
          investment_objective: profile.investmentObjective,
          risk_tolerance: profile.riskTolerance,
          time_horizon: profile.timeHorizon,
          investment_experience: profile.investmentExperience,
          liquidity_needs: profile.liquidityNeeds,
          annual_income: profile.annualIncome,
          net_worth: profile.netWorth,
          liquid_net_worth: profile.liquidNetWorth,
          updated_at: now,
        };
        await db
          .insertInto('investing_profiles')
          .values({ user_id: user.id, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
        return { profile, updatedAt: now.toISOString() };
      },
    );

    // ---- trusted contact ----
    app.get<{ Reply: TrustedContactResponse }>(
      ApiPaths.profileTrustedContact,
      { schema: { response: { 200: TrustedContactResponse } } },
      async (request) => ({ trustedContact: presentTrustedContact(await loadTrustedContact(db, request.userId)) }),
    );

    app.put<{ Body: TrustedContactRequest; Reply: TrustedContactResponse }>(
      ApiPaths.profileTrustedContact,
      { schema: { body: TrustedContactRequest, response: { 200: TrustedContactResponse } } },
      async (request) => {
        const user = await requireUser(deps.db, request.userId);
        const body = request.body;
        const draft = {
          firstName: body.firstName,
          lastName: body.lastName,
          relationship: body.relationship,
          email: body.email ?? '',
          phone: body.phone ?? '',
          includeAddress: body.address !== null,
          address: body.address ? addressDraftFrom(body.address) : emptyAddressDraft,
        };
        const problems = Object.values(trustedContactErrors(draft));
        if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.TRUSTED_CONTACT_INVALID, problems[0]!);
        const address = body.address ? toAddress(addressDraftFrom(body.address)) : null;
        const email = draft.email.trim();
        const phone = normalisePhone(draft.phone);
        const values = {
          first_name: draft.firstName.trim().replace(/\s+/g, ' '),
          last_name: draft.lastName.trim().replace(/\s+/g, ' '),
          relationship: body.relationship,
          email: email === '' ? null : email,
          phone: phone === '' ? null : phone,
          address1: address?.address1 ?? null,
          address2: address?.address2 ?? null,
          city: address?.city ?? null,
          state: address?.state ?? null,
          zipcode: address?.zipcode ?? null,
          updated_at: clock.now(),
        };
        await db
          .insertInto('trusted_contacts')
          .values({ id: randomUUID(), user_id: user.id, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
        return { trustedContact: presentTrustedContact(await loadTrustedContact(db, user.id)) };
      },
    );

    app.delete(ApiPaths.profileTrustedContact, async (request, reply) => {
      const removed = await db.deleteFrom('trusted_contacts').where('user_id', '=', request.userId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        throw new ApiError(404, ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND, 'You have no trusted contact on file.');
      }
      return reply.status(204).send();
    });

    // ---- beneficiaries ----
    app.get<{ Reply: BeneficiariesResponse }>(
      ApiPaths.profileBeneficiaries,
      { schema: { response: { 200: BeneficiariesResponse } } },
      async (request) => {
        const accounts = await db
          .selectFrom('accounts')
          .selectAll()
          .where('user_id', '=', request.userId)
          .where('variant', 'in', [...BENEFICIARY_ACCOUNT_VARIANTS])
          .orderBy('created_at')
          .execute();
        const rows = await db.selectFrom('beneficiaries').selectAll().where('user_id', '=', request.userId).execute();
        return { accounts: accounts.map((account) => presentBeneficiaryAccount(account, rows)) };
      },
    );

    app.put<{ Params: BeneficiaryAccountParams; Body: BeneficiariesUpdateRequest; Reply: BeneficiaryAccount }>(
      ApiPaths.profileAccountBeneficiaries,
      { schema: { params: BeneficiaryAccountParams, body: BeneficiariesUpdateRequest, response: { 200: BeneficiaryAccount } } },
      async (request) => {
        const { accountUuid } = request.params;
        if (!UUID.test(accountUuid)) throw accountNotFound();
        const people = request.body.beneficiaries;
        const ids = people.flatMap((person) => (person.id === undefined ? [] : [person.id]));
        if (new Set(ids).size !== ids.length) {
          throw new ApiError(400, ProfileErrorCode.BENEFICIARIES_INVALID, 'Each beneficiary may appear only once.');
        }
        if (ids.some((id) => !UUID.test(id))) throw beneficiaryNotFound();

        return db.transaction().execute(async (trx) => {
          // The account row is locked so two saves of one designation cannot interleave.
          const account = await trx
            .selectFrom('accounts')
            .selectAll()
            .where('id', '=', accountUuid)
            .where('user_id', '=', request.userId)
            .forUpdate()
            .executeTakeFirst();
          if (!account) throw accountNotFound();
          if (!isBeneficiaryAccountVariant(account.variant)) {
            throw new ApiError(422, ProfileErrorCode.BENEFICIARY_ACCOUNT_NOT_IRA, 'Beneficiaries can be named on IRAs only.');
          }
          const existing = await trx.selectFrom('beneficiaries').select('id').where('account_id', '=', account.id).where('user_id', '=', request.userId).execute();
          const existingIds = new Set(existing.map((row) => row.id));
          if (ids.some((id) => !existingIds.has(id))) throw beneficiaryNotFound();

          const problems = beneficiaryDesignationProblems(people, marketDate(clock.now()));
          if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.BENEFICIARIES_INVALID, problems[0]);

          const kept = new Set(ids);
          const removed = [...existingIds].filter((id) => !kept.has(id));
          if (removed.length > 0) await trx.deleteFrom('beneficiaries').where('id', 'in', removed).execute();
          const now = clock.now();
          const positions = { PRIMARY: 0, CONTINGENT: 0 };
          for (const person of people) {
            const values = {
              tier: person.tier,
              first_name: person.firstName.trim().replace(/\s+/g, ' '),
              last_name: person.lastName.trim().replace(/\s+/g, ' '),
              relationship: person.relationship,
              date_of_birth: person.dateOfBirth,
              share_percent: person.sharePercent,
              position: positions[person.tier]++,
              updated_at: now,
            };
            if (person.id === undefined) {
              await trx.insertInto('beneficiaries').values({ id: randomUUID(), user_id: request.userId, account_id: account.id, ...values }).execute();
            } else {
              await trx.updateTable('beneficiaries').set(values).where('id', '=', person.id).execute();
            }
          }
          const rows = await trx.selectFrom('beneficiaries').selectAll().where('account_id', '=', account.id).execute();
          return presentBeneficiaryAccount(account, rows);
        });
      },
    );

    // ---- account info ----
    app.get<{ Reply: AccountInfoResponse }>(
      ApiPaths.profileAccountInfo,
      { schema: { response: { 200: AccountInfoResponse } } },
      async (request) => {
        const user = await requireUser(deps.db, request.userId);
        const accounts = await db.selectFrom('accounts').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
        const others = accounts.length
          ? await db.selectFrom('account_owners').selectAll().where('account_id', 'in', accounts.map((account) => account.id)).orderBy('position').execute()
          : [];
        const legalName = `${user.first_name} ${user.last_name}`;
        return {
          legalName: { firstName: user.first_name, lastName: user.last_name },
          email: user.email,
          accounts: accounts.map((account) => {
            const extra: AccountOwner[] = others.filter((owner) => owner.account_id === account.id).map((owner) => ({ name: owner.name, role: owner.role }));
            const owners: AccountOwner[] =
              account.user_type === 'ENTITY'
                ? [{ name: account.display_name, role: 'ENTITY' }, { name: legalName, role: 'AUTHORIZED_SIGNER' }, ...extra]
                : [{ name: legalName, role: 'OWNER' }, ...extra];
            return {
              accountUuid: account.id,
              variant: account.variant,
              displayName: account.display_name,
              status: account.status,
              accountNumberLast4: last4(account.account_number),
              openedOn: account.date_joined,
              registration: account.user_type,
              owners,
            };
          }),
        };
      },
    );

    // ---- membership ----
    app.get<{ Reply: MembershipResponse }>(ApiPaths.profileMembership, { schema: { response: { 200: MembershipResponse } } }, async (request) => {
      const row = await db.selectFrom('memberships').selectAll().where('user_id', '=', request.userId).executeTakeFirst();
      return row ? { plan: row.plan, changedAt: row.changed_at.toISOString() } : { plan: DEFAULT_MEMBERSHIP_PLAN, changedAt: null };
    });

    app.put<{ Body: MembershipRequest; Reply: MembershipResponse }>(
      ApiPaths.profileMembership,
      { schema: { body: MembershipRequest, response: { 200: MembershipResponse } } },
      async (request) => {
        const user = await requireUser(deps.db, request.userId);
        if (user.status === 'CLOSED') throw new ApiError(403, ProfileErrorCode.MEMBERSHIP_NOT_ALLOWED, 'A closed account cannot change its plan.');
        const current = await db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).executeTakeFirst();
        // Asking for the plan one has changes nothing (a retried click), not even the date.
        if ((current?.plan ?? DEFAULT_MEMBERSHIP_PLAN) === request.body.plan) {
          return { plan: request.body.plan, changedAt: current ? current.changed_at.toISOString() : null };
        }
        const now = clock.now();
        await db
          .insertInto('memberships')
          .values({ user_id: user.id, plan: request.body.plan, changed_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan: request.body.plan, changed_at: now }))
          .execute();
        return { plan: request.body.plan, changedAt: now.toISOString() };
      },
    );
  };
}
