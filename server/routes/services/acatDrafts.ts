import type { FastifyPluginAsync } from 'fastify';
import { AcatDraftResponse, AcatDraftsResponse, ApiPaths, CreateAcatDraftRequest, IdParams } from '../../../api/contract';
import { AcatErrorCode, MAX_OPEN_ACAT_DRAFTS, presentAcatDraft } from '../../domain/servicesAcat';
import { ApiError } from '../../errors';
import {
  countOpenDrafts,
  deleteDraft,
  draftContext,
  inServicesTransaction,
  insertDraft,
  listDrafts,
  lockCustomer,
} from '../../repositories/acatTransfers';
import type { RouteDeps } from '../routeDeps';
import { assertFragmentList, badRequest, notEditable, ownDraft } from './acatShared';

/** ACAT drafts: list, create (at most MAX_OPEN_ACAT_DRAFTS in progress), read and delete (7.1). */
export function acatDraftRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: AcatDraftsResponse }>(ApiPaths.acatDrafts, { schema: { response: { 200: AcatDraftsResponse } } }, async (request) => {
      const rows = await listDrafts(db, request.userId);
      const context = await draftContext(db, request.userId);
      return { drafts: rows.map((row) => presentAcatDraft(row, context)) };
    });

    app.post<{ Body: CreateAcatDraftRequest; Reply: AcatDraftResponse }>(
      ApiPaths.acatDrafts,
      { schema: { body: CreateAcatDraftRequest, response: { 201: AcatDraftResponse } } },
      async (request, reply) => {
        const { fragments, kind = 'ACAT' } = request.body;
        assertFragmentList(fragments);
        if (fragments.some((fragment) => fragment.type === 'PARTNER_ACCOUNT'))
          throw badRequest('"fragments": PARTNER_ACCOUNT is written by the partner link, not sent.');
        const now = clock.now();
        const row = await inServicesTransaction(db, async (trx) => {
          await lockCustomer(trx, request.userId);
          if ((await countOpenDrafts(trx, request.userId)) >= MAX_OPEN_ACAT_DRAFTS) {
            throw new ApiError(
              409,
              AcatErrorCode.DRAFT_LIMIT_REACHED,
              `You can keep ${MAX_OPEN_ACAT_DRAFTS} account transfers in progress at once. Finish or delete one first.`,
            );
          }
          return insertDraft(trx, request.userId, kind, fragments, now);
        });
        return reply.code(201).send({ draft: presentAcatDraft(row, await draftContext(db, request.userId)) });
      },
    );

    app.get<{ Params: IdParams; Reply: AcatDraftResponse }>(
      ApiPaths.acatDraft,
      { schema: { params: IdParams, response: { 200: AcatDraftResponse } } },
      async (request) => {
        const row = await ownDraft(db, request.userId, request.params.id);
        return { draft: presentAcatDraft(row, await draftContext(db, request.userId)) };
      },
    );

    // Only a draft in progress can be deleted; a submitted transfer is the other brokerage's business now.
    app.delete<{ Params: IdParams }>(ApiPaths.acatDraft, { schema: { params: IdParams } }, async (request, reply) => {
      await inServicesTransaction(db, async (trx) => {
        const row = await ownDraft(trx, request.userId, request.params.id, true);
        if (row.progress !== 'IN_PROGRESS') throw notEditable();
        await deleteDraft(trx, row.id);
      });
      return reply.code(204).send();
    });
  };
}
