import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppPagePaths } from '../../api/contract';
import { isApiPath, pathOf } from './apiPaths';

// The vendors' own origins, from their CSP guides: Stripe.js and its frames (card fields, 3-D Secure),
// Stripe's API called by Stripe.js; Plaid Link's script and frame, and its API hosts.
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
const PLAID_CDN = 'https://cdn.plaid.com';
const PLAID_API = ['https://production.plaid.com', 'https://sandbox.plaid.com'];

export type FrameAncestors = 'none' | 'self';

/**
 * The Content-Security-Policy of every response. Scripts only from our origin and the two vendors (never
 * inline, never eval); styles only from our origin (the production build extracts its CSS to files, and React's
 * style props are set through the DOM, which CSP allows). `connect-src 'self'` also covers the live-events
 * WebSocket: under CSP level 3 'self' matches ws: and wss: on the page's own host.
 * Only the support replay frame page may be framed, and only by our own pages.
 */
export function contentSecurityPolicy(frameAncestors: FrameAncestors): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", STRIPE_SCRIPT, PLAID_CDN]],
    ['frame-src', ["'self'", ...STRIPE_FRAMES, PLAID_CDN]],
    ['connect-src', ["'self'", STRIPE_API, ...PLAID_API]],
    ['img-src', ["'self'", 'data:']],
    ['style-src', ["'self'"]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [`'${frameAncestors}'`]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

const FRAMEABLE_POLICY = contentSecurityPolicy('self');
const UNFRAMEABLE_POLICY = contentSecurityPolicy('none');

/** The headers every answer carries, whatever produced it (route, static file, error handler, 404). */
export function securityHeadersFor(url: string): Record<string, string> {
  const frameable = pathOf(url) === AppPagePaths.supportReplayFrame;
  const headers: Record<string, string> = {
    'content-security-policy': frameable ? FRAMEABLE_POLICY : UNFRAMEABLE_POLICY,
    'x-frame-options': frameable ? 'SAMEORIGIN' : 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
  // API answers carry account data: no browser or proxy may keep a copy, errors and 401s included.
  if (isApiPath(url)) headers['cache-control'] = 'no-store';
  return headers;
}

/** onSend hook: sets the headers above on every reply. */
export async function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('x-request-id', request.id);
  reply.headers(securityHeadersFor(request.url));
}
