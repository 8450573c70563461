import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { centsToMoney } from '../../../api/contract/values';
import { accountFixture, paymentMethodFixture } from '../../../test/fixtures';
import { accountsHandler, paymentMethodsHandler } from '../../../test/msw/handlers';
import { depositFixture, depositsHistoryBackend } from '../../../test/msw/recurringHandlers';
import { mswServer } from '../../../test/msw/server';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../../api/contract';
import { API_ORIGIN } from '../../../test/msw/handlers';
import { withdrawalFixture, withdrawalsBackend } from '../../../test/msw/withdrawalHandlers';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInStore } from '../../fundingMethods/fundingTestUtils';
import TransfersHistoryPage from '../TransfersHistoryPage';
import { mergeHistory, withdrawalPhase } from './withdrawalHistory';

const accounts = [
  accountFixture({ accountUuid: 'uuid-brokerage', displayName: 'Brokerage' }),
  accountFixture({ accountId: 'acc-2', accountUuid: 'uuid-roth', variant: 'ROTH_IRA', displayName: 'Roth IRA' }),
];
const methods = [paymentMethodFixture({ id: 'pm-1', displayName: 'Chase Total Checking', paymentMethodNumber: '6789' })];

const pending = withdrawalFixture({ id: 'wd-pending', createdAt: '2025-12-12T15:00:00.000Z', expectedArrival: '2025-12-16T21:00:00.000Z' });
const arrived = withdrawalFixture({
  id: 'wd-done',
  status: 'COMPLETED',
  accountUuid: 'uuid-roth',
  amount: centsToMoney(100_005),
  federalWithholdingPercent: 10,
  federalTaxWithheld: centsToMoney(10_001),
  netAmount: centsToMoney(90_004),
  distributionReason: 'EARLY',
  createdAt: '2025-11-01T15:00:00.000Z',
  events: [
    { type: 'WITHDRAWAL_INITIATION', description: 'Withdrawal requested', completed: true, date: '2025-11-01T15:00:00.000Z' },
    { type: 'WITHDRAWAL_SENT', description: 'Sent', completed: true, date: '2025-11-01T21:00:00.000Z' },
    { type: 'WITHDRAWAL_ARRIVED', description: 'Arrived', completed: true, date: '2025-11-04T21:00:00.000Z' },
  ],
});
const deposit = depositFixture({ id: 'dep-1', createdAt: '2025-12-01T15:00:00.000Z' });

function setup(route = '/settings/v2/transfers/history') {
  mswServer.use(
    accountsHandler(accounts),
    paymentMethodsHandler(methods),
    ...depositsHistoryBackend([deposit]).handlers,
    ...withdrawalsBackend({ withdrawals: [arrived, pending] }).handlers,
  );
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<TransfersHistoryPage />} />
    </Routes>,
    { store: signedInStore(), route },
  );
}

describe('withdrawals in the transfer history', () => {
  it('lists withdrawals with the deposits, newest first, with from → to, status, tax withheld and steps', async () => {
    const { user } = setup();
    const list = await screen.findByRole('list', { name: 'Deposits and transfers' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent),
    ).toEqual(['Withdrawal of $250.00', 'Deposit of $1,500.00', 'Withdrawal of $1,000.05']);
    const inProgress = screen.getByRole('article', { name: /Withdrawal of \$250\.00/ });
    // Each row is one line; Details opens the route, the tax and the steps (issue 18).
    await user.click(within(inProgress).getByRole('button', { name: 'Details' }));
    expect(within(inProgress).getByText(/Brokerage/)).toHaveTextContent('Brokerage → to Chase Total Checking •••• 6789');
    expect(within(inProgress).getByText('In progress')).toBeInTheDocument();
    expect(within(inProgress).getByText(/^Next: Sent to your bank, expected/)).toBeInTheDocument();
    expect(within(within(inProgress).getByRole('list', { name: 'Progress of this withdrawal' })).getAllByRole('listitem')).toHaveLength(3);

    const done = screen.getByRole('article', { name: /Withdrawal of \$1,000\.05/ });
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Details' }));
    expect(within(done).getByText(/\$100\.01 federal tax withheld/)).toBeInTheDocument();
    expect(within(done).getByText(/Roth IRA/)).toHaveTextContent('Roth IRA → to Chase Total Checking •••• 6789');
  });

  it('when the withdrawals cannot be loaded, the deposits still show with a notice, and Try again adds them', async () => {
    const user = setup().user;
    mswServer.use(
      http.get(
        `${API_ORIGIN}${ApiPaths.withdrawals}`,
        () => HttpResponse.json({ errorCode: 'INTERNAL', message: 'Something went wrong on our side.' }, { status: 500 }),
        { once: true },
      ),
    );
    expect(await screen.findByText("We couldn't load your withdrawals")).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Deposit of \$1,500\.00/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /Withdrawal of \$250\.00/ })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load your withdrawals")).not.toBeInTheDocument();
  });

  it('the Pending and Completed filters apply to withdrawals too', async () => {
    setup('/settings/v2/transfers/history?status=completed');
    const list = await screen.findByRole('list', { name: 'Deposits and transfers' });
    const titles = within(list)
      .getAllByRole('article')
      .map((article) => article.querySelector('h2')?.textContent);
    expect(titles).toContain('Withdrawal of $1,000.05');
    expect(titles).not.toContain('Withdrawal of $250.00');
  });

  it('merges by date and maps statuses to phases', () => {
    expect(mergeHistory([{ id: 'd', createdAt: '2025-12-01' }], [pending, arrived]).map((entry) => entry.item.id)).toEqual([
      'wd-pending',
      'd',
      'wd-done',
    ]);
    expect([withdrawalPhase(pending), withdrawalPhase(arrived)]).toEqual(['pending', 'completed']);
  });
});
