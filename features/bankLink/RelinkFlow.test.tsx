import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { bankLinkHandlers, errorAnswer, linkTokenHandler, partnerRelinkHandler, relinkTokenHandler } from '../../test/msw/bankLinkHandlers';
import { paymentMethodsHandler } from '../../test/msw/handlers';
import { paymentMethodFixture } from '../../test/fixtures';
import { FundingErrorCode, FundingMessages } from '../../api/contract/values';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { makeStore } from '../../store/store';
import { selectToasts } from '../notifications/toastsSlice';
import RelinkFlow from './RelinkFlow';
import BankLinkPage from './BankLinkPage';
import { loadPartnerLinkSession, PARTNER_LINK_SESSION_KEY, savePartnerLinkSession } from './partnerLinkSession';

const expiredLogin = paymentMethodFixture({
  id: 'pm-relink',
  displayName: 'Chase Checking',
  issuingBank: 'Chase',
  plaidLoginRequired: true,
});

async function setup() {
  const store = makeStore();
  mswServer.use(paymentMethodsHandler([expiredLogin]));
  await store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
  const onClose = jest.fn();
  const view = renderWithProviders(<RelinkFlow paymentMethodId="pm-relink" onClose={onClose} />, { store });
  return { ...view, store, onClose };
}

const toasts = (store: ReturnType<typeof makeStore>) => selectToasts(store.getState()).map((toast) => [toast.message, toast.tone]);

beforeEach(() => {
  sessionStorage.clear();
  mswServer.use(...bankLinkHandlers());
});

describe('relink (4.7)', () => {
  it('requests a relink token, runs the partner in update mode and sends its result to the relink call', async () => {
    const relinked: Array<[string, unknown]> = [];
    mswServer.use(partnerRelinkHandler(undefined, (id, body) => relinked.push([id, body])));
    const { user, store, onClose } = await setup();
    const partner = await screen.findByRole('dialog', { name: 'Log in to Chase' });
    // While the partner is open, the token is kept for an OAuth return (relink purpose).
    expect(loadPartnerLinkSession()).toEqual(
      expect.objectContaining({
        linkToken: 'link-sandbox-relink',
        purpose: expect.objectContaining({ kind: 'relink', paymentMethodId: 'pm-relink' }),
      }),
    );
    await user.type(within(partner).getByLabelText('Username'), 'user_good');
    await user.type(within(partner).getByLabelText('Password'), 'pass_good');
    await user.click(within(partner).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(relinked).toEqual([['pm-relink', { publicToken: 'public-sandbox-link-sandbox-relink' }]]);
    expect(toasts(store)).toEqual([['Successfully relinked bank account', 'success']]);
    expect(sessionStorage.getItem(PARTNER_LINK_SESSION_KEY)).toBeNull();
  });

  it("a failed relink call shows 'There was an error relinking'", async () => {
    mswServer.use(partnerRelinkHandler(errorAnswer(502, FundingErrorCode.PARTNER_LINK_FAILED, 'Partner down')));
    const { user, store, onClose } = await setup();
    const partner = await screen.findByRole('dialog', { name: 'Log in to Chase' });
    await user.type(within(partner).getByLabelText('Username'), 'user_good');
    await user.type(within(partner).getByLabelText('Password'), 'pass_good');
    await user.click(within(partner).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts(store)).toEqual([[FundingMessages.relinkFailed, 'error']]);
  });

  it('a relink token that cannot be created ends with the relink error', async () => {
    mswServer.use(relinkTokenHandler(errorAnswer(409, FundingErrorCode.RELINK_NOT_REQUIRED, 'Not needed')));
    const { store, onClose } = await setup();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts(store)).toEqual([[FundingMessages.relinkFailed, 'error']]);
  });

  it('closing the partner is a quiet cancel', async () => {
    const { user, store, onClose } = await setup();
    const partner = await screen.findByRole('dialog', { name: 'Log in to Chase' });
    await user.click(within(partner).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts(store)).toEqual([]);
  });
});

describe('the OAuth return (BankLinkPage)', () => {
  const originalLocation = window.location.href;
  afterEach(() => window.history.replaceState(null, '', originalLocation));

  it('reopens the partner with the SAME stored token and receivedRedirectUri, without creating a new token', async () => {
    const tokenRequests: unknown[] = [];
    mswServer.use(linkTokenHandler(undefined, (body) => tokenRequests.push(body)));
    savePartnerLinkSession({
      linkToken: 'link-oauth-1',
      expiration: new Date(Date.now() + 3_600_000).toISOString(),
      purpose: { kind: 'link', institution: { id: 'platypus-oauth', name: 'Platypus OAuth Bank', linkOptions: ['PLAID'], oauth: true } },
    });
    window.history.replaceState(null, '', '/settings/bank-link?oauth_state_id=abc123');
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/settings/bank-link" element={<BankLinkPage />} />
      </Routes>,
      { route: '/settings/bank-link?oauth_state_id=abc123' },
    );
    // No "You will be sent to…" step this time: the login completes here.
    const partner = await screen.findByRole('dialog', { name: 'Log in to Platypus OAuth Bank' });
    await user.type(within(partner).getByLabelText('Username'), 'user_good');
    await user.type(within(partner).getByLabelText('Password'), 'pass_good');
    await user.click(within(partner).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank account linked' })).toBeInTheDocument();
    expect(tokenRequests).toEqual([]);
  });

  it('a first open of an OAuth bank persists the token and does not pass receivedRedirectUri', async () => {
    renderWithProviders(
      <Routes>
        <Route path="*" element={<BankLinkPage />} />
      </Routes>,
      { route: '/settings/bank-link' },
    );
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.type(screen.getByLabelText('Search for your bank'), 'Platypus');
    await user.click(await screen.findByRole('button', { name: 'Platypus OAuth Bank' }));
    expect(await screen.findByText(/You will be sent to Platypus OAuth Bank to log in/)).toBeInTheDocument();
    expect(loadPartnerLinkSession()).toEqual(
      expect.objectContaining({ linkToken: 'link-sandbox-1', purpose: expect.objectContaining({ kind: 'link' }) }),
    );
  });
});
