// Test helpers for the funding-method screens (imported by tests only, never by the app).
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { Account, ApplicationStatus, PaymentMethod } from '../../api/contract';
import { accountsHandler } from '../../test/msw/handlers';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ToastViewport } from '../../ui';
import { selectToasts, toastDismissed } from '../notifications/toastsSlice';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { fundingMethodsBackend, type FundingBackendOptions } from '../../test/msw/fundingHandlers';
import { FundingFlowGate } from './FundingFlowGate';

/** Shows the store's toasts, as the app layout does. */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  return <ToastViewport toasts={toasts} onDismiss={(id) => dispatch(toastDismissed(id))} />;
}

/** Exposes the current address to assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>;
}

export { signedInStore };

export interface RenderFundingOptions extends FundingBackendOptions {
  methods?: PaymentMethod[];
  route?: string;
  applicationStatus?: ApplicationStatus;
  accounts?: Account[];
}

/** Renders a screen with the flow host, toasts and a location probe, against an in-memory funding backend. */
export function renderFunding(
  ui: ReactElement,
  { methods, route = '/settings/funding-methods', applicationStatus, accounts, ...options }: RenderFundingOptions = {},
) {
  const backend = fundingMethodsBackend(methods, options);
  mswServer.use(...backend.handlers, ...(accounts ? [accountsHandler(accounts)] : []));
  const store = signedInStore(applicationStatus);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <FundingFlowGate />
      <Toasts />
      <LocationProbe />
    </>,
    { store, route },
  );
  return { ...rendered, backend };
}
