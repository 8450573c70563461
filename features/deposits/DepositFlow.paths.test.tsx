import { configure, screen, waitFor, within } from '@testing-library/react';
import { centsToMoney, recurringStartDate } from '../../api/contract/values';
import { depositError, depositLimitsFixture } from '../../test/msw/depositHandlers';
import { bankMethod, cardMethod, depositThrough, depositUi, enterAmount, renderDeposit } from './depositTestUtils';
import { formatCalendarDate } from '../moneyFlow/moneyFormat';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN } from '../../test/msw/handlers';

// The deposit flow's other paths (the limit dialog, schedules, high-yield, internal transfers, a reload). Whole flows against MSW: give the lazy chunks and the requests time when the machine is busy.
configure({ asyncUtilTimeout: 4000 });

jest.setTimeout(15_000);

const { amountField, next } = depositUi;

describe('limit-exceeded dialog', () => {
  const limitAnswer = depositError(422, 'DE#00003', 'A maximum of $50,000 can be deposited per day.');

  it('opens for a bank, and Edit amount sets the amount to what is left today', async () => {
    // Within the room the amount step knew of; the server refuses at Confirm (another deposit used the room meanwhile).
    const rendered = renderDeposit({
      confirmAnswers: [limitAnswer],
      limits: depositLimitsFixture({ dailyBankRemaining: centsToMoney(1_234_500) }),
    });
    await depositThrough(rendered, '12000');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    expect(within(dialog).getByText('A maximum of $50,000 can be deposited per day.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Use My Bank' })).not.toBeInTheDocument();
    const edit = within(dialog).getByRole('button', { name: 'Edit amount' });
    await waitFor(() => expect(edit).toBeEnabled());
    await rendered.user.click(edit);
    expect(await amountField()).toHaveValue('12345');
    expect(rendered.store.getState().depositDraft).toMatchObject({ amountCents: 1_234_500, step: 'root', limitDialog: null });
  });

  it("shows 'Use your bank instead' with Use My Bank for a debit card when a bank is linked", async () => {
    const rendered = renderDeposit({
      methods: [
        bankMethod({ defaultPaymentMethod: false }),
        cardMethod({ defaultPaymentMethod: true, createdAt: '2026-06-01T00:00:00.000Z' }),
      ],
      confirmAnswers: [depositError(422, 'DE#00003', 'Deposit limit reached')],
    });
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Visa debit card •••• 4242'));
    await depositThrough(rendered, '300');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    expect(within(dialog).getByText('Use your bank instead')).toBeInTheDocument();
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Use My Bank' }));
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Chase Total Checking •••• 6789'));
  });

  it("shows 'Try linking a bank instead' with Link Bank, which opens ?bankLink=enabled", async () => {
    const rendered = renderDeposit({ methods: [cardMethod()], confirmAnswers: [depositError(422, 'DE#00003', 'Deposit limit reached')] });
    await depositThrough(rendered, '300');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    expect(within(dialog).getByText('Try linking a bank instead')).toBeInTheDocument();
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Link Bank' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('bankLink=enabled'));
  });

  it("says when today's limit cannot be checked, and Try again enables Edit amount", async () => {
    const rendered = renderDeposit({
      confirmAnswers: [limitAnswer],
      limits: depositLimitsFixture({ dailyBankRemaining: centsToMoney(1_234_500) }),
    });
    await amountField();
    // The flow's own load of the limits succeeded; the dialog's fresh look fails once.
    mswServer.use(http.get(`${API_ORIGIN}${ApiPaths.depositLimits}`, () => HttpResponse.error(), { once: true }));
    await depositThrough(rendered, '12000');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    expect(await within(dialog).findByText("We couldn't check how much you can still deposit today")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit amount' })).toBeDisabled();
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const edit = within(dialog).getByRole('button', { name: 'Edit amount' });
    await waitFor(() => expect(edit).toBeEnabled());
    await rendered.user.click(edit);
    expect(await amountField()).toHaveValue('12345');
  });

  it('Dismiss closes it and keeps the review', async () => {
    const rendered = renderDeposit({ confirmAnswers: [limitAnswer] });
    await depositThrough(rendered, '40000');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit limit reached' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Review deposit' })).toBeInTheDocument();
  });
});

