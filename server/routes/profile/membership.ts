import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, DEFAULT_MEMBERSHIP_PLAN, MembershipRequest, MembershipResponse, ProfileErrorCode } from '../../../api/contract';
import { requireUser } from '../../domain/sessions';
import { ApiError } from '../../errors';
import { findMembership, saveMembership } from '../../repositories/profile';
import type { RouteDeps } from '../routeDeps';

/** The membership plan: read it, or change it. */
export function membershipRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: MembershipResponse }>(
      ApiPaths.profileMembership,
      { schema: { response: { 200: MembershipResponse } } },
      async (request) => {
        const row = await findMembership(db, request.userId);
        return row ? { plan: row.plan, changedAt: row.changed_at.toISOString() } : { plan: DEFAULT_MEMBERSHIP_PLAN, changedAt: null };
      },
    );

    app.put<{ Body: MembershipRequest; Reply: MembershipResponse }>(
      ApiPaths.profileMembership,
      { schema: { body: MembershipRequest, response: { 200: MembershipResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        if (user.status === 'CLOSED')
          throw new ApiError(403, ProfileErrorCode.MEMBERSHIP_NOT_ALLOWED, 'A closed account cannot change its plan.');
        const current = await findMembership(db, user.id);
        // Asking for the plan one has changes nothing (a retried click), not even the date.
        if ((current?.plan ?? DEFAULT_MEMBERSHIP_PLAN) === request.body.plan) {
          return { plan: request.body.plan, changedAt: current ? current.changed_at.toISOString() : null };
        }
        const now = clock.now();
        await saveMembership(db, user.id, request.body.plan, now);
        return { plan: request.body.plan, changedAt: now.toISOString() };
      },
    );
  };
}
