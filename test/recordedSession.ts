import { http, HttpResponse } from 'msw';
import { accountsApi } from '../api/accountsApi';
import { sessionEstablished } from '../api/authEvents';
import { bankLinkApi } from '../api/bankLinkApi';
import { ApiPaths } from '../api/contract';
import { accountSelected } from '../features/accountSelection/accountSelectionSlice';
import { createSessionRecorder } from '../store/sessionRecorder';
import { passesLuhn } from '../api/contract/sandboxCards';
import { makeStore } from '../store/store';
import { accountFixture, sessionFixture, userFixture } from './fixtures';
import { API_ORIGIN } from './msw/handlers';
import { mswServer } from './msw/server';

// A recorded session full of known secrets, for the support-export tests (unit project, MSW).

// Secrets a customer's session can hold, each chosen so it cannot appear in the export by chance.
export const SECRETS = {
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ6ZWxkYSJ9.c2lnbmF0dXJlLXNlY3JldA',
  linkToken: 'link-sandbox-7f3a9c1e-secret',
  firstName: 'Zelda',
  lastName: 'Quartermaine',
  email: 'zelda.quartermaine@example.com',
  accountNumber: '5XZ48213',
  routingNumber: '021000021',
  bankAccount: '987654321012',
  card: '4242424242424242',
  street: '742 Evergreen Terrace',
  phone: '(415) 555-2671',
};

/** A store that went through sign-in, the accounts, a routing-number lookup, a link token and a card note. */
export async function recordedSession() {
  // Every action stamped with an epoch-millisecond time that passes Luhn, as a real one sometimes does.
  const stamp = Array.from({ length: 10 }, (_, n) => 1_795_290_660_770 + n).find((n) => passesLuhn(String(n)))!;
  const recorder = createSessionRecorder({ now: () => stamp });
  const store = makeStore(undefined, { recorder });
  mswServer.use(
    http.get(`${API_ORIGIN}${ApiPaths.accounts}`, () =>
      HttpResponse.json({
        accounts: [accountFixture({ account: SECRETS.accountNumber, displayName: `${SECRETS.firstName}'s brokerage` })],
      }),
    ),
    http.get(`${API_ORIGIN}/api/bank-link/institutions/by-routing-number/:routingNumber`, () => HttpResponse.json({ institutions: [] })),
    http.post(`${API_ORIGIN}${ApiPaths.linkToken}`, () =>
      HttpResponse.json({ linkToken: SECRETS.linkToken, expiration: '2026-11-21T16:00:00.000Z' }),
    ),
  );
  store.dispatch(
    sessionEstablished(
      sessionFixture({
        accessToken: SECRETS.accessToken,
        user: userFixture({ firstName: SECRETS.firstName, lastName: SECRETS.lastName, email: SECRETS.email }),
      }),
    ),
  );
  await store.dispatch(accountsApi.endpoints.getAccounts.initiate());
  store.dispatch(accountSelected(SECRETS.accountNumber));
  await store.dispatch(bankLinkApi.endpoints.getBankByRoutingNumber.initiate(SECRETS.routingNumber));
  await store.dispatch(bankLinkApi.endpoints.createLinkToken.initiate({ institutionId: 'chase' }));
  // Free text that happens to carry a card number, a street address and a phone number.
  store.dispatch({
    type: 'support/noteTyped',
    payload: { note: `card ${SECRETS.card} at ${SECRETS.street}, call ${SECRETS.phone}`, address1: SECRETS.street },
  });
  return { store, recorder };
}
