import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiPaths, LoginRequest, SessionResponse } from '../../api/contract';
import type { ServerConfig } from '../config';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_SECONDS } from '../domain/refreshTokens';
import { forgiveHits, LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_EMAIL, takeHits, withRetryAfter } from '../domain/rateLimits';
import { login, logout, refreshSession, type IssuedSession, type SessionDeps } from '../domain/sessions';
import { ApiError, refreshInvalid } from '../errors';
import { presentUser } from '../presenters';
import type { RouteDeps } from './routeDeps';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** See ServerConfig.cookieSecure: Secure everywhere except plain-HTTP loopback development and tests. */
export function refreshCookieIsSecure(request: FastifyRequest, setting: ServerConfig['cookieSecure']): boolean {
  if (typeof setting === 'boolean') return setting;
  return !LOOPBACK_HOSTS.has(request.hostname.toLowerCase());
}

export function authRoutes(deps: RouteDeps): FastifyPluginAsync {
  const sessionDeps: SessionDeps = { db: deps.db, clock: deps.clock, mode: deps.config.mode, authSecret: deps.config.authSecret };

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: REFRESH_COOKIE_PATH,
    secure: refreshCookieIsSecure(request, deps.config.cookieSecure),
  });

  function answerWithSession(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): SessionResponse {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions(request), maxAge: REFRESH_TOKEN_TTL_SECONDS });
    return { accessToken: session.accessToken, expiresIn: session.expiresIn, user: presentUser(session.user) };
  }

  return async (app) => {
    app.post<{ Body: LoginRequest; Reply: SessionResponse }>(
      ApiPaths.login,
      { schema: { body: LoginRequest, response: { 200: SessionResponse } } },
      async (request, reply) => {
        // Guessing is limited per account and per client address; only attempts with wrong credentials count.
        const limits = [
          { limit: LOGIN_FAILURES_PER_EMAIL, key: request.body.email.trim().toLowerCase() },
          { limit: LOGIN_FAILURES_PER_ADDRESS, key: request.ip },
        ];
        try {
          await takeHits(deps.db, limits, deps.clock.now());
          let session: IssuedSession;
          try {
            session = await login(sessionDeps, request.body.email, request.body.password);
          } catch (error) {
            if (!(error instanceof ApiError && error.errorCode === ApiErrorCode.INVALID_CREDENTIALS)) await forgiveHits(deps.db, limits);
            throw error;
          }
          await forgiveHits(deps.db, limits);
          return answerWithSession(request, reply, session);
        } catch (error) {
          throw withRetryAfter(reply, error);
        }
      },
    );

    app.post<{ Reply: SessionResponse }>(ApiPaths.refresh, { schema: { response: { 200: SessionResponse } } }, async (request, reply) => {
      const outcome = await refreshSession(sessionDeps, request.cookies[REFRESH_COOKIE]);
      if (!outcome.ok) {
        if (outcome.reuseDetectedForUser) {
          deps.sessions.forgetUser(outcome.reuseDetectedForUser);
          request.log.warn(
            { userId: outcome.reuseDetectedForUser },
            'rotated refresh token presented again; all sessions of the user revoked',
          );
        }
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
        throw refreshInvalid();
      }
      return answerWithSession(request, reply, outcome.session);
    });

    app.post(ApiPaths.logout, async (request, reply) => {
      const userId = await logout(sessionDeps, request.cookies[REFRESH_COOKIE]);
      // This instance refuses the session's access tokens at once; the others within SESSION_CHECK_CACHE_MS.
      if (userId) deps.sessions.forgetUser(userId);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
      return reply.code(204).send();
    });
  };
}
