import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  AcatDraftResponse,
  AcatDraftsResponse,
  AcatFragmentsRequest,
  AcatFragmentsResponse,
  AcatIntegrationRequest,
  AcatIntegrationStartResponse,
  AcatOfferOverviewResponse,
  AcatOfferResponse,
  ApiErrorCode,
  ApiPaths,
  BrokerageQuery,
  BrokeragesResponse,
  centsToMoney,
  CreateAcatDraftRequest,
  DraftIdParams,
  FinalizeOfferRequest,
  IdParams,
  OfferQuery,
  type AcatFragment,
  type AcatOfferOverview,
} from '../../api/contract';
import { ACAT_OFFER, acatDraftProblems, fragmentListProblem, itemsOnSubmit, offerOverview, presentAcatDraft, type DraftContext } from '../domain/servicesAcat';
import { BROKERAGES, findBrokerage } from '../domain/servicesReferenceData';
import { servicesDb, type ServicesDb, type ServicesTrx } from '../domain/servicesSchema';
import { hashToken, isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import { PartnerError } from '../providers';
import type { RouteDeps } from './routeDeps';

export const AcatErrorCode = {
  DRAFT_NOT_FOUND: 'ACAT_DRAFT_NOT_FOUND',
  DRAFT_NOT_EDITABLE: 'ACAT_DRAFT_NOT_EDITABLE',
  DRAFT_INCOMPLETE: 'ACAT_DRAFT_INCOMPLETE',
  DRAFT_LIMIT_REACHED: 'ACAT_DRAFT_LIMIT_REACHED',
  TRANSFER_IN_FLIGHT: 'ACAT_TRANSFER_IN_FLIGHT',
  BROKERAGE_NOT_FOUND: 'BROKERAGE_NOT_FOUND',
  OFFER_NOT_FOUND: 'ACAT_OFFER_NOT_FOUND',
  PARTNER_LINK_FAILED: 'ACAT_PARTNER_LINK_FAILED',
} as const;

/** Drafts a customer may keep open at once. */
export const MAX_OPEN_ACAT_DRAFTS = 10;

const draftNotFound = () => new ApiError(404, AcatErrorCode.DRAFT_NOT_FOUND, 'This account transfer does not exist.');
const notEditable = () => new ApiError(409, AcatErrorCode.DRAFT_NOT_EDITABLE, 'This account transfer was already submitted and can no longer be changed.');
const brokerageNotFound = (name: string) => new ApiError(404, AcatErrorCode.BROKERAGE_NOT_FOUND, `Transfers from ${name} are not supported yet.`);
const badRequest = (message: string) => new ApiError(400, ApiErrorCode.VALIDATION, message);

function assertFragmentList(fragments: readonly AcatFragment[], label = 'fragments'): void {
  const problem = fragmentListProblem(fragments);
  if (problem) throw badRequest(`"${label}": ${problem}`);
}

/** What the draft rules need to know about the customer: registration, application and own accounts. */
async function draftContext(db: ServicesDb | ServicesTrx, userId: string): Promise<DraftContext> {
  const user = await db.selectFrom('users').select(['user_type', 'application_status']).where('id', '=', userId).executeTakeFirstOrThrow();
  const accounts = await db.selectFrom('accounts').select(['id', 'variant', 'status']).where('user_id', '=', userId).execute();
  return {
    userType: user.user_type,
    applicationComplete: user.application_status === 'COMPLETE',
    accounts: new Map(accounts.map((account) => [account.id, { variant: account.variant, status: account.status }])),
  };
}

async function ownDraft(db: ServicesDb | ServicesTrx, userId: string, id: string, lock = false) {
  if (!isUuid(id)) throw draftNotFound();
  let query = db.selectFrom('acat_drafts').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw draftNotFound();
  return row;
}

/** ACAT drafts, fragments, submit, brokerages, transfer offers and the partner integration (7.1). */
export function acatRoutes(deps: RouteDeps): FastifyPluginAsync {
  const db = servicesDb(deps.db);
  const { clock, providers } = deps;

  return async (app) => {
    app.get<{ Reply: AcatDraftsResponse }>(ApiPaths.acatDrafts, { schema: { response: { 200: AcatDraftsResponse } } }, async (request) => {
      const rows = await db.selectFrom('acat_drafts').selectAll().where('user_id', '=', request.userId).orderBy('updated_at', 'desc').orderBy('id').execute();
      const context = await draftContext(db, request.userId);
      return { drafts: rows.map((row) => presentAcatDraft(row, context)) };
    });

    app.post<{ Body: CreateAcatDraftRequest; Reply: AcatDraftResponse }>(
      ApiPaths.acatDrafts,
      { schema: { body: CreateAcatDraftRequest, response: { 201: AcatDraftResponse } } },
      async (request, reply) => {
        const { fragments, kind = 'ACAT' } = request.body;
        assertFragmentList(fragments);
        if (fragments.some((fragment) => fragment.type === 'PARTNER_ACCOUNT')) throw badRequest('"fragments": PARTNER_ACCOUNT is written by the partner link, not sent.');
        const now = clock.now();
        const row = await db.transaction().execute(async (trx) => {
          // The customer's row is the lock that keeps two simultaneous creations from passing the limit together.
          await trx.selectFrom('users').select('id').where('id', '=', request.userId).forUpdate().executeTakeFirst();
          const open = await trx
            .selectFrom('acat_drafts')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', request.userId)
            .where('progress', '=', 'IN_PROGRESS')
            .executeTakeFirstOrThrow();
          if (Number(open.count) >= MAX_OPEN_ACAT_DRAFTS) {
            throw new ApiError(409, AcatErrorCode.DRAFT_LIMIT_REACHED, `You can keep ${MAX_OPEN_ACAT_DRAFTS} account transfers in progress at once. Finish or delete one first.`);
          }
          return trx
            .insertInto('acat_drafts')
            .values({
              id: randomUUID(),
              user_id: request.userId,
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
        });
        return reply.code(201).send({ draft: presentAcatDraft(row, await draftContext(db, request.userId)) });
      },
    );

    app.get<{ Reply: BrokeragesResponse }>(ApiPaths.acatBrokerages, { schema: { response: { 200: BrokeragesResponse } } }, async () => ({
      brokerages: BROKERAGES.map((b) => ({ name: b.name, partnerSupported: b.partnerSupported, accountNumberHint: b.hint })),
    }));

    app.get<{ Params: IdParams; Reply: AcatDraftResponse }>(ApiPaths.acatDraft, { schema: { params: IdParams, response: { 200: AcatDraftResponse } } }, async (request) => {
      const row = await ownDraft(db, request.userId, request.params.id);
      return { draft: presentAcatDraft(row, await draftContext(db, request.userId)) };
    });

    // Only a draft in progress can be deleted; a submitted transfer is the other brokerage's business now.
    app.delete<{ Params: IdParams }>(ApiPaths.acatDraft, { schema: { params: IdParams } }, async (request, reply) => {
      await db.transaction().execute(async (trx) => {
        const row = await ownDraft(trx, request.userId, request.params.id, true);
        if (row.progress !== 'IN_PROGRESS') throw notEditable();
        await trx.deleteFrom('acat_drafts').where('id', '=', row.id).execute();
      });
      return reply.code(204).send();
    });

    app.get<{ Params: DraftIdParams; Reply: AcatFragmentsResponse }>(
      ApiPaths.acatDraftFragments,
      { schema: { params: DraftIdParams, response: { 200: AcatFragmentsResponse } } },
      async (request) => ({ fragments: (await ownDraft(db, request.userId, request.params.draftId)).fragments }),
    );

    // Replaces the draft's fragments. The partner's account (after a partner link) stays as the partner gave it.
    app.put<{ Params: DraftIdParams; Body: AcatFragmentsRequest; Reply: AcatDraftResponse }>(
      ApiPaths.acatDraftFragments,
      { schema: { params: DraftIdParams, body: AcatFragmentsRequest, response: { 200: AcatDraftResponse } } },
      async (request) => {
        const { fragments } = request.body;
        assertFragmentList(fragments);
        const row = await db.transaction().execute(async (trx) => {
          const current = await ownDraft(trx, request.userId, request.params.draftId, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const partner = current.fragments.find((fragment) => fragment.type === 'PARTNER_ACCOUNT');
          const sentPartner = fragments.find((fragment) => fragment.type === 'PARTNER_ACCOUNT');
          if (sentPartner && JSON.stringify(sentPartner) !== JSON.stringify(partner)) {
            throw badRequest('"fragments": PARTNER_ACCOUNT is written by the partner link, not sent.');
          }
          const next = [...fragments.filter((fragment) => fragment.type !== 'PARTNER_ACCOUNT'), ...(partner ? [partner] : [])];
          return trx
            .updateTable('acat_drafts')
            .set({ fragments: JSON.stringify(next), updated_at: clock.now() })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return { draft: presentAcatDraft(row, await draftContext(db, request.userId)) };
      },
    );

    // Submit: every rule of acatDraftProblems must pass; the first problem is the answer otherwise.
    app.post<{ Params: IdParams; Reply: AcatDraftResponse }>(
      ApiPaths.acatDraftSubmit,
      { schema: { params: IdParams, response: { 200: AcatDraftResponse } } },
      async (request) => {
        const now = clock.now();
        const { row, context } = await db.transaction().execute(async (trx) => {
          const current = await ownDraft(trx, request.userId, request.params.id, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const context = await draftContext(trx, request.userId);
          const [problem] = acatDraftProblems(current.kind, current.source, current.fragments, context);
          if (problem) throw new ApiError(422, AcatErrorCode.DRAFT_INCOMPLETE, problem);
          // One transfer per source account at a time: a second one would be rejected by the other brokerage.
          const source = sourceKey(current.fragments);
          if (source) {
            const inFlight = await trx
              .selectFrom('acat_drafts')
              .select(['id', 'fragments'])
              .where('user_id', '=', request.userId)
              .where('progress', '=', 'SUBMITTED')
              .where('id', '!=', current.id)
              .execute();
            if (inFlight.some((other) => sourceKey(other.fragments) === source)) {
              throw new ApiError(409, AcatErrorCode.TRANSFER_IN_FLIGHT, 'A transfer from this account is already on its way. Wait until it completes before starting another.');
            }
          }
          const row = await trx
            .updateTable('acat_drafts')
            .set({
              progress: 'SUBMITTED',
              transfer_status: 'INITIATED',
              items: JSON.stringify(itemsOnSubmit(current.fragments)),
              submitted_at: now,
              updated_at: now,
            })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return { row, context };
        });
        return { draft: presentAcatDraft(row, context) };
      },
    );

    // Accepts the transfer offer of a brokerage for the customer (kept with the first acceptance time).
    app.put<{ Querystring: BrokerageQuery; Reply: AcatOfferResponse }>(
      ApiPaths.acatFinalizeOffer,
      { schema: { querystring: BrokerageQuery, response: { 200: AcatOfferResponse } } },
      async (request) => {
        const brokerage = findBrokerage(request.query.brokerage);
        if (!brokerage) throw brokerageNotFound(request.query.brokerage);
        const now = clock.now();
        const row = await db
          .insertInto('acat_offers')
          .values({ user_id: request.userId, brokerage: brokerage.name, accepted_at: now, overview: null, updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'brokerage']).doUpdateSet({ updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow();
        return { offer: offerTerms(brokerage.name, row.accepted_at) };
      },
    );

    // Finalizes the offer: values the updated fragments at the server's own prices and keeps the overview for the email's page.
    app.post<{ Querystring: OfferQuery; Body: FinalizeOfferRequest; Reply: AcatOfferOverviewResponse }>(
      ApiPaths.acatFinalizeOffer,
      { schema: { querystring: OfferQuery, body: FinalizeOfferRequest, response: { 200: AcatOfferOverviewResponse } } },
      async (request) => {
        const brokerage = findBrokerage(request.query.brokerage);
        if (!brokerage) throw brokerageNotFound(request.query.brokerage);
        await assertOwnEmail(db, request.userId, request.query.email);
        const { initialFragments, updatedFragments } = request.body;
        assertFragmentList(initialFragments, 'initialFragments');
        assertFragmentList(updatedFragments, 'updatedFragments');
        const now = clock.now();
        const overview = offerOverview(request.query.email.trim().toLowerCase(), brokerage.name, initialFragments, updatedFragments, now);
        await db
          .insertInto('acat_offers')
          .values({ user_id: request.userId, brokerage: brokerage.name, accepted_at: now, overview: JSON.stringify(overview), updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'brokerage']).doUpdateSet({ overview: JSON.stringify(overview), updated_at: now }))
          .execute();
        return { overview };
      },
    );

    // The finalized overview. The path says "public", but the spec says every call needs an access token: the
    // email must be the signed-in customer's own, so no one can read another person's offer by guessing emails.
    app.get<{ Querystring: OfferQuery; Reply: AcatOfferOverviewResponse }>(
      ApiPaths.acatFinalizedOverview,
      { schema: { querystring: OfferQuery, response: { 200: AcatOfferOverviewResponse } } },
      async (request) => {
        const brokerage = findBrokerage(request.query.brokerage);
        const notFound = new ApiError(404, AcatErrorCode.OFFER_NOT_FOUND, 'There is no finalized transfer offer for this email and brokerage.');
        if (!brokerage) throw notFound;
        await assertOwnEmail(db, request.userId, request.query.email, notFound);
        const row = await db
          .selectFrom('acat_offers')
          .select('overview')
          .where('user_id', '=', request.userId)
          .where('brokerage', '=', brokerage.name)
          .executeTakeFirst();
        if (!row?.overview) throw notFound;
        return { overview: row.overview as AcatOfferOverview };
      },
    );

    // Partner integration start: a link token for the partner's widget (Plaid's investments link in live mode).
    app.get<{ Params: IdParams; Reply: AcatIntegrationStartResponse }>(
      ApiPaths.acatPlaidIntegration,
      { schema: { params: IdParams, response: { 200: AcatIntegrationStartResponse } } },
      async (request) => {
        const draft = await ownDraft(db, request.userId, request.params.id);
        if (draft.progress !== 'IN_PROGRESS') throw notEditable();
        let token: { linkToken: string; expiration: Date };
        try {
          token = await providers.partner.createLinkToken({ userId: request.userId });
        } catch (error) {
          if (error instanceof PartnerError) throw new ApiError(502, AcatErrorCode.PARTNER_LINK_FAILED, 'We could not reach the brokerage login service. Please try again.');
          throw error;
        }
        await db
          .insertInto('link_tokens')
          .values({
            id: randomUUID(),
            token_hash: hashToken(token.linkToken),
            user_id: request.userId,
            mode: 'NEW',
            institution_id: null,
            payment_method_id: null,
            created_at: clock.now(),
            expires_at: token.expiration,
          })
          .execute();
        return { linkToken: token.linkToken, expiration: token.expiration.toISOString() };
      },
    );

    // Partner integration finish: the widget's token gives the source account; the draft's source becomes PLAID.
    app.post<{ Params: IdParams; Body: AcatIntegrationRequest; Reply: AcatDraftResponse }>(
      ApiPaths.acatPlaidIntegration,
      { schema: { params: IdParams, body: AcatIntegrationRequest, response: { 200: AcatDraftResponse } } },
      async (request) => {
        const draft = await ownDraft(db, request.userId, request.params.id);
        if (draft.progress !== 'IN_PROGRESS') throw notEditable();
        let account: { name: string; mask: string } | undefined;
        try {
          const item = await providers.partner.exchangePublicToken(request.body.token, request.userId);
          account = item.accounts[0];
        } catch (error) {
          if (error instanceof PartnerError) throw new ApiError(400, error.errorCode, 'This brokerage login has expired or was already used. Please log in again.');
          throw error;
        }
        if (!account) throw new ApiError(422, AcatErrorCode.PARTNER_LINK_FAILED, 'The brokerage login gave no account to transfer.');
        const linked = account;
        const row = await db.transaction().execute(async (trx) => {
          const current = await ownDraft(trx, request.userId, draft.id, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const fragments: AcatFragment[] = [
            ...current.fragments.filter((fragment) => fragment.type !== 'PARTNER_ACCOUNT'),
            { type: 'PARTNER_ACCOUNT', name: linked.name.slice(0, 120), mask: linked.mask.slice(0, 8) },
          ];
          return trx
            .updateTable('acat_drafts')
            .set({ source: 'PLAID', fragments: JSON.stringify(fragments), updated_at: clock.now() })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return { draft: presentAcatDraft(row, await draftContext(db, request.userId)) };
      },
    );
  };
}

function offerTerms(brokerage: string, acceptedAt: Date) {
  return {
    brokerage,
    bonusBasisPoints: ACAT_OFFER.bonusBasisPoints,
    bonusCap: centsToMoney(ACAT_OFFER.bonusCapCents),
    feeReimbursementCap: centsToMoney(ACAT_OFFER.feeReimbursementCapCents),
    minimumForFeeReimbursement: centsToMoney(ACAT_OFFER.minimumForFeeReimbursementCents),
    acceptedAt: acceptedAt.toISOString(),
  };
}

/** Brokerage and account number (or the partner's account) identify the source account. */
function sourceKey(fragments: readonly AcatFragment[]): string | null {
  const brokerage = fragments.find((f) => f.type === 'BROKERAGE');
  const number = fragments.find((f) => f.type === 'ACCOUNT_NUMBER');
  const partner = fragments.find((f) => f.type === 'PARTNER_ACCOUNT');
  if (!brokerage || brokerage.type !== 'BROKERAGE') return null;
  if (number?.type === 'ACCOUNT_NUMBER') return `${brokerage.brokerage.toLowerCase()}|${number.accountNumber.toUpperCase()}`;
  if (partner?.type === 'PARTNER_ACCOUNT') return `${brokerage.brokerage.toLowerCase()}|partner|${partner.name}|${partner.mask}`;
  return null;
}

async function assertOwnEmail(db: ServicesDb, userId: string, email: string, notFound?: ApiError): Promise<void> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw notFound ?? new ApiError(404, AcatErrorCode.OFFER_NOT_FOUND, 'There is no transfer offer for this email.');
  }
}
