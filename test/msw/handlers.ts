import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  DEFAULT_FLAGS,
  type Account,
  type AccountsResponse,
  type ErrorBody,
  type MeResponse,
  type PaymentMethod,
  type PaymentMethodsResponse,
  type RecurringDepositsResponse,
  type SessionResponse,
  type UniversalConfig,
  type MarketClock,
  addDays,
} from '../../api/contract';
import { marketDate, startOfMarketDay } from '../../api/contract/bankCalendar';
import { accountFixture, paymentMethodFixture, sessionFixture } from '../fixtures';
import { portfolioBackend } from './portfolioHandlers';

export const API_ORIGIN = 'http://localhost';
const url = (path: string) => `${API_ORIGIN}${path}`;

// Handler factories typed by the contract: a handler cannot answer a shape the server would not.
export const loginHandler = (session: SessionResponse = sessionFixture()) =>
  http.post(url(ApiPaths.login), () => HttpResponse.json<SessionResponse>(session));

export const loginFailsHandler = (
  status = 401,
  body: ErrorBody = { errorCode: 'INVALID_CREDENTIALS', message: 'That email and password do not match our records.' },
) => http.post(url(ApiPaths.login), () => HttpResponse.json<ErrorBody>(body, { status }));

export const refreshHandler = (session: SessionResponse | null = sessionFixture()) =>
  http.post<never, never, SessionResponse | ErrorBody>(url(ApiPaths.refresh), () =>
    session
      ? HttpResponse.json<SessionResponse>(session)
      : HttpResponse.json<ErrorBody>({ errorCode: 'REFRESH_INVALID', message: 'Please sign in again.' }, { status: 401 }),
  );

export const logoutHandler = () => http.post(url(ApiPaths.logout), () => new HttpResponse(null, { status: 204 }));

export const meHandler = (me: MeResponse = { user: sessionFixture().user }) =>
  http.get(url(ApiPaths.me), () => HttpResponse.json<MeResponse>(me));

export const accountsHandler = (accounts: Account[] = [accountFixture()]) =>
  http.get(url(ApiPaths.accounts), () => HttpResponse.json<AccountsResponse>({ accounts }));

export const paymentMethodsHandler = (paymentMethods: PaymentMethod[] = [paymentMethodFixture({ defaultPaymentMethod: true })]) =>
  http.get(url(ApiPaths.paymentMethods), () => HttpResponse.json<PaymentMethodsResponse>({ paymentMethods }));

export const configHandler = (config: UniversalConfig = { flags: DEFAULT_FLAGS, marketRestrictions: {} }) =>
  http.get(url(ApiPaths.config), () => HttpResponse.json<UniversalConfig>(config));

/** The unit suites' server clock: Monday 2 March 2026, 10 am in New York (the server suites' TEST_NOW). */
export const TEST_MARKET_NOW = '2026-03-02T15:00:00Z';

/** GET /api/clock as the server answers it, at `now` (a fixed instant: dates are never tested at the real now). */
export function marketClockAt(now: string = TEST_MARKET_NOW): MarketClock {
  const instant = new Date(now);
  const today = marketDate(instant);
  return { now: instant.toISOString(), marketDate: today, marketDayEndsAt: startOfMarketDay(addDays(today, 1)).toISOString() };
}

export const clockHandler = (now: string = TEST_MARKET_NOW) =>
  http.get(url(ApiPaths.clock), () => HttpResponse.json<MarketClock>(marketClockAt(now)));

/** The analytics log's sink: accepts every batch (202), as the server does. */
export const analyticsHandler = () => http.post(url(ApiPaths.analyticsEvents), () => new HttpResponse(null, { status: 202 }));

/** No recurring deposits: the Transfers page lists them, and most tests are about something else. */
export const noRecurringDepositsHandler = () =>
  http.get(url(ApiPaths.recurringDeposits), () => HttpResponse.json<RecurringDepositsResponse>({ recurringDeposits: [] }));

/** The portfolio page loads positions, the high-yield account and Treasury data (portfolioHandlers.ts has the details). */
const portfolioDefaults = portfolioBackend().handlers;

export const defaultHandlers = [
  analyticsHandler(),
  loginHandler(),
  refreshHandler(),
  logoutHandler(),
  meHandler(),
  accountsHandler(),
  paymentMethodsHandler(),
  configHandler(),
  clockHandler(),
  noRecurringDepositsHandler(),
  ...portfolioDefaults,
];
// The transfer history lists withdrawals too: none unless a test says otherwise.
defaultHandlers.push(http.get(url(ApiPaths.withdrawals), () => HttpResponse.json({ withdrawals: [] })));
// Live events: a subscription id for the events socket (the app opens it once signed in).
export const eventsSubscriptionHandler = (eventsSubscriptionId = 'evs_test') =>
  http.post(url(ApiPaths.eventsSubscriptions), () =>
    HttpResponse.json<import('../../api/contract').EventsSubscriptionResponse>({ eventsSubscriptionId, expiresIn: 60 }, { status: 201 }),
  );
defaultHandlers.push(eventsSubscriptionHandler());
// Account transfers on the Transfers page (#acats): none unless a test says otherwise (servicesHandlers.ts has the backend).
defaultHandlers.push(
  http.get(url(ApiPaths.acatDrafts), () => HttpResponse.json<import('../../api/contract').AcatDraftsResponse>({ drafts: [] })),
);
// Account documents: none unless a test says otherwise (documentsHandlers.ts has the backend).
defaultHandlers.push(
  http.get(url(ApiPaths.documents), () =>
    HttpResponse.json<import('../../api/contract').DocumentsResponse>({ documents: [], nextCursor: null, total: 0, years: [] }),
  ),
);
// Money notifications (the header's bell loads them on every signed-in page): none unless a test says otherwise.
defaultHandlers.push(
  http.get(url(ApiPaths.notifications), () =>
    HttpResponse.json<import('../../api/contract').NotificationsResponse>({ notifications: [], unreadCount: 0 }),
  ),
  http.get(url(ApiPaths.notificationEmailPreferences), () =>
    HttpResponse.json<import('../../api/contract').NotificationEmailPreferences>({ emailsOff: [] }),
  ),
);