describe('recurring deposit', () => {
  it('goes straight to review, then creates the schedule with an idempotency key, then recurring-deposit-success', async () => {
    const rendered = renderDeposit({ route: '/settings/v2/deposit?destination=us&frequency=WEEKLY&dayOfWeek=FRIDAY' });
    const { user, deposits } = rendered;
    await enterAmount(user, '250');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Fri' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(deposits.calls.initiate).toHaveLength(0);
    expect(screen.getByText('Recurring deposits')).toBeInTheDocument();
    const rows = screen.getByText('Frequency').closest('dl')!.textContent ?? '';
    expect(rows).toContain('FrequencyWeekly on Friday');
    // Starting: the first real deposit, from tomorrow (Tuesday 3 March 2026) on the first Friday.
    expect(rows).toContain(`Starting${formatCalendarDate('2026-03-06')}`);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Recurring deposit set up' });
    expect(deposits.calls.recurring).toHaveLength(1);
    expect(deposits.calls.recurring[0]).toMatchObject({
      accountUuid: 'uuid-brokerage',
      idempotencyKey: expect.any(String),
      body: {
        recurringDeposit: {
          amount: { amount: '250.00', currency: 'USD' },
          fundingSourceId: 'pm-bank',
          fundingSourceType: 'ACH',
          startDate: recurringStartDate('2026-03-02'),
          schedule: { frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', dayOfMonth: null },
        },
      },
    });
  });

  it('Done after a new schedule without ?origin= goes to the recurring deposits list', async () => {
    const rendered = renderDeposit({ route: '/settings/v2/deposit?frequency=MONTHLY' });
    await enterAmount(rendered.user, '75');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review' })).toBeEnabled());
    await rendered.user.click(screen.getByRole('button', { name: 'Review' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/v2/transfers#recurring-deposits'));
  });

  it('flow=recurring-deposit records extra analytics events', async () => {
    const rendered = renderDeposit({ route: '/settings/v2/deposit?destination=us&frequency=MONTHLY&flow=recurring-deposit' });
    const { user, store } = rendered;
    await enterAmount(user, '100');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Recurring deposit set up' });
    expect(store.getState().analytics.log.map((event) => event.name)).toEqual([
      'recurring_deposit_flow_opened',
      'recurring_deposit_review_viewed',
      'recurring_deposit_confirm_pressed',
      'recurring_deposit_flow_result',
    ]);
  });

  it('without flow=recurring-deposit no analytics events are recorded', async () => {
    const rendered = renderDeposit({ route: '/settings/v2/deposit?destination=us&frequency=MONTHLY' });
    await amountField();
    expect(rendered.store.getState().analytics.log).toEqual([]);
  });
});

describe('high-yield deposit', () => {
  it('takes bank accounts only, shows APY and balance, and ends on the hyca screen', async () => {
    const rendered = renderDeposit({
      route: '/high-yield/deposit?destination=high-yield',
      methods: [bankMethod(), cardMethod({ createdAt: '2026-06-01T00:00:00.000Z' })],
    });
    await amountField();
    expect(await screen.findByText('4.10%')).toBeInTheDocument();
    expect(screen.getByText('$2,055.18')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Visa debit card •••• 4242 (Only a bank account can fund high-yield cash)' })).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Chase Total Checking •••• 6789'));
    expect(screen.getByLabelText('To')).toHaveDisplayValue('High-yield cash •••• 9078');
    await depositThrough(rendered, '700');
    await screen.findByRole('heading', { name: 'Deposit on its way' });
    expect(screen.getByText(/on its way to your high-yield cash account and will earn 4\.10% APY/)).toBeInTheDocument();
    expect(rendered.deposits.calls.initiate[0].accountUuid).toBe('uuid-hy');
  });

  it('says when the high-yield account cannot be loaded, and Try again loads it', async () => {
    const rendered = renderDeposit({ route: '/high-yield/deposit?destination=high-yield' });
    mswServer.use(
      http.get(
        `${API_ORIGIN}${ApiPaths.highYieldAccount}`,
        () => HttpResponse.json({ errorCode: 'RATE_LIMITED', message: 'Too many requests. Try again in 30 seconds.' }, { status: 429 }),
        {
          once: true,
        },
      ),
    );
    expect(await screen.findByText("We couldn't load your high-yield cash account")).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Try again in 30 seconds.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4.10%')).toBeInTheDocument();
    await enterAmount(rendered.user, '700');
    await waitFor(() => expect(next()).toBeEnabled());
  });
});

describe('internal transfer as the source', () => {
  it('transfers from the high-yield account: transfer-success', async () => {
    const rendered = renderDeposit();
    const { user, deposits } = rendered;
    await amountField();
    await user.selectOptions(screen.getByLabelText('From'), 'internalAccount:uuid-hy');
    await enterAmount(user, '100');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await screen.findByRole('heading', { name: 'Review transfer' });
    expect(screen.getByText(/Transfers between your Fundflow accounts/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Transfer complete' });
    expect(deposits.calls.initiateTransfer[0]).toMatchObject({ sourceAccountUuid: 'uuid-hy', destinationAccountUuid: 'uuid-brokerage' });
    expect(deposits.calls.confirmTransfer[0].idempotencyKey).toEqual(expect.any(String));
  });

  it('a failed transfer shows Transfer failed', async () => {
    const rendered = renderDeposit({ confirmAnswers: [depositError(500, 'INTERNAL_ERROR', 'boom')] });
    const { user } = rendered;
    await amountField();
    await user.selectOptions(screen.getByLabelText('From'), 'internalAccount:uuid-hy');
    await enterAmount(user, '100');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Transfer failed' });
    expect(screen.getByText('Something went wrong. Please wait a moment and try again')).toBeInTheDocument();
  });
});

describe('the draft survives a reload', () => {
  it('a new page with the stored draft opens on the same step', async () => {
    const first = renderDeposit();
    await enterAmount(first.user, '321');
    await waitFor(() => expect(next()).toBeEnabled());
    await first.user.click(next());
    await screen.findByRole('heading', { name: 'Review deposit' });
    const stored = first.store.getState().depositDraft;
    first.unmount();
    renderDeposit({ preloadedState: { depositDraft: stored } });
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(await screen.findByText('$321.00', { selector: 'dd' })).toBeInTheDocument();
  });
});
