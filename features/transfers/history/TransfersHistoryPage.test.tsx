import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Deposit } from '../../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../../test/fixtures';
import { accountsHandler, clockHandler, paymentMethodsHandler } from '../../../test/msw/handlers';
import {
  depositEventFixture,
  depositFixture,
  depositsHistoryBackend,
  errorAnswer,
  type DepositsBackendOptions,
} from '../../../test/msw/recurringHandlers';
import { mswServer } from '../../../test/msw/server';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LocationProbe, signedInStore, Toasts } from '../../fundingMethods/fundingTestUtils';
import TransfersHistoryPage, { HistoryMessages } from '../TransfersHistoryPage';
import { CancelDepositMessages } from './CancelDepositModal';
import { CANCEL_SENT_TEXT } from './historyRules';

const accounts = [
  accountFixture({ accountUuid: 'uuid-brokerage', displayName: 'Brokerage' }),
  accountFixture({ accountId: 'acc-2', accountUuid: 'uuid-roth', variant: 'ROTH_IRA', displayName: 'Roth IRA' }),
];
const methods = [paymentMethodFixture({ id: 'pm-1', displayName: 'Chase Total Checking', paymentMethodNumber: '6789' })];

const FAR_FUTURE = '2099-01-02T21:00:00.000Z';
const LONG_AGO = '2020-01-02T21:00:00.000Z';

const inProgress = depositFixture({ id: 'dep-progress', createdAt: '2025-12-10T15:00:00.000Z' });
const settled = depositFixture({
  id: 'dep-settled',
  amount: { amount: '200.00', currency: 'USD' },
  createdAt: '2025-12-01T15:00:00.000Z',
  events: [
    depositEventFixture({ date: '2025-12-01T15:00:00.000Z' }),
    depositEventFixture({ type: 'DEPOSIT_SETTLEMENT', description: 'Settled', date: '2025-12-03T21:00:00.000Z' }),
  ],
});
const transfer = depositFixture({
  id: 'dep-transfer',
  kind: 'INTERNAL_TRANSFER',
  amount: { amount: '75.00', currency: 'USD' },
  instantAmount: { amount: '0.00', currency: 'USD' },
  paymentMethodId: null,
  sourceAccountUuid: 'uuid-brokerage',
  destinationAccountUuid: 'uuid-roth',
  accountUuid: 'uuid-roth',
  iraContributionYear: 2025,
  createdAt: '2025-11-20T15:00:00.000Z',
  events: [
    depositEventFixture({ date: '2025-11-20T15:00:00.000Z' }),
    depositEventFixture({ type: 'DEPOSIT_ARRIVED', description: 'Arrived', date: '2025-11-20T15:00:02.000Z' }),
  ],
});

function setup(
  deposits: Deposit[] = [inProgress, settled, transfer],
  options: DepositsBackendOptions = {},
  route = '/settings/v2/transfers/history',
  serverNow = Date.now(),
) {
  const backend = depositsHistoryBackend(deposits, options);
  // These deposits' cut-offs are set from the browser's clock, so the server's clock is the browser's unless a test says.
  mswServer.use(
    clockHandler(new Date(serverNow).toISOString()),
    accountsHandler(accounts),
    paymentMethodsHandler(methods),
    ...backend.handlers,
  );
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<TransfersHistoryPage />} />
      </Routes>
      <Toasts />
      <LocationProbe />
    </>,
    { store: signedInStore(), route },
  );
  return { ...rendered, backend };
}

