import type { User } from '../../api/contract';

export const CLOSED_USER_ROUTE = '/settings/documents/account/brokerage';
export const TERMS_ROUTE = '/account-takeover/welcome';
export const TERMS_ROUTE_MOBILE = '/account-takeover/mobile-welcome';
export const DEFAULT_LANDING = '/portfolio';
export const MODAL_BREAKPOINT_PX = 760;

/**
 * Only same-origin paths are followed after login: an absolute or protocol-relative URL in
 * `redirect` would let a crafted link send a freshly signed-in customer to another site.
 */
export function safeRedirectPath(redirect: string | null | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- a redirect with a control character in it is refused on purpose.
  if (/[\u0000-\u001f]/.test(redirect)) return null;
  if (redirect.startsWith('/login')) return null;
  return redirect;
}

const TERMS_ROUTES = new Set([TERMS_ROUTE, TERMS_ROUTE_MOBILE]);

export const isTermsRoute = (pathname: string) => TERMS_ROUTES.has(pathname.toLowerCase().replace(/\/+$/, ''));

/**
 * The terms welcome for this screen width, carrying where the customer was going (a safe path only) so that
 * accepting goes on there.
 */
export function termsRoute(options: { redirect?: string | null; viewportWidth: number }): string {
  const page = options.viewportWidth < MODAL_BREAKPOINT_PX ? TERMS_ROUTE_MOBILE : TERMS_ROUTE;
  const redirect = safeRedirectPath(options.redirect);
  return redirect === null || redirect === DEFAULT_LANDING ? page : `${page}?redirect=${encodeURIComponent(redirect)}`;
}

/** Where a customer lands after login (deposits-and-transfers.md section 2). */
export function postLoginRoute(user: User, options: { redirect?: string | null; viewportWidth: number }): string {
  if (user.status === 'CLOSED') return CLOSED_USER_ROUTE;
  if (user.mustAcceptTerms) return termsRoute(options);
  return safeRedirectPath(options.redirect) ?? DEFAULT_LANDING;
}

/**
 * The terms gate on every signed-in route (not only at sign-in): a customer who must accept terms is sent to the
 * welcome, with the page they asked for; one who has accepted is sent on from the welcome to where they were going.
 * Null: stay.
 */
export function termsGateRedirect(
  user: Pick<User, 'mustAcceptTerms'> | null,
  location: { pathname: string; search: string; hash?: string },
  viewportWidth: number,
): string | null {
  if (user === null) return null;
  const onTerms = isTermsRoute(location.pathname);
  if (user.mustAcceptTerms && !onTerms)
    return termsRoute({ redirect: `${location.pathname}${location.search}${location.hash ?? ''}`, viewportWidth });
  if (!user.mustAcceptTerms && onTerms) return safeRedirectPath(new URLSearchParams(location.search).get('redirect')) ?? DEFAULT_LANDING;
  return null;
}
