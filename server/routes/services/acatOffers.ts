import type { FastifyPluginAsync } from 'fastify';
import {
  AcatOfferOverviewResponse,
  AcatOfferResponse,
  ApiPaths,
  BrokerageQuery,
  BrokeragesResponse,
  FinalizeOfferRequest,
  OfferQuery,
} from '../../../api/contract';
import { AcatErrorCode, offerOverview, offerTerms } from '../../domain/servicesAcat';
import { BROKERAGES, findBrokerage } from '../../domain/servicesReferenceData';
import { ApiError } from '../../errors';
import { acceptOffer, customerEmail, findOfferOverview, saveOfferOverview } from '../../repositories/acatTransfers';
import type { RouteDeps } from '../routeDeps';
import { assertFragmentList, brokerageNotFound } from './acatShared';

/** The brokerages we take transfers from and their transfer offers (7.1). */
export function acatOfferRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  async function assertOwnEmail(userId: string, email: string, notFound?: ApiError): Promise<void> {
    if ((await customerEmail(db, userId)).toLowerCase() !== email.trim().toLowerCase()) {
      throw notFound ?? new ApiError(404, AcatErrorCode.OFFER_NOT_FOUND, 'There is no transfer offer for this email.');
    }
  }

  return async (app) => {
    app.get<{ Reply: BrokeragesResponse }>(ApiPaths.acatBrokerages, { schema: { response: { 200: BrokeragesResponse } } }, async () => ({
      brokerages: BROKERAGES.map((b) => ({ name: b.name, partnerSupported: b.partnerSupported, accountNumberHint: b.hint })),
    }));

    // Accepts the transfer offer of a brokerage for the customer (kept with the first acceptance time).
    app.put<{ Querystring: BrokerageQuery; Reply: AcatOfferResponse }>(
      ApiPaths.acatFinalizeOffer,
      { schema: { querystring: BrokerageQuery, response: { 200: AcatOfferResponse } } },
      async (request) => {
        const brokerage = findBrokerage(request.query.brokerage);
        if (!brokerage) throw brokerageNotFound(request.query.brokerage);
        const row = await acceptOffer(db, request.userId, brokerage.name, clock.now());
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
        await assertOwnEmail(request.userId, request.query.email);
        const { initialFragments, updatedFragments } = request.body;
        assertFragmentList(initialFragments, 'initialFragments');
        assertFragmentList(updatedFragments, 'updatedFragments');
        const now = clock.now();
        const overview = offerOverview(request.query.email.trim().toLowerCase(), brokerage.name, initialFragments, updatedFragments, now);
        await saveOfferOverview(db, request.userId, brokerage.name, overview, now);
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
        const notFound = new ApiError(
          404,
          AcatErrorCode.OFFER_NOT_FOUND,
          'There is no finalized transfer offer for this email and brokerage.',
        );
        if (!brokerage) throw notFound;
        await assertOwnEmail(request.userId, request.query.email, notFound);
        const overview = await findOfferOverview(db, request.userId, brokerage.name);
        if (!overview) throw notFound;
        return { overview };
      },
    );
  };
}
