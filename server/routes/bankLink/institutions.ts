import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  InstitutionSearchQuery,
  InstitutionsResponse,
  isValidRoutingNumber,
  ProvidersResponse,
  RoutingNumberParams,
} from '../../../api/contract';
import { POPULAR_INSTITUTION_IDS } from '../../db/institutionDirectory';
import { presentInstitution } from '../../presenters';
import { findInstitutionsByRoutingNumber, findInstitutionsInOrder, searchInstitutions } from '../../repositories/institutions';
import type { RouteDeps } from '../routeDeps';

/** Which link providers run, and the institution directory: search, the popular banks, by routing number. */
export function institutionRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, providers } = deps;

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

    app.get<{ Reply: InstitutionsResponse }>(
      ApiPaths.popularInstitutions,
      { schema: { response: { 200: InstitutionsResponse } } },
      async () => ({
        institutions: (await findInstitutionsInOrder(db, POPULAR_INSTITUTION_IDS)).map(presentInstitution),
      }),
    );

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
  };
}
