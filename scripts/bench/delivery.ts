// How a page the bench measures reached the browser: over HTTPS with HTTP/2 through HAProxy, as production serves it
// (tlsBalancer.ts), or over plain HTTP/1.1 from the server's own port. Reports written before the HTTPS rows were
// added (2026-11-27) measured only the latter. A module of its own so the report (benchReport.ts) needs no browser.
export type Delivery = 'https-h2' | 'http1';

export const DELIVERY_LABELS: Record<Delivery, string> = { 'https-h2': 'HTTPS, HTTP/2', http1: 'plain HTTP/1.1' };
