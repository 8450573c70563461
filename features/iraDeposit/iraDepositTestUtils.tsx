// Test helpers for the IRA deposit flow (imported by tests only, never by the app).
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  contributionsFixture,
  iraConfigHandler,
  iraContributionsHandler,
  moneyMovementBackend,
  userPropertiesBackend,
  type MoneyMovementOptions,
} from '../../test/msw/iraHandlers';
import type { RootState } from '../../store/store';
import IraDepositFlow, { type IraDepositFlowProps } from './IraDepositFlow';

export const TODAY = '2026-03-01';
export const brokerage = accountFixture({
  accountUuid: 'uuid-brokerage',
  account: '482139075',
  variant: 'US',
  balance: { amount: '12480.55', currency: 'USD' },
});
export const traditional = accountFixture({
  accountUuid: 'uuid-trad',
  account: '482139076',
  variant: 'TRADITIONAL_IRA',
  displayName: 'Traditional IRA',
  parentAccountId: 'acc-1',
});
export const roth = accountFixture({
  accountUuid: 'uuid-roth',
  account: '482139077',
  variant: 'ROTH_IRA',
  displayName: 'Roth IRA',
  parentAccountId: 'acc-1',
});
export const bank = paymentMethodFixture({ id: 'pm-bank', defaultPaymentMethod: true, createdAt: '2023-03-15T10:02:00Z' });
export const card = paymentMethodFixture({
  id: 'pm-card',
  type: 'DEBIT_CARD',
  displayName: 'Visa debit card',
  paymentMethodNumber: '4242',
  createdAt: '2024-02-11T18:45:00Z',
});

interface Setup {
  properties?: Record<string, boolean>;
  matchPercent?: number;
  money?: MoneyMovementOptions;
  props?: Partial<IraDepositFlowProps>;
  preloadedState?: Partial<RootState>;
}

export function setup({
  properties = { iraMatchWelcomeSeen: true },
  matchPercent = 1,
  money = {},
  props = {},
  preloadedState,
}: Setup = {}) {
  const userProperties = userPropertiesBackend(properties);
  const backend = moneyMovementBackend(money);
  mswServer.use(
    accountsHandler([brokerage, traditional, roth]),
    paymentMethodsHandler([bank, card]),
    iraContributionsHandler(() => contributionsFixture()),
    iraConfigHandler({ iraMatchPercent: matchPercent }),
    ...userProperties.handlers,
    ...backend.handlers,
  );
  const onClose = jest.fn();
  const utils = renderWithProviders(<IraDepositFlow presentation="page" onClose={onClose} today={TODAY} {...props} />, { preloadedState });
  return { ...utils, onClose, backend, userProperties };
}

/** The IRA deposit screens' elements, as the tests find them. */
export const iraUi = {
  nextButton: () => screen.getByRole('button', { name: 'Next' }),
  yearSelect: () => screen.getByLabelText('Contribution year'),
  amountInput: () => screen.getByLabelText('Amount'),
};
const { yearSelect } = iraUi;

export async function ready() {
  await waitFor(() => expect(yearSelect()).toHaveValue('2026'));
  await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('pm:pm-bank'));
}
