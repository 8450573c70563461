import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../test/renderWithProviders';
import { API_ORIGIN } from '../../test/msw/handlers';
import { sessionFixture, userFixture } from '../../test/fixtures';
import { errorAnswer, linkTokenHandler, sandboxPlaidLoginHandler, type ErrorAnswer } from '../../test/msw/bankLinkHandlers';
import { ApiPaths, FundingErrorCode } from '../../api/contract/values';
import { makeStore } from '../../store/store';
import { sessionEstablished } from '../../api/authEvents';
import { selectAnalyticsLog } from '../analytics/analyticsSlice';
import BankLinkFlow from './BankLinkFlow';

// The link-bank flow's test kit: how to render it, a `ui` map of its controls, the customer's usual moves, and
// handler factories (grafana style: each builds the MSW handlers for one case and hands back what the case records).

type User = ReturnType<typeof userEvent.setup>;
const url = (path: string) => `${API_ORIGIN}${path}`;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface SetupOptions {
  presentation?: 'modal' | 'page';
  highYieldOnly?: boolean;
  applicationStatus?: 'COMPLETE';
  user?: Parameters<typeof userEvent.setup>[0];
}

export function setup({
  presentation = 'modal',
  highYieldOnly = false,
  applicationStatus = 'COMPLETE',
  user: userOptions = {},
}: SetupOptions = {}) {
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus }) })));
  const onClose = jest.fn();
  const view = renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <BankLinkFlow presentation={presentation} highYieldOnly={highYieldOnly} onClose={onClose} />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { store, route: '/settings/funding-methods?bankLink=enabled' },
  );
  const user = userOptions && Object.keys(userOptions).length ? userEvent.setup(userOptions) : view.user;
  return { ...view, user, store, onClose };
}

export const location = () => screen.getByTestId('location').textContent;
export const analyticsNames = (store: ReturnType<typeof makeStore>) => selectAnalyticsLog(store.getState()).map((event) => event.name);

/** The flow's controls and screens. */
export const ui = {
  dialog: (name: string | RegExp) => screen.findByRole('dialog', { name }),
  search: () => screen.getByLabelText('Search for your bank'),
  button: (name: string | RegExp) => screen.getByRole('button', { name }),
  routing: () => screen.findByLabelText('Routing number'),
  account: () => screen.getByLabelText('Account number'),
  next: () => screen.getByRole('button', { name: 'Next' }),
  /** 'Yes, link this account' on the verification step, once it shows. */
  confirm: () => screen.findByRole('button', { name: 'Yes, link this account' }),
  numbersChoice: () => screen.getByRole('button', { name: /Enter routing and account number/ }),
  partnerChoice: () => screen.getByRole('button', { name: /Log in to your bank/ }),
};

export async function searchAndPick(user: User, query: string, bank: string) {
  await user.type(ui.search(), query);
  await user.click(await screen.findByRole('button', { name: bank }));
}

/** Fills the sandbox partner's login (the partner dialog is open) and submits it. */
export async function submitPartnerLogin(user: User, partner: HTMLElement) {
  await user.type(within(partner).getByLabelText('Username'), 'user_good');
  await user.type(within(partner).getByLabelText('Password'), 'pass_good');
  await user.click(within(partner).getByRole('button', { name: 'Submit' }));
}

export async function sandboxLogin(user: User) {
  await submitPartnerLogin(user, await ui.dialog(/^Log in to/));
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
}

export async function enterNumbers(user: User, routing = '021000021', account = '12345678') {
  await user.type(await ui.routing(), routing);
  await user.type(ui.account(), account);
  await user.click(ui.next());
}

/** After Try Again the routing number is kept: the account number again, Next, then 'Yes, link this account'. */
export async function retypeAccountAndConfirm(user: User) {
  await user.type(await screen.findByLabelText('Account number'), '12345678');
  await user.click(ui.next());
  await user.click(await ui.confirm());
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const verificationFailed = () => errorAnswer(422, FundingErrorCode.ACCOUNT_VERIFICATION_FAILED, 'We could not verify this account.');

/** Handler factories for the link-bank cases. */
export const bankHandlers = {
  verificationFailed,
  /** The sandbox partner's login fails with this error. */
  partnerLoginFails: (errorCode: string, message: string) =>
    http.post(url(ApiPaths.sandboxPlaidLogin), () => HttpResponse.json(errorAnswer(400, errorCode, message).body, { status: 400 })),
  /** The first link token has expired, the second is fresh; records the token the partner logged in with. */
  expiredThenFreshToken() {
    const tokens: string[] = [];
    const handlers = [
      linkTokenHandler([
        { linkToken: 'link-expired', expiration: new Date(Date.now() - 1000).toISOString() },
        { linkToken: 'link-fresh', expiration: inAnHour() },
      ]),
      http.post(url(ApiPaths.sandboxPlaidLogin), async ({ request }) => {
        tokens.push(((await request.json()) as { linkToken: string }).linkToken);
        return HttpResponse.json({
          publicToken: 'public-x',
          institution: { id: 'ally', name: 'Ally Bank' },
          accounts: [{ id: 'a1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
        });
      }),
    ];
    return { handlers, tokens };
  },
  /** The partner calls the first token invalid, the second works; records the token requests. */
  invalidThenGoodToken() {
    const requests: unknown[] = [];
    const handlers = [
      linkTokenHandler(
        [
          { linkToken: 'link-bad', expiration: inAnHour() },
          { linkToken: 'link-good', expiration: inAnHour() },
        ],
        (body) => requests.push(body),
      ),
      sandboxPlaidLoginHandler({ invalidTokens: ['link-bad'] }),
    ];
    return { handlers, requests };
  },
  /** Twice the outage, then the numbers refused twice: only the refusals count (one retry, then fallbacks). */
  outageThenRefusals(fault: ErrorAnswer | 'network') {
    const refusal = verificationFailed();
    const calls = { count: 0 };
    const handler = http.post(url(ApiPaths.numberLink), () => {
      calls.count += 1;
      if (calls.count <= 2) return fault === 'network' ? HttpResponse.error() : HttpResponse.json(fault.body, { status: fault.status });
      return HttpResponse.json(refusal.body, { status: refusal.status });
    });
    return { handler, calls };
  },
};
