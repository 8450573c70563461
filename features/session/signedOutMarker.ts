/**
 * Signing out cannot always reach the server (a dropped or failed logout), and then the server's refresh cookie
 * (HttpOnly, out of the page's reach) would sign the customer straight back in on the next page load. This mark,
 * set on every sign-out and cleared by the next sign-in, tells the page load not to restore a session from that
 * cookie. It holds nothing of the customer.
 */
const SIGNED_OUT_KEY = 'fundflow:signed-out';

export function markSignedOut(): void {
  try {
    localStorage.setItem(SIGNED_OUT_KEY, '1');
  } catch {
    // Storage refused (private mode, quota): the sign-out still clears this page's state.
  }
}

export function clearSignedOut(): void {
  try {
    localStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // As above.
  }
}

export function signedOutHere(): boolean {
  try {
    return localStorage.getItem(SIGNED_OUT_KEY) === '1';
  } catch {
    return false;
  }
}
