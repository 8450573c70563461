// Test helpers for the deposit screens (imported by tests only, never by the app).
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { PaymentMethod } from '../../api/contract';
import { makeStore } from '../../store/store';
import type { RootState } from '../../store/rootReducer';
import { sessionFixture, userFixture, paymentMethodFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { configHandler } from '../../test/msw/handlers';
import { fundingMethodsBackend } from '../../test/msw/fundingHandlers';
import { depositsBackend, type DepositsBackendOptions } from '../../test/msw/depositHandlers';
import { DEFAULT_FLAGS } from '../../api/contract/values';
import type { FeatureFlags } from '../../api/contract';
import { configApi } from '../../api/configApi';
import { LocationProbe } from '../fundingMethods/fundingTestUtils';
import DepositPage from './DepositPage';

export const bankMethod = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({
    id: 'pm-bank',
    displayName: 'Chase Total Checking',
    paymentMethodNumber: '6789',
    defaultPaymentMethod: true,
    createdAt: '2023-03-15T10:02:00.000Z',
    ...overrides,
  });

export const cardMethod = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({
    id: 'pm-card',
    type: 'DEBIT_CARD',
    displayName: 'Visa debit card',
    originalName: 'Visa debit card',
    paymentMethodNumber: '4242',
    bankAccountType: null,
    verificationSource: null,
    canUpdateNickname: false,
    createdAt: '2024-02-11T18:45:00.000Z',
    amountDeposited: { amount: '300.00', currency: 'USD' },
    depositLimit: { amount: '2500.00', currency: 'USD' },
    ...overrides,
  });

export interface RenderDepositOptions extends DepositsBackendOptions {
  route?: string;
  methods?: PaymentMethod[];
  hasFunded?: boolean;
  flags?: Partial<FeatureFlags>;
  preloadedState?: Partial<RootState>;
}

/** The deposit page at `route` against in-memory funding and deposit backends. */
export function renderDeposit({
  route = '/settings/v2/deposit?destination=us&origin=/settings/v2/transfers',
  methods = [bankMethod()],
  hasFunded = true,
  flags,
  preloadedState,
  ...options
}: RenderDepositOptions = {}) {
  const funding = fundingMethodsBackend(methods);
  const deposits = depositsBackend(options);
  mswServer.use(
    ...funding.handlers,
    ...deposits.handlers,
    configHandler({ flags: { ...DEFAULT_FLAGS, ...flags }, marketRestrictions: {} }),
  );
  const store = makeStore({
    session: { status: 'authenticated', accessToken: sessionFixture().accessToken, user: userFixture({ hasFunded }), endedReason: null },
    ...preloadedState,
  });
  // The app layout subscribes to the configuration; here the test does, when it changes a flag.
  if (flags) void store.dispatch(configApi.endpoints.getConfig.initiate());
  const rendered = renderWithProviders(
    <>
      {/* The deposit routes show the page; any other (where Done or Cancel leads) is another page, as in the app. */}
      <Routes>
        {['/settings/deposit', '/settings/v2/deposit', '/high-yield/deposit'].map((path) => (
          <Route key={path} path={path} element={<DepositPage />} />
        ))}
        <Route path="*" element={<div />} />
      </Routes>
      <LocationProbe />
    </>,
    { store, route },
  );
  return { ...rendered, funding, deposits };
}

/** The deposit screens' elements, as the tests find them (a `ui` map: one place to change when the markup does). */
export const depositUi = {
  amountField: () => screen.findByLabelText('Amount'),
  next: () => screen.getByRole('button', { name: 'Next' }),
  confirm: () => screen.getByRole('button', { name: 'Confirm' }),
  review: () => screen.findByRole('heading', { name: 'Review deposit' }),
};

/** Clears the amount and types another, as a customer would. */
export async function enterAmount(user: ReturnType<typeof renderDeposit>['user'], amount: string) {
  const field = await depositUi.amountField();
  await user.clear(field);
  await user.type(field, amount);
}

/** Amount, Next, then Confirm on the review. */
export async function depositThrough(rendered: ReturnType<typeof renderDeposit>, amount = '500') {
  const { user } = rendered;
  await enterAmount(user, amount);
  await waitFor(() => expect(depositUi.next()).toBeEnabled());
  await user.click(depositUi.next());
  await depositUi.review();
  await user.click(depositUi.confirm());
}
