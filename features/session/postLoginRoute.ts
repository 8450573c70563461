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
  if (/[\u0000-\u001f]/.test(redirect)) return null;
  if (redirect.startsWith('/login')) return null;
  return redirect;
}

/** Where a customer lands after login (deposits-and-transfers.md section 2). */
export function postLoginRoute(user: User, options: { redirect?: string | null; viewportWidth: number }): string {
  if (user.status === 'CLOSED') return CLOSED_USER_ROUTE;
  if (user.mustAcceptTerms) return options.viewportWidth < MODAL_BREAKPOINT_PX ? TERMS_ROUTE_MOBILE : TERMS_ROUTE;
  return safeRedirectPath(options.redirect) ?? DEFAULT_LANDING;
}
