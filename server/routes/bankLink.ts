import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Transaction } from 'kysely';
import {
  ApiPaths,
  isMicroDepositPending,
  FundingErrorCode,
  FundingMessages,
  FundingValidationMessages,
  InstitutionSearchQuery,
  InstitutionsResponse,
  isValidMicroDepositAccount,
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  LinkedPaymentMethodResponse,
  LinkTokenRequest,
  LinkTokenResponse,
  MICRO_DEPOSIT_MAX_ATTEMPTS,
  MICRO_DEPOSIT_MAX_REISSUES,
  MicroDepositLinkRequest,
  MicroDepositVerifyRequest,
  NumberLinkRequest,
  parseMicroDepositAmount,
  PartnerLinkRequest,
  PartnerRelinkRequest,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  ProvidersResponse,
  RoutingNumberParams,
} from '../../api/contract';
import type { Database, InstitutionRow, NewPaymentMethod, PaymentMethodRow } from '../db/schema';
import { assertCanAdd, ruleView } from '../domain/additionRules';
import {
  duplicateBankAccount,
  institutionNotFound,
  invalidRoutingNumber,
  linkOptionUnavailable,
  partnerLinkFailed,
  paymentMethodNotFound,
  relinkNotRequired,
  validationFailed,
} from '../domain/fundingErrors';
import { microDepositsMatch, newMicroDepositAmounts } from '../domain/microDeposits';
import { bankAccountTypeOf, bankDisplayName, canBeDefault, methodFacts, newBankMethod } from '../domain/paymentMethods';
import { MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD, takeHit, withRetryAfter } from '../domain/rateLimits';
import { requireUser } from '../domain/sessions';
import { hashToken } from '../domain/tokens';
import { ApiError } from '../errors';
import { presentInstitution, presentPaymentMethod } from '../presenters';
import { PartnerError, type PartnerItem } from '../providers';
import { findInstitution, findInstitutionsByRoutingNumber, findInstitutionsInOrder, searchInstitutions } from '../repositories/institutions';
import { POPULAR_INSTITUTION_IDS } from '../db/institutionDirectory';
import { findOwnLiveMethod, findPaymentMethodById, insertPaymentMethod, lockLiveMethodsOfUser } from '../repositories/paymentMethods';
import type { RouteDeps } from './routeDeps';
import { publishLiveEvent } from '../events/liveEventChannel';

/** Same bank and same last 4 digits among the customer's live bank methods. */
function isDuplicateBank(live: readonly PaymentMethodRow[], institutionId: string | null, last4: string): boolean {
  if (institutionId === null) return false;
  return live.some((row) => row.type !== 'DEBIT_CARD' && row.institution_id === institutionId && row.last4 === last4);
}

const lastFour = (digits: string) => digits.slice(-4);

