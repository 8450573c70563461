import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { accountInfoRoutes } from './accountInfo';
import { beneficiaryRoutes } from './beneficiaries';
import { investingProfileRoutes } from './investingProfile';
import { membershipRoutes } from './membership';
import { trustedContactRoutes } from './trustedContact';

/**
 * Profile settings, one file per resource: investing profile, trusted contact (FINRA 4512), IRA beneficiaries,
 * account info and the membership plan. Everything is the signed-in customer's own: another customer's account or
 * beneficiary id answers 404, as an unknown one does. This file only registers the folder's routes.
 */
export function profileRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    for (const routes of [investingProfileRoutes, trustedContactRoutes, beneficiaryRoutes, accountInfoRoutes, membershipRoutes]) {
      app.register(routes(deps));
    }
  };
}
