import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, SandboxCustomerRequest, SandboxCustomerResponse } from '../../../api/contract';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from '../../db/seed';
import { ApiError } from '../../errors';
import { copyDemoCustomer } from '../../repositories/sandboxCustomers';
import type { RouteDeps } from '../routeDeps';

/** Sandbox calls without a session: a fresh copy of a demo customer. */
export function sandboxPublicRoutes(deps: RouteDeps): FastifyPluginAsync {
  const templates = DEMO_CUSTOMERS.map((customer) => customer.email);
  return async (app) => {
    app.post<{ Body: SandboxCustomerRequest; Reply: SandboxCustomerResponse }>(
      ApiPaths.sandboxCustomers,
      { schema: { body: SandboxCustomerRequest, response: { 201: SandboxCustomerResponse } } },
      async (request, reply) => {
        const email = await copyDemoCustomer(deps.db, request.body.template, templates);
        if (!email) throw new ApiError(404, 'DEMO_CUSTOMER_NOT_FOUND', 'There is no demo customer with that email.');
        return reply.code(201).send({ email, password: DEMO_PASSWORD });
      },
    );
  };
}
