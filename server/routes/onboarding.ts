import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { ApiPaths, ApplicationResponse, SubmitApplicationRequest } from '../../api/contract';
import { applyDueApplicationDecision, presentApplication, submitApplication } from '../domain/onboarding';
import { findApplication } from '../repositories/onboarding';
import { requireUser } from '../domain/sessions';
import { applicationReviewerFor, type ApplicationReviewer } from '../vendors/applicationReviewer';
import type { RouteDeps } from './routeDeps';

/** Reads that show the application's status: a due decision is applied before they answer. */
const READS_WITH_APPLICATION_STATUS = new Set<string>([ApiPaths.me, ApiPaths.accounts]);

/**
 * A hook for the authenticated scope: GET /api/me and GET /api/accounts apply the reviewer's decision once it is
 * due, as GET /api/accounts applies due settlements, so the app's 15-second status poll sees the outcome without
 * a scheduler (and from any instance).
 */
export function applicationDecisionsOnRead(deps: RouteDeps): preHandlerAsyncHookHandler {
  return async (request) => {
    if (request.method !== 'GET' || !request.userId) return;
    if (!READS_WITH_APPLICATION_STATUS.has(request.routeOptions.url ?? '')) return;
    await applyDueApplicationDecision(deps.db, deps.clock.now(), request.userId);
  };
}

/**
 * The customer's application (/setup-investing): GET shows its steps and status; POST submit completes the
 * missing steps and sends it for review (202, status PENDING). The reviewer is a seam (vendors/applicationReviewer.ts):
 * in the sandbox it decides from the legal last name after APPLICATION_REVIEW_DELAY_SECONDS (default 20).
 */
export function onboardingRoutes(
  deps: RouteDeps,
  reviewer: ApplicationReviewer = applicationReviewerFor(deps.config.mode, process.env),
): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: ApplicationResponse }>(
      ApiPaths.onboardingApplication,
      { schema: { response: { 200: ApplicationResponse } } },
      async (request) => {
        await applyDueApplicationDecision(db, clock.now(), request.userId);
        const user = await requireUser(db, request.userId);
        return presentApplication(user, await findApplication(db, request.userId));
      },
    );

    app.post<{ Body: SubmitApplicationRequest; Reply: ApplicationResponse }>(
      ApiPaths.onboardingApplicationSubmit,
      { schema: { body: SubmitApplicationRequest, response: { 202: ApplicationResponse } } },
      async (request, reply) => {
        await applyDueApplicationDecision(db, clock.now(), request.userId);
        await submitApplication({ db, now: clock.now(), reviewer, log: request.log }, request.userId, request.body ?? {});
        const user = await requireUser(db, request.userId);
        return reply.status(202).send(presentApplication(user, await findApplication(db, request.userId)));
      },
    );
  };
}
