import type { FastifyPluginAsync } from 'fastify';
import {
  AcatDraftResponse,
  AcatIntegrationRequest,
  AcatIntegrationStartResponse,
  ApiPaths,
  IdParams,
  type AcatFragment,
} from '../../../api/contract';
import { AcatErrorCode, presentAcatDraft } from '../../domain/servicesAcat';
import { hashToken } from '../../domain/tokens';
import { ApiError } from '../../errors';
import { PartnerError } from '../../providers';
import { draftContext, inServicesTransaction, insertPartnerLinkToken, saveDraftFragments } from '../../repositories/acatTransfers';
import type { RouteDeps } from '../routeDeps';
import { notEditable, ownDraft } from './acatShared';

/** The partner integration of an ACAT draft: start (a link token for the partner's widget) and finish (7.1). */
export function acatPartnerRoutes({ db, clock, providers }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
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
          if (error instanceof PartnerError)
            throw new ApiError(502, AcatErrorCode.PARTNER_LINK_FAILED, 'We could not reach the brokerage login service. Please try again.');
          throw error;
        }
        await insertPartnerLinkToken(db, request.userId, hashToken(token.linkToken), clock.now(), token.expiration);
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
          if (error instanceof PartnerError)
            throw new ApiError(400, error.errorCode, 'This brokerage login has expired or was already used. Please log in again.');
          throw error;
        }
        if (!account) throw new ApiError(422, AcatErrorCode.PARTNER_LINK_FAILED, 'The brokerage login gave no account to transfer.');
        const linked = account;
        const row = await inServicesTransaction(db, async (trx) => {
          const current = await ownDraft(trx, request.userId, draft.id, true);
          if (current.progress !== 'IN_PROGRESS') throw notEditable();
          const fragments: AcatFragment[] = [
            ...current.fragments.filter((fragment) => fragment.type !== 'PARTNER_ACCOUNT'),
            { type: 'PARTNER_ACCOUNT', name: linked.name.slice(0, 120), mask: linked.mask.slice(0, 8) },
          ];
          return saveDraftFragments(trx, current.id, fragments, clock.now(), 'PLAID');
        });
        return { draft: presentAcatDraft(row, await draftContext(db, request.userId)) };
      },
    );
  };
}