export function bankLinkRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  /**
   * Adds a bank method in one transaction: the addition rules and the duplicate check run on the locked
   * rows, so two concurrent links cannot both slip under a limit.
   */
  async function addBankMethod(
    userId: string,
    addition: 'bank' | 'microDeposit',
    build: (id: string) => NewPaymentMethod,
    afterInsert?: (trx: Transaction<Database>, row: PaymentMethodRow) => Promise<void>,
  ): Promise<PaymentMethodRow> {
    const user = await requireUser(db, userId);
    return db.transaction().execute(async (trx) => {
      const live = await lockLiveMethodsOfUser(trx, userId);
      assertCanAdd(addition, { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
      const method = build(randomUUID());
      if (isDuplicateBank(live, method.institution_id ?? null, method.last4)) throw duplicateBankAccount();
      const row = await insertPaymentMethod(trx, method, live, method.status === 'APPROVED');
      await afterInsert?.(trx, row);
      return row;
    });
  }

  async function assertCanAddNow(userId: string, addition: 'bank' | 'microDeposit') {
    const user = await requireUser(db, userId);
    const live = await db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).where('status', '!=', 'CANCELED').execute();
    assertCanAdd(addition, { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
  }

  async function partnerInstitution(institutionId: string): Promise<InstitutionRow> {
    const institution = await findInstitution(db, institutionId);
    if (!institution) throw institutionNotFound();
    if (!institution.link_options.includes('PLAID')) throw linkOptionUnavailable('through bank login');
    return institution;
  }

  async function storeLinkToken(fields: {
    linkToken: string;
    expiration: Date;
    userId: string;
    mode: 'NEW' | 'UPDATE';
    institutionId: string | null;
    paymentMethodId: string | null;
  }): Promise<LinkTokenResponse> {
    await db
      .insertInto('link_tokens')
      .values({
        id: randomUUID(),
        token_hash: hashToken(fields.linkToken),
        user_id: fields.userId,
        mode: fields.mode,
        institution_id: fields.institutionId,
        payment_method_id: fields.paymentMethodId,
        created_at: clock.now(),
        expires_at: fields.expiration,
      })
      .execute();
    return { linkToken: fields.linkToken, expiration: fields.expiration.toISOString() };
  }

  return async (app) => {
    app.get<{ Reply: ProvidersResponse }>(ApiPaths.providers, { schema: { response: { 200: ProvidersResponse } } }, async () => ({
      plaid: providers.partner.mode,
      stripe: providers.cards.mode,
      stripePublishableKey: providers.cards.publishableKey,
    }));

    app.get<{ Querystring: InstitutionSearchQuery; Reply: InstitutionsResponse }>(
      ApiPaths.institutions,
      { schema: { querystring: InstitutionSearchQuery, response: { 200: InstitutionsResponse } } },
      async (request) => ({ institutions: (await searchInstitutions(db, request.query.query)).map(presentInstitution) }),
    );

    app.get<{ Reply: InstitutionsResponse }>(ApiPaths.popularInstitutions, { schema: { response: { 200: InstitutionsResponse } } }, async () => ({
      institutions: (await findInstitutionsInOrder(db, POPULAR_INSTITUTION_IDS)).map(presentInstitution),
    }));

    // An unknown or malformed routing number answers an empty list: the app falls through silently.
    app.get<{ Params: { routingNumber: string }; Reply: InstitutionsResponse }>(
      ApiPaths.institutionsByRoutingNumber,
      { schema: { params: RoutingNumberParams, response: { 200: InstitutionsResponse } } },
      async (request) => {
        const { routingNumber } = request.params;
        if (!isValidRoutingNumber(routingNumber)) return { institutions: [] };
        return { institutions: (await findInstitutionsByRoutingNumber(db, routingNumber)).map(presentInstitution) };
      },
    );

    app.post<{ Body: LinkTokenRequest; Reply: LinkTokenResponse }>(
      ApiPaths.linkToken,
      { schema: { body: LinkTokenRequest, response: { 200: LinkTokenResponse } } },
      async (request) => {
        const { userId } = request;
        const institution = await partnerInstitution(request.body.institutionId);
        await assertCanAddNow(userId, 'bank');
        const token = await callPartner(() => providers.partner.createLinkToken({ userId }));
        return storeLinkToken({ ...token, userId, mode: 'NEW', institutionId: institution.id, paymentMethodId: null });
      },
    );

    // Update mode for a method whose bank login must be renewed (plaidLoginRequired).
    app.post<{ Params: PaymentMethodIdParams; Reply: LinkTokenResponse }>(
      ApiPaths.relinkToken,
      { schema: { params: PaymentMethodIdParams, response: { 200: LinkTokenResponse } } },
      async (request) => {
        const { userId } = request;
        const method = await findOwnLiveMethod(db, userId, request.params.paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!method.plaid_login_required) throw relinkNotRequired();
        const item = method.partner_item_id
          ? await db.selectFrom('partner_items').select('access_token').where('id', '=', method.partner_item_id).executeTakeFirst()
          : undefined;
        const token = await callPartner(() => providers.partner.createLinkToken({ userId, update: { accessToken: item?.access_token ?? null } }));
        return storeLinkToken({ ...token, userId, mode: 'UPDATE', institutionId: method.institution_id, paymentMethodId: method.id });
      },
    );

    app.post<{ Body: PartnerLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.partnerLink,
      { schema: { body: PartnerLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { publicToken, institutionId, accountId } = request.body;
        const institution = await partnerInstitution(institutionId);
        await assertCanAddNow(userId, 'bank');

        let item: PartnerItem;
        try {
          item = await providers.partner.exchangePublicToken(publicToken, userId);
        } catch (error) {
          if (error instanceof PartnerError) throw partnerLinkFailed('This bank login has expired or was already used. Please log in to your bank again.');
          throw error;
        }
        const sameBank =
          (item.institutionId === null || item.institutionId === institution.id) &&
          (item.partnerInstitutionId === null || institution.plaid_institution_id === null || item.partnerInstitutionId === institution.plaid_institution_id);
        if (!sameBank) throw partnerLinkFailed('The bank you logged in to is not the bank you chose. Please start again.');
        const account = item.accounts.find((candidate) => candidate.id === accountId);
        if (!account || !/^\d{1,4}$/.test(account.mask)) throw partnerLinkFailed('The account you chose was not found at this bank. Please start again.');

        const accountType = bankAccountTypeOf(account.subtype);
        const row = await addBankMethod(
          userId,
          'bank',
          (id) =>
            newBankMethod({
              id,
              user_id: userId,
              type: 'PLAID_ACCOUNT',
              display_name: account.name.trim() || bankDisplayName(institution.name, accountType),
              last4: account.mask,
              created_at: clock.now(),
              bank_account_type: accountType,
              verification_source: 'PLAID',
              issuing_bank: institution.name,
              institution_id: institution.id,
              partner_item_id: item.itemId,
              partner_account_id: account.id,
            }),
          async (trx) => {
            await trx
              .insertInto('partner_items')
              .values({ id: item.itemId, user_id: userId, institution_id: institution.id, access_token: item.accessToken, created_at: clock.now() })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          },
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );

    // Relink keeps the method itself (id, nickname, default flag, and so whatever schedules point at it).
    app.post<{ Params: PaymentMethodIdParams; Body: PartnerRelinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.partnerRelink,
      { schema: { params: PaymentMethodIdParams, body: PartnerRelinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const method = await findOwnLiveMethod(db, userId, request.params.paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!method.plaid_login_required) throw relinkNotRequired();
        try {
          await providers.partner.confirmUpdate(request.body.publicToken, userId, method.id);
        } catch (error) {
          if (error instanceof PartnerError) throw partnerLinkFailed(FundingMessages.relinkFailed);
          throw error;
        }
        await db.updateTable('payment_methods').set({ plaid_login_required: false }).where('id', '=', method.id).execute();
        return { linkedPaymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
      },
    );

    app.post<{ Body: NumberLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.numberLink,
      { schema: { body: NumberLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { routingNumber, bankAccount } = request.body;
        if (!isValidRoutingNumber(routingNumber)) throw invalidRoutingNumber();
        if (!isValidNumberLinkAccount(bankAccount)) throw validationFailed(FundingValidationMessages.accountNumber);
        await assertCanAddNow(userId, 'bank');
        const [institution] = await findInstitutionsByRoutingNumber(db, routingNumber);
        if (institution && !institution.link_options.includes('VERIFICATION_SERVICE')) {
          throw linkOptionUnavailable('by routing and account number');
        }

        const outcome = await providers.accountVerification.verify(routingNumber, bankAccount);
        if (outcome === 'UNABLE_TO_VERIFY') {
          throw new ApiError(400, FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT, "We couldn't verify this bank account. Please choose another way to add money.");
        }
        if (outcome === 'VERIFICATION_FAILED') {
          throw new ApiError(400, FundingErrorCode.ACCOUNT_VERIFICATION_FAILED, "We couldn't verify this account number. Please check it and try again.");
        }

        const row = await addBankMethod(userId, 'bank', (id) =>
          newBankMethod({
            id,
            user_id: userId,
            type: 'ACH',
            display_name: bankDisplayName(institution?.name ?? null, null),
            last4: lastFour(bankAccount),
            created_at: clock.now(),
            bank_account_type: null,
            verification_source: 'VERIFICATION_SERVICE',
            issuing_bank: institution?.name ?? null,
            institution_id: institution?.id ?? null,
          }),
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );

    // Two deposits under $1 are "sent"; the method waits, verifiable via micro-deposits, until they are confirmed.
    app.post<{ Body: MicroDepositLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.microDepositLink,
      { schema: { body: MicroDepositLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { routingNumber, bankAccount, bankAccountType } = request.body;
        if (!/^\d{9}$/.test(routingNumber)) throw validationFailed(FundingValidationMessages.microRoutingNumber);
        if (!isValidRoutingNumber(routingNumber)) throw invalidRoutingNumber();
        if (!isValidMicroDepositAccount(bankAccount)) throw validationFailed(FundingValidationMessages.microAccountNumber);
        const [institution] = await findInstitutionsByRoutingNumber(db, routingNumber);
        const now = clock.now();
        const row = await addBankMethod(
          userId,
          'microDeposit',
          (id) =>
            newBankMethod({
              id,
              user_id: userId,
              type: 'ACH',
              display_name: bankDisplayName(institution?.name ?? null, bankAccountType),
              last4: lastFour(bankAccount),
              created_at: now,
              bank_account_type: bankAccountType,
              verification_source: 'MICRO_DEPOSIT',
              issuing_bank: institution?.name ?? null,
              institution_id: institution?.id ?? null,
              status: 'PENDING',
              readiness: 'VERIFICATION_NEEDED',
              verification_status: 'UNVERIFIED',
              approval_method: 'MICRO_DEPOSIT',
            }),
          async (trx, method) => {
            const [amount1, amount2] = newMicroDepositAmounts();
            await trx
              .insertInto('micro_deposit_challenges')
              .values({ payment_method_id: method.id, amount1_cents: amount1, amount2_cents: amount2, created_at: now, updated_at: now })
              .execute();
          },
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );

    // Order of the two amounts does not matter. Wrong entries are counted; after MICRO_DEPOSIT_MAX_ATTEMPTS two
    // new deposits are issued, and once the reissued ones fail as well the relationship is canceled.
    app.post<{ Body: MicroDepositVerifyRequest; Reply: PaymentMethodResponse }>(
      ApiPaths.microDepositVerify,
      { schema: { body: MicroDepositVerifyRequest, response: { 200: PaymentMethodResponse } } },
      async (request, reply) => {
        const { userId } = request;
        const { paymentMethodId, amount1, amount2 } = request.body;
        // Counted per customer and method, so calls naming another customer's method cannot use up theirs.
        try {
          await takeHit(db, MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD, `${userId}:${paymentMethodId}`, clock.now());
        } catch (error) {
          throw withRetryAfter(reply, error);
        }
        const notFound = () => new ApiError(404, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound);
        const method = await findOwnLiveMethod(db, userId, paymentMethodId);
        if (!method || !isMicroDepositPending(methodFacts(method))) throw notFound();
        const entered = [parseMicroDepositAmount(amount1), parseMicroDepositAmount(amount2)];
        if (entered[0] === null || entered[1] === null) throw validationFailed(FundingValidationMessages.microDepositAmount);
        const cents: [number, number] = [entered[0], entered[1]];

        const now = clock.now();
        // The outcome is committed before any error is answered: a wrong entry must count even though it fails.
        const outcome = await db.transaction().execute(async (trx) => {
          const challenge = await trx
            .selectFrom('micro_deposit_challenges')
            .selectAll()
            .where('payment_method_id', '=', method.id)
            .forUpdate()
            .executeTakeFirst();
          const current = await findOwnLiveMethod(trx, userId, method.id);
          if (!challenge || !current || current.status !== 'PENDING') return 'NOT_FOUND' as const;

          if (microDepositsMatch([challenge.amount1_cents, challenge.amount2_cents], cents)) {
            await trx.deleteFrom('micro_deposit_challenges').where('payment_method_id', '=', method.id).execute();
            const live = await lockLiveMethodsOfUser(trx, userId);
            const verified = { ...current, status: 'APPROVED' as const, readiness: 'READY' as const, verification_status: 'VERIFIED' as const };
            const becomesDefault = !live.some((row) => row.is_default) && canBeDefault(verified);
            await trx
              .updateTable('payment_methods')
              .set({ status: 'APPROVED', readiness: 'READY', verification_status: 'VERIFIED', is_default: becomesDefault })
              .where('id', '=', method.id)
              .execute();
            // Other tabs and devices of the customer show the verified bank without a reload.
            await publishLiveEvent(trx, userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: method.id }, now);
            return 'VERIFIED' as const;
          }

          const attempts = challenge.attempts + 1;
          if (attempts < MICRO_DEPOSIT_MAX_ATTEMPTS) {
            await trx.updateTable('micro_deposit_challenges').set({ attempts, updated_at: now }).where('payment_method_id', '=', method.id).execute();
            return 'WRONG' as const;
          }
          if (challenge.reissues < MICRO_DEPOSIT_MAX_REISSUES) {
            const [fresh1, fresh2] = newMicroDepositAmounts();
            await trx
              .updateTable('micro_deposit_challenges')
              .set({ amount1_cents: fresh1, amount2_cents: fresh2, attempts: 0, reissues: challenge.reissues + 1, updated_at: now })
              .where('payment_method_id', '=', method.id)
              .execute();
            return 'REISSUING' as const;
          }
          await trx.updateTable('payment_methods').set({ status: 'CANCELED', is_default: false }).where('id', '=', method.id).execute();
          await trx.deleteFrom('micro_deposit_challenges').where('payment_method_id', '=', method.id).execute();
          await publishLiveEvent(trx, userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: method.id }, now);
          return 'CANCELED' as const;
        });

        switch (outcome) {
          case 'VERIFIED':
            return { paymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
          case 'NOT_FOUND':
            throw notFound();
          case 'WRONG':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_WRONG_AMOUNTS, FundingMessages.microWrongAmounts);
          case 'REISSUING':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_REISSUING, FundingMessages.microReissuing);
          case 'CANCELED':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_CANCELED, FundingMessages.microRelationshipCanceled);
        }
      },
    );
  };
}


/** A partner failure while creating a token is the partner's, not ours: a 4xx with its words. */
async function callPartner<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PartnerError) throw partnerLinkFailed('We could not reach the bank login service. Please try again.');
    throw error;
  }
}
