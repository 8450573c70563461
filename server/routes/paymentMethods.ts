import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, PaymentMethodsResponse } from '../../api/contract';
import { presentPaymentMethod } from '../presenters';
import { listPaymentMethodsOfUser } from '../repositories/paymentMethods';
import type { RouteDeps } from './routeDeps';

export function paymentMethodRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: PaymentMethodsResponse }>(
      ApiPaths.paymentMethods,
      { schema: { response: { 200: PaymentMethodsResponse } } },
      async (request) => {
        const rows = await listPaymentMethodsOfUser(deps.db, request.userId);
        return { paymentMethods: rows.map(presentPaymentMethod) };
      },
    );
  };
}
