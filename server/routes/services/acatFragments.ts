import type { FastifyPluginAsync } from 'fastify';
import { AcatDraftResponse, AcatFragmentsRequest, AcatFragmentsResponse, ApiPaths, DraftIdParams, IdParams } from '../../../api/contract';
import { AcatErrorCode, acatDraftProblems, itemsOnSubmit, presentAcatDraft, sourceKey } from '../../domain/servicesAcat';
import { ApiError } from '../../errors';
import {
  draftContext,
  inServicesTransaction,
  markDraftSubmitted,
  otherSubmittedDrafts,
  saveDraftFragments,
} from '../../repositories/acatTransfers';
import type { RouteDeps } from '../routeDeps';
import { assertFragmentList, badRequest, notEditable, ownDraft } from './acatShared';

/** An ACAT draft's fragments (read, replace) and its submit (7.1). */
export function acatFragmentRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
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
        const row = await inServicesTransaction(db, async (trx) => {
          const current = await ownDraft(trx, request.userId, request.params.draftId, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const partner = current.fragments.find((fragment) => fragment.type === 'PARTNER_ACCOUNT');
          const sentPartner = fragments.find((fragment) => fragment.type === 'PARTNER_ACCOUNT');
          if (sentPartner && JSON.stringify(sentPartner) !== JSON.stringify(partner)) {
            throw badRequest('"fragments": PARTNER_ACCOUNT is written by the partner link, not sent.');
          }
          const next = [...fragments.filter((fragment) => fragment.type !== 'PARTNER_ACCOUNT'), ...(partner ? [partner] : [])];
          return saveDraftFragments(trx, current.id, next, clock.now());
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
        const { row, context } = await inServicesTransaction(db, async (trx) => {
          const current = await ownDraft(trx, request.userId, request.params.id, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const context = await draftContext(trx, request.userId);
          const [problem] = acatDraftProblems(current.kind, current.source, current.fragments, context);
          if (problem) throw new ApiError(422, AcatErrorCode.DRAFT_INCOMPLETE, problem);
          // One transfer per source account at a time: a second one would be rejected by the other brokerage.
          const source = sourceKey(current.fragments);
          if (source) {
            const inFlight = await otherSubmittedDrafts(trx, request.userId, current.id);
            if (inFlight.some((other) => sourceKey(other.fragments) === source)) {
              throw new ApiError(
                409,
                AcatErrorCode.TRANSFER_IN_FLIGHT,
                'A transfer from this account is already on its way. Wait until it completes before starting another.',
              );
            }
          }
          const row = await markDraftSubmitted(trx, current.id, itemsOnSubmit(current.fragments), now);
          return { row, context };
        });
        return { draft: presentAcatDraft(row, context) };
      },
    );
  };
}
