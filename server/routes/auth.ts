import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiPaths, LoginRequest, SessionResponse } from '../../api/contract';
import type { ServerConfig } from '../config';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_SECONDS } from '../domain/refreshTokens';
import { login, logout, refreshSession, type IssuedSession, type SessionDeps } from '../domain/sessions';
import { refreshInvalid } from '../errors';
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
        const session = await login(sessionDeps, request.body.email, request.body.password);
        return answerWithSession(request, reply, session);
      },
    );

    app.post<{ Reply: SessionResponse }>(ApiPaths.refresh, { schema: { response: { 200: SessionResponse } } }, async (request, reply) => {
      const outcome = await refreshSession(sessionDeps, request.cookies[REFRESH_COOKIE]);
      if (!outcome.ok) {
        if (outcome.reuseDetectedForUser) {
          request.log.warn({ userId: outcome.reuseDetectedForUser }, 'rotated refresh token presented again; all sessions of the user revoked');
        }
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
        throw refreshInvalid();
      }
      return answerWithSession(request, reply, outcome.session);
    });

    app.post(ApiPaths.logout, async (request, reply) => {
      await logout(sessionDeps, request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
      return reply.code(204).send();
    });
  };
}
