import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import { API_ORIGIN } from '../../test/msw/handlers';
import type { Account, ErrorBody, PaymentMethod, RecurringDeposit } from '../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import {
  errorAnswer,
  recurringDepositFixture,
  recurringDepositsBackend,
  type RecurringBackendOptions,
} from '../../test/msw/recurringHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore, Toasts } from '../fundingMethods/fundingTestUtils';
import RecurringDepositsSection from './RecurringDepositsSection';
import { RecurringMessages } from './recurringMessages';

const brokerage = accountFixture({ accountUuid: 'uuid-brokerage', variant: 'US', displayName: 'Brokerage' });
const roth = accountFixture({
  accountId: 'acc-2',
  accountUuid: 'uuid-roth',
  variant: 'ROTH_IRA',
  displayName: 'Roth IRA',
  account: '5XY99887',
});
const treasury = accountFixture({ accountId: 'acc-3', accountUuid: 'uuid-treasury', variant: 'TREASURY', displayName: 'Treasury' });
const chase = paymentMethodFixture({
  id: 'pm-1',
  displayName: 'Chase Total Checking',
  paymentMethodNumber: '6789',
  defaultPaymentMethod: true,
});

const weekly = recurringDepositFixture({ id: 'rd-weekly' });
const monthlyRoth = recurringDepositFixture({
  id: 'rd-roth',
  accountUuid: 'uuid-roth',
  amount: { amount: '500.00', currency: 'USD' },
  schedules: [{ frequency: 'MONTHLY', dayOfMonth: 31, dayOfWeek: null }],
  nextOccurrenceDate: '2025-12-31',
  upcomingDates: ['2026-01-31', '2026-02-28'],
  iraContributionYear: 2025,
});

interface Setup extends RecurringBackendOptions {
  /** The funding-methods list fails. */
  failMethods?: boolean;
  schedules?: RecurringDeposit[];
  accounts?: Account[];
  methods?: PaymentMethod[];
}

function setup({
  schedules = [weekly, monthlyRoth],
  accounts = [brokerage, roth, treasury],
  methods = [chase],
  failMethods = false,
  ...options
}: Setup = {}) {
  const backend = recurringDepositsBackend(schedules, options);
  const methodsHandler = failMethods
    ? http.get(`${API_ORIGIN}${ApiPaths.paymentMethods}`, () =>
        HttpResponse.json<ErrorBody>({ errorCode: 'DE#00002', message: 'Down' }, { status: 500 }),
      )
    : paymentMethodsHandler(methods);
  mswServer.use(accountsHandler(accounts), methodsHandler, ...backend.handlers);
  const rendered = renderWithProviders(
    <>
      <RecurringDepositsSection />
      <Toasts />
    </>,
    { store: signedInStore(), route: '/settings/v2/transfers' },
  );
  return { ...rendered, backend };
}

const item = async (name: RegExp) => screen.findByRole('article', { name });

