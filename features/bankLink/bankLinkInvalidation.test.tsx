import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { api } from '../../api/baseApi';
import { bankLinkApi } from '../../api/bankLinkApi';
import { paymentMethodsApi, useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { ApiPaths, type PaymentMethod, type PaymentMethodsResponse } from '../../api/contract';
import { makeStore } from '../../store/store';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN } from '../../test/msw/handlers';
import { bankLinkHandlers, linkedMethodFixture } from '../../test/msw/bankLinkHandlers';
import { paymentMethodFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import BankLinkFlow from './BankLinkFlow';

// Linking must refresh the payment-method list through the PaymentMethod tags (no reload). The control
// test proves the refetch comes from the tags: the same request without them leaves the list alone.

function countingListHandler() {
  const calls = { count: 0 };
  let methods: PaymentMethod[] = [paymentMethodFixture({ defaultPaymentMethod: true })];
  const handler = http.get(`${API_ORIGIN}${ApiPaths.paymentMethods}`, () => {
    calls.count += 1;
    const answer = HttpResponse.json<PaymentMethodsResponse>({ paymentMethods: methods });
    // After the first answer the server holds the new method too.
    methods = [...methods, linkedMethodFixture()];
    return answer;
  });
  return { calls, handler };
}

const partnerBody = { publicToken: 'public-sandbox-1', institutionId: 'chase', accountId: 'acc-checking' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeEach(() => mswServer.use(...bankLinkHandlers()));

describe('linking invalidates the payment-method list', () => {
  it('linkWithPartner refetches a subscribed list', async () => {
    const { calls, handler } = countingListHandler();
    mswServer.use(handler);
    const store = makeStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    expect(calls.count).toBe(1);
    await store.dispatch(bankLinkApi.endpoints.linkWithPartner.initiate(partnerBody)).unwrap();
    await waitFor(() => expect(calls.count).toBe(2));
    list.unsubscribe();
  });

  it('control: the same request without invalidatesTags does not refetch the list', async () => {
    const untagged = api.injectEndpoints({
      endpoints: (build) => ({
        linkWithPartnerUntagged: build.mutation<unknown, typeof partnerBody>({
          query: (body) => ({ url: ApiPaths.partnerLink, method: 'POST', body }),
        }),
      }),
    });
    const { calls, handler } = countingListHandler();
    mswServer.use(handler);
    const store = makeStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    await store.dispatch(untagged.endpoints.linkWithPartnerUntagged.initiate(partnerBody)).unwrap();
    await settle();
    expect(calls.count).toBe(1);
    list.unsubscribe();
  });

  it('through the UI: a number link (sent untracked, so the number stays out of the store) still refreshes the list on screen', async () => {
    const { calls, handler } = countingListHandler();
    mswServer.use(handler);
    function MethodList() {
      const { data } = useGetPaymentMethodsQuery();
      return <p data-testid="count">{data ? `${data.ids.length} methods` : 'loading'}</p>;
    }
    const { user } = renderWithProviders(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <MethodList />
              <BankLinkFlow presentation="modal" onClose={() => undefined} />
            </>
          }
        />
      </Routes>,
    );
    expect(await screen.findByText('1 methods')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search for your bank'), 'Navy');
    await user.click(await screen.findByRole('button', { name: 'Navy Federal Credit Union' }));
    await user.type(await screen.findByLabelText('Routing number'), '021000021');
    await user.type(screen.getByLabelText('Account number'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, link this account' }));
    expect(await screen.findByText('2 methods')).toBeInTheDocument();
    expect(calls.count).toBe(2);
    // The new method is shown on the success step from the refreshed list.
    expect(await screen.findByText('Chase Plaid Checking')).toBeInTheDocument();
  });
});
