import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, MeResponse } from '../../api/contract';
import { requireUser } from '../domain/sessions';
import { presentUser } from '../presenters';
import { acceptTerms } from '../repositories/users';
import type { RouteDeps } from './routeDeps';

export function meRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: MeResponse }>(ApiPaths.me, { schema: { response: { 200: MeResponse } } }, async (request) => {
      return { user: presentUser(await requireUser(deps.db, request.userId)) };
    });

    // Answers with the updated user so the client needs no second round trip to leave the terms screen.
    app.post<{ Reply: MeResponse }>(ApiPaths.acceptTerms, { schema: { response: { 200: MeResponse } } }, async (request) => {
      await requireUser(deps.db, request.userId);
      await acceptTerms(deps.db, request.userId);
      return { user: presentUser(await requireUser(deps.db, request.userId)) };
    });
  };
}