describe('RecurringDepositsSection', () => {
  it('shows a deposit moved off a holiday on its real day, with the day it moved from and why', async () => {
    const thanksgiving = recurringDepositFixture({
      id: 'rd-thursday',
      schedules: [{ frequency: 'WEEKLY', dayOfWeek: 'THURSDAY', dayOfMonth: null }],
      nextOccurrenceDate: '2026-11-27',
      upcomingDates: ['2026-12-03', '2026-12-10'],
      nextOccurrences: [
        { date: '2026-11-27', movedFrom: { date: '2026-11-26', reason: 'Thanksgiving Day' } },
        { date: '2026-12-03', movedFrom: null },
        { date: '2026-12-10', movedFrom: null },
      ],
    });
    setup({ schedules: [thanksgiving] });
    const shown = await item(/Every week on Thursday/);
    const dates = within(shown)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    expect(dates).toEqual(['Fri, Nov 27, 2026 (moved from Thu, Nov 26: Thanksgiving Day)', 'Thu, Dec 3, 2026', 'Thu, Dec 10, 2026']);
  });

  it('lists each schedule under its account with amount, source, schedule in words, the next three dates and status', async () => {
    const { backend } = setup();
    const weeklyItem = await item(/\$250\.00 Every week on Monday/);
    expect(within(weeklyItem).getByText('Chase Total Checking •••• 6789')).toBeInTheDocument();
    expect(within(weeklyItem).getAllByText('Active').length).toBeGreaterThan(0);
    expect(
      within(weeklyItem)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon, Dec 15, 2025', 'Mon, Dec 22, 2025', 'Mon, Dec 29, 2025']);

    const rothList = screen.getByRole('list', { name: 'Recurring deposits to Roth IRA' });
    expect(within(rothList).getByRole('article', { name: "$500.00 Monthly on the 31st (or the month's last day)" })).toBeInTheDocument();
    expect(
      within(rothList)
        .getAllByRole('listitem')
        .slice(1)
        .map((li) => li.textContent),
    ).toEqual(['Wed, Dec 31, 2025', 'Sat, Jan 31, 2026', 'Sat, Feb 28, 2026']);

    // Accounts that cannot receive deposits are not asked for schedules.
    expect(backend.calls.list['uuid-treasury']).toBeUndefined();
    expect(screen.getByRole('heading', { name: 'To Brokerage' })).toBeInTheDocument();
  });

  it('a paused schedule says why and offers Resume and Cancel, not Pause or Skip next', async () => {
    setup({ schedules: [recurringDepositFixture({ status: 'PAUSED', pauseReason: 'INSUFFICIENT_FUNDS' })] });
    const paused = await item(/\$250\.00/);
    expect(within(paused).getByText(/Chase Total Checking •••• 6789 did not have enough funds/)).toBeInTheDocument();
    expect(within(paused).getByText('None while paused')).toBeInTheDocument();
    expect(
      within(paused)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resume', 'Cancel']);
  });

  it('a schedule paused for a method that needs relinking cannot resume until the method is relinked', async () => {
    setup({
      schedules: [recurringDepositFixture({ status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' })],
      methods: [paymentMethodFixture({ id: 'pm-1', displayName: 'Chase Total Checking', plaidLoginRequired: true })],
    });
    const paused = await item(/\$250\.00/);
    expect(within(paused).getByText(/needs to be relinked/)).toBeInTheDocument();
    const resume = within(paused).getByRole('button', { name: 'Resume' });
    expect(resume).toBeDisabled();
    expect(resume).toHaveAccessibleDescription(/usable again/);
  });

  it('Pause shows a busy button, then a toast, and the refetched list shows the schedule paused', async () => {
    const { user, backend } = setup({ delayMs: 80 });
    const weeklyItem = await item(/\$250\.00 Every week on Monday/);
    await user.click(within(weeklyItem).getByRole('button', { name: 'Pause' }));
    expect(within(weeklyItem).getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-busy', 'true');
    // The other actions of the schedule wait too, so two requests cannot cross.
    expect(within(weeklyItem).getByRole('button', { name: 'Skip next' })).toBeDisabled();
    expect(await screen.findByText(RecurringMessages.paused)).toBeInTheDocument();
    expect(backend.calls.updates).toEqual([{ id: 'rd-weekly', status: 'PAUSED' }]);
    await waitFor(() => expect(within(weeklyItem).getByRole('button', { name: 'Resume' })).toBeEnabled());
    expect(within(weeklyItem).getByText('You paused this schedule. No deposits are made until you resume it.')).toBeInTheDocument();
    expect(backend.calls.list['uuid-brokerage']).toBe(2);
    // Only the list that holds the schedule refetched.
    expect(backend.calls.list['uuid-roth']).toBe(1);
  });

  it('Resume makes the schedule active again and names its next date', async () => {
    const { user } = setup({ schedules: [recurringDepositFixture({ status: 'PAUSED', pauseReason: 'CUSTOMER' })] });
    const paused = await item(/\$250\.00/);
    await user.click(within(paused).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Recurring deposit resumed. Next deposit: Mon, Dec 15, 2025.')).toBeInTheDocument();
    await waitFor(() => expect(within(paused).getByRole('button', { name: 'Pause' })).toBeInTheDocument());
  });

  it('Skip next skips one date and the list moves on to the following ones', async () => {
    const { user, backend } = setup({
      schedules: [recurringDepositFixture({ upcomingDates: ['2025-12-22', '2025-12-29', '2026-01-05'] })],
    });
    const weeklyItem = await item(/\$250\.00/);
    await user.click(within(weeklyItem).getByRole('button', { name: 'Skip next' }));
    expect(
      await screen.findByText('The deposit of Mon, Dec 15, 2025 will be skipped. Next deposit: Mon, Dec 22, 2025.'),
    ).toBeInTheDocument();
    expect(backend.calls.skips).toEqual(['rd-1']);
    await waitFor(() =>
      expect(
        within(weeklyItem)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Mon, Dec 22, 2025', 'Mon, Dec 29, 2025', 'Mon, Jan 5, 2026']),
    );
  });

  it('Cancel asks first; Keep it leaves the schedule alone', async () => {
    const { user, backend } = setup();
    const weeklyItem = await item(/\$250\.00 Every week on Monday/);
    await user.click(within(weeklyItem).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: RecurringMessages.cancelTitle });
    expect(
      within(dialog).getByText('$250.00, every week on Monday, from Chase Total Checking •••• 6789 to Brokerage.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelKeep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.cancels).toEqual([]);
  });

  it('Cancel confirmed deletes the schedule, toasts, and the empty state follows the last one', async () => {
    const { user, backend } = setup({ schedules: [weekly], delayMs: 50 });
    const weeklyItem = await item(/\$250\.00/);
    await user.click(within(weeklyItem).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm }));
    expect(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText(RecurringMessages.canceled)).toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['rd-weekly']);
    expect(await screen.findByText(RecurringMessages.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed cancel keeps the dialog open with what went wrong; its button tries again, one DELETE per press', async () => {
    const { user, backend } = setup({ schedules: [weekly], failCancel: errorAnswer(503, 'DE#00002', ''), failCancelTimes: 1 });
    await user.click(within(await item(/\$250\.00/)).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: RecurringMessages.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(`${RecurringMessages.cancelFailed}${RecurringMessages.cancelRetryHint}`);
    expect(backend.calls.cancels).toEqual(['rd-weekly']);
    expect(backend.current()).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm }));
    expect(await screen.findByText(RecurringMessages.canceled)).toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['rd-weekly', 'rd-weekly']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(RecurringMessages.emptyTitle)).toBeInTheDocument();
  });

  it('after a lost answer the retry finds the schedule gone (404): that is the cancel asked for, not an error', async () => {
    const { user, backend } = setup({ schedules: [weekly], loseCancelAnswerTimes: 1 });
    await user.click(within(await item(/\$250\.00/)).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: RecurringMessages.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RecurringMessages.cancelRetryHint);
    await user.click(within(dialog).getByRole('button', { name: RecurringMessages.cancelConfirm }));
    expect(await screen.findByText(RecurringMessages.canceled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.cancels).toEqual(['rd-weekly', 'rd-weekly']);
    expect(backend.current()).toEqual([]);
  });

  it("a refused action shows the server's message; without one, our own", async () => {
    const refused = setup({ failUpdate: errorAnswer(409, 'DE#00002', 'This schedule is being changed elsewhere.') });
    await refused.user.click(within(await item(/\$250\.00 Every week/)).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('This schedule is being changed elsewhere.')).toBeInTheDocument();
    refused.unmount();

    const failed = setup({ failSkip: errorAnswer(500, 'DE#00002', '') });
    await failed.user.click(within(await item(/\$250\.00 Every week/)).getByRole('button', { name: 'Skip next' }));
    expect(await screen.findByText(RecurringMessages.skipFailed)).toBeInTheDocument();
  });

  it("empty: 'Set up a recurring deposit' opens the deposit flow on a weekly schedule", async () => {
    setup({ schedules: [] });
    expect(await screen.findByText(RecurringMessages.emptyTitle)).toBeInTheDocument();
    // Done in the deposit flow comes back here.
    expect(screen.getByRole('link', { name: RecurringMessages.setUp })).toHaveAttribute(
      'href',
      '/settings/v2/deposit?frequency=WEEKLY&origin=%2Fsettings%2Fv2%2Ftransfers%23recurring-deposits',
    );
  });

  it('when the funding methods cannot be loaded, sources are described by kind, never as removed', async () => {
    setup({ schedules: [weekly], failMethods: true });
    const schedule = await item(/\$250\.00/);
    expect(within(schedule).getByText('Bank account')).toBeInTheDocument();
    expect(within(schedule).queryByText(/removed/)).not.toBeInTheDocument();
  });

  it('loading, then an error with a retry for the account whose list failed', async () => {
    const { user, backend } = setup({
      failList: { 'uuid-roth': errorAnswer(500, 'DE#00002', 'Recurring deposits are unavailable right now.') },
    });
    expect(screen.getByText('Loading recurring deposits')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the recurring deposits to Roth IRA");
    expect(alert).toHaveTextContent('Recurring deposits are unavailable right now.');
    // The brokerage schedules still show.
    expect(await item(/\$250\.00 Every week on Monday/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(backend.calls.list['uuid-roth']).toBe(2));
  });
});