const entry = (name: RegExp) => screen.findByRole('article', { name });
/** Issue 18: each row is one line; its Details button opens the route and the timeline. */
async function opened(user: { click: (element: Element) => Promise<void> }, name: RegExp) {
  const item = await entry(name);
  const toggle = within(item).getByRole('button', { name: 'Details' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return item;
}

describe('TransfersHistoryPage', () => {
  it('lists every deposit and transfer with amount, from → to, status in words and its timeline', async () => {
    const { user } = setup();
    expect(screen.getByText(HistoryMessages.loading)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Deposits and transfers' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent),
    ).toEqual(['Deposit of $1,500.00', 'Deposit of $200.00', 'Transfer of $75.00']);

    const collapsed = await entry(/Deposit of \$1,500\.00/);
    expect(within(collapsed).queryByRole('list', { name: 'Progress of this deposit' })).not.toBeInTheDocument();
    const deposit = await opened(user, /Deposit of \$1,500\.00/);
    expect(within(deposit).getByText(/Chase Total Checking •••• 6789/)).toHaveTextContent('Chase Total Checking •••• 6789 → to Brokerage');
    expect(within(deposit).getByText('In progress')).toBeInTheDocument();
    expect(
      within(deposit).getByText('$1,000.00 of $1,500.00 is available to invest now, $500.00 on Fri, Dec 12, 2025, when it settles.'),
    ).toBeInTheDocument();
    expect(within(deposit).getByText('Next: Settled, expected Fri, Dec 12, 2025')).toBeInTheDocument();
    const timeline = within(deposit).getByRole('list', { name: 'Progress of this deposit' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Done: Deposit initiatedWed, Dec 10, 2025, 10:00 AM EST',
      'Done: Buying power availableWed, Dec 10, 2025, 10:00 AM EST',
      'Not yet: SettledExpected Fri, Dec 12, 2025',
    ]);

    // The server no longer offers to cancel it: it went to the bank.
    expect(within(deposit).queryByRole('button', { name: 'Cancel deposit' })).not.toBeInTheDocument();
    expect(within(deposit).getByText(CANCEL_SENT_TEXT)).toBeInTheDocument();

    expect(within(await entry(/Deposit of \$200\.00/)).getByText('Completed')).toBeInTheDocument();
    const moved = await opened(user, /Transfer of \$75\.00/);
    expect(within(moved).getByText(/Brokerage/)).toHaveTextContent('Brokerage → to Roth IRA');
    expect(within(moved).getByText(/2025 IRA contribution/)).toBeInTheDocument();
    expect(within(moved).getByRole('list', { name: 'Progress of this transfer' })).toHaveTextContent('Transfer initiated');
  });

  it('a bank deposit before its cut-off offers Cancel deposit; confirmed, it is canceled and the list refetches', async () => {
    const { user, backend } = setup([depositFixture({ id: 'dep-bank', cancellableUntil: FAR_FUTURE })], { delayMs: 50 });
    const deposit = await entry(/Deposit of \$1,500\.00/);
    expect(within(deposit).getByText(/You can cancel this deposit until .* at 4:00 PM EST/)).toBeInTheDocument();
    await user.click(within(deposit).getByRole('button', { name: 'Cancel deposit' }));
    const dialog = screen.getByRole('dialog', { name: CancelDepositMessages.title });
    expect(within(dialog).getByText('$1,500.00 from Chase Total Checking •••• 6789 to Brokerage')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: CancelDepositMessages.confirm }));
    expect(within(dialog).getByRole('button', { name: CancelDepositMessages.confirm })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText(CancelDepositMessages.canceled)).toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['dep-bank']);
    await waitFor(() => expect(within(deposit).getByText('Canceled')).toBeInTheDocument());
    expect(backend.calls.list).toBe(2);
    expect(within(deposit).queryByRole('button', { name: 'Cancel deposit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Keep deposit closes the confirmation without cancelling', async () => {
    const { user, backend } = setup([depositFixture({ id: 'dep-bank', cancellableUntil: FAR_FUTURE })]);
    await user.click(within(await entry(/Deposit of/)).getByRole('button', { name: 'Cancel deposit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: CancelDepositMessages.keep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.cancels).toEqual([]);
  });

  it('after the cut-off the button is gone and the reason is shown', async () => {
    setup([depositFixture({ id: 'dep-bank', cancellableUntil: LONG_AGO })]);
    const deposit = await entry(/Deposit of/);
    expect(within(deposit).queryByRole('button', { name: 'Cancel deposit' })).not.toBeInTheDocument();
    expect(within(deposit).getByText(/can no longer be canceled: canceling closed at 4:00 PM EST on Thu, Jan 2, 2020/)).toBeInTheDocument();
  });

  it('the button goes away by itself when the cut-off passes while the page is open', async () => {
    setup([depositFixture({ id: 'dep-bank', cancellableUntil: new Date(Date.now() + 600).toISOString() })]);
    const deposit = await entry(/Deposit of/);
    expect(within(deposit).getByRole('button', { name: 'Cancel deposit' })).toBeInTheDocument();
    await waitFor(() => expect(within(deposit).queryByRole('button', { name: 'Cancel deposit' })).not.toBeInTheDocument(), {
      timeout: 2000,
    });
    expect(within(deposit).getByText(/can no longer be canceled/)).toBeInTheDocument();
  });

  it("the cancel deadline is judged by the server's clock, not the browser's (a sandbox server 10 minutes behind)", async () => {
    const serverNow = Date.now() - 10 * 60_000;
    // Past by the browser's clock, five minutes ahead by the server's: still cancellable.
    setup([depositFixture({ id: 'dep-bank', cancellableUntil: new Date(serverNow + 5 * 60_000).toISOString() })], {}, undefined, serverNow);
    const deposit = await entry(/Deposit of/);
    await waitFor(() => expect(within(deposit).getByRole('button', { name: 'Cancel deposit' })).toBeInTheDocument());
  });

  it("a refused cancel shows the server's message and leaves the deposit as it was", async () => {
    const { user } = setup([depositFixture({ id: 'dep-bank', cancellableUntil: FAR_FUTURE })], {
      failCancel: errorAnswer(409, 'DE#00002', 'This deposit has already been sent to your bank.'),
    });
    await user.click(within(await entry(/Deposit of/)).getByRole('button', { name: 'Cancel deposit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: CancelDepositMessages.confirm }));
    expect(await screen.findByText('This deposit has already been sent to your bank.')).toBeInTheDocument();
    expect(within(await entry(/Deposit of/)).getByText('In progress')).toBeInTheDocument();
  });

  it('a failed cancel keeps the dialog open with what went wrong; Cancel deposit there tries again, one POST per press', async () => {
    const { user, backend } = setup([depositFixture({ id: 'dep-bank', cancellableUntil: FAR_FUTURE })], {
      failCancel: errorAnswer(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
      failCancelTimes: 1,
    });
    await user.click(within(await entry(/Deposit of \$1,500\.00/)).getByRole('button', { name: 'Cancel deposit' }));
    const dialog = screen.getByRole('dialog', { name: CancelDepositMessages.title });
    await user.click(within(dialog).getByRole('button', { name: CancelDepositMessages.confirm }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CancelDepositMessages.failed);
    expect(alert).toHaveTextContent(`Something went wrong on our side. ${CancelDepositMessages.retryHint}`);
    expect(backend.calls.cancels).toEqual(['dep-bank']);
    expect(within(await entry(/Deposit of/)).getByText('In progress')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: CancelDepositMessages.confirm }));
    expect(await screen.findByText(CancelDepositMessages.canceled)).toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['dep-bank', 'dep-bank']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: /Deposit of \$1,500\.00/ })).getByText('Canceled')).toBeInTheDocument(),
    );
  });

  it('a cancel whose answer is lost after the server made it ends as cancelled, not as an error', async () => {
    const { user, backend } = setup([depositFixture({ id: 'dep-bank', cancellableUntil: FAR_FUTURE })], { loseCancelAnswerTimes: 1 });
    await user.click(within(await entry(/Deposit of \$1,500\.00/)).getByRole('button', { name: 'Cancel deposit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: CancelDepositMessages.confirm }));
    expect(await screen.findByText(CancelDepositMessages.canceled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['dep-bank']);
    expect(backend.current()[0].status).toBe('CANCELED');
  });

  it('a cancelled deposit says when it was cancelled and lists no steps still to come', async () => {
    const cancelled = depositFixture({
      id: 'dep-cancelled',
      status: 'CANCELED',
      cancelledAt: '2026-11-26T15:05:00.000Z',
      events: [
        depositEventFixture(),
        depositEventFixture({ type: 'DEPOSIT_SETTLEMENT', description: 'Settled', completed: false, date: '2026-12-02T21:00:00.000Z' }),
      ],
    });
    const { user } = setup([cancelled]);
    const item = await opened(user, /Deposit of \$1,500\.00/);
    expect(within(item).getByText('Canceled Thu, Nov 26, 2026, 10:05 AM EST. Nothing was taken from your bank.')).toBeInTheDocument();
    const steps = within(item).getByRole('list', { name: 'Progress of this deposit' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(1);
    expect(within(steps).queryByText(/Not yet/)).not.toBeInTheDocument();
  });

  it('filters: pending and completed, kept in the address', async () => {
    const { user } = setup();
    await screen.findByRole('list', { name: 'Deposits and transfers' });
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/v2/transfers/history?status=pending');
    expect(within(screen.getByRole('list', { name: 'Deposits and transfers' })).getAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    expect(within(screen.getByRole('list', { name: 'Deposits and transfers' })).getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Any status' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/v2\/transfers\/history$/);
    expect(within(screen.getByRole('list', { name: 'Deposits and transfers' })).getAllByRole('article')).toHaveLength(3);
  });

  it('a filter with nothing in it says so, with a way to clear the filters', async () => {
    const { user } = setup([settled], {}, '/settings/v2/transfers/history?status=pending&type=transfer');
    expect(await screen.findByText(HistoryMessages.emptyFiltered)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: HistoryMessages.download })).toBeDisabled();
    const clears = screen.getAllByRole('button', { name: HistoryMessages.clearFilters });
    await user.click(clears[clears.length - 1]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/v2\/transfers\/history$/);
    expect(within(screen.getByRole('list', { name: 'Deposits and transfers' })).getAllByRole('article')).toHaveLength(1);
  });

  it('filters by type and by a date range, kept in the address', async () => {
    const { user } = setup(undefined, {}, '/settings/v2/transfers/history?type=transfer');
    const list = await screen.findByRole('list', { name: 'Deposits and transfers' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent),
    ).toEqual(['Transfer of $75.00']);
    await user.click(screen.getByRole('radio', { name: 'All types' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/v2\/transfers\/history$/);
    expect(screen.getByRole('status')).toHaveTextContent('3 shown');
  });

  it('a date range in the address shows the movements made on those New York days', async () => {
    setup(undefined, {}, '/settings/v2/transfers/history?from=2025-11-25&to=2025-12-05');
    const list = await screen.findByRole('list', { name: 'Deposits and transfers' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent),
    ).toEqual(['Deposit of $200.00']);
    expect(screen.getByLabelText('From')).toHaveValue('2025-11-25');
    expect(screen.getByLabelText('To')).toHaveValue('2025-12-05');
  });

  it('empty: no deposits yet, with a way to make one', async () => {
    setup([]);
    expect(await screen.findByText(HistoryMessages.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HistoryMessages.deposit })).toHaveAttribute('href', '/settings/v2/deposit');
  });

  it('a failed load shows the error with a retry', async () => {
    const { user, backend } = setup([], { failList: errorAnswer(500, 'DE#00002', 'Deposits are unavailable right now.') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(HistoryMessages.loadFailed);
    expect(alert).toHaveTextContent('Deposits are unavailable right now.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(backend.calls.list).toBe(2));
  });
});
