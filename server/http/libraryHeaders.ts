import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * HSTS: a year, subdomains included (helmet's own default), without `preload` (a list that is slow to leave).
 * Browsers ignore it over plain HTTP, and sending it there would only mislead: it goes out only when the request
 * came over HTTPS, which behind a load balancer Fastify learns from X-Forwarded-Proto only under TRUST_PROXY.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers a well-kept library (helmet) sets on every answer, leaving three to securityHeaders.ts: our
 * Content-Security-Policy and X-Frame-Options (both differ for the support replay frame), and HSTS (only over
 * HTTPS, below). Registered before any hook that may answer early (the CSRF check), so its onRequest hook runs
 * first and even refusals carry the headers.
 *
 * One choice differs from helmet's defaults: Cross-Origin-Opener-Policy is same-origin-allow-popups, not
 * same-origin, so a window the page opens keeps its opener (Plaid Link's OAuth window reports back through it);
 * a cross-origin page that opens ours is still cut off. Referrer-Policy stays what it was: same-origin.
 */
export function registerLibraryHeaders(app: FastifyInstance, options: { trustProxy: boolean }): void {
  if (options.trustProxy) appsTrustingProxies.add(app);
  app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    xFrameOptions: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', addStrictTransportSecurity);
}

/** Whether the request reached us over HTTPS (directly, or as a trusted proxy's X-Forwarded-Proto says). */
export const cameOverHttps = (request: FastifyRequest): boolean => (request.protocol ?? '').toLowerCase() === 'https';

/** Apps built with TRUST_PROXY=true (Fastify keeps the setting to itself). */
const appsTrustingProxies = new WeakSet<FastifyInstance>();

/**
 * The same question for an answer made without the app's hooks: Fastify hands those a plain request that reads the
 * socket only, so a trusted proxy's X-Forwarded-Proto (its nearest hop: the last value) is read here as Fastify reads
 * it for routed requests. Only TRUST_PROXY=true (trust every hop) is known here; any other trust setting answers no.
 */
function cameOverHttpsWithoutHooks(request: FastifyRequest): boolean {
  if (cameOverHttps(request)) return true;
  if (!appsTrustingProxies.has(request.server)) return false;
  const forwarded = request.headers['x-forwarded-proto'];
  if (typeof forwarded !== 'string') return false;
  return (
    forwarded
      .slice(forwarded.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase() === 'https'
  );
}

async function addStrictTransportSecurity(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (cameOverHttps(request)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/**
 * helmet's headers as configured above, written out for the one kind of answer no hook sees: Fastify's own refusal
 * of a URL its router cannot take (a broken %-escape, an over-long parameter), answered by answerFrameworkError.
 * server/security/headers.test.ts holds every answer, routed or not, to one table, so the two cannot drift apart.
 */
const LIBRARY_HEADERS_WITHOUT_HOOKS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** For answers made without the app's hooks: the library's headers and HSTS, as the hooks would have set them. */
export function addLibraryHeadersWithoutHooks(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(LIBRARY_HEADERS_WITHOUT_HOOKS);
  if (cameOverHttpsWithoutHooks(request)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}
