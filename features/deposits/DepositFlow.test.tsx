import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { centsToMoney, recurringStartDate } from '../../api/contract/values';
import { depositError, depositLimitsFixture, brokerageAccount } from '../../test/msw/depositHandlers';
import { bankMethod, cardMethod, renderDeposit } from './depositTestUtils';
import { formatCalendarDate } from '../moneyFlow/moneyFormat';
import { DepositMessages } from '../moneyFlow/moneyCopy';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN } from '../../test/msw/handlers';

// Whole flows against MSW: give the lazy chunks and the requests time when the machine is busy.
configure({ asyncUtilTimeout: 4000 });

jest.setTimeout(15_000);

const amountField = () => screen.findByLabelText('Amount');
const next = () => screen.getByRole('button', { name: 'Next' });

async function enterAmount(user: ReturnType<typeof renderDeposit>['user'], amount: string) {
  const field = await amountField();
  await user.clear(field);
  await user.type(field, amount);
}

/** Amount, Next, then Confirm on the review. */
async function depositThrough(rendered: ReturnType<typeof renderDeposit>, amount = '500') {
  const { user } = rendered;
  await enterAmount(user, amount);
  await waitFor(() => expect(next()).toBeEnabled());
  await user.click(next());
  await screen.findByRole('heading', { name: 'Review deposit' });
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('deposit funds screen', () => {
  it('shows preset chips, the amount, From with the default bank, To when there is a choice, Frequency and a disabled Next', async () => {
    renderDeposit({ methods: [bankMethod(), cardMethod({ amountDeposited: centsToMoney(250_000) })] });
    await amountField();
    const presets = screen.getByRole('radiogroup', { name: 'Preset amounts' });
    expect(
      within(presets)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['$500', '$1,000', '$2,000']);
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Chase Total Checking •••• 6789'));
    // A disabled source says why.
    expect(screen.getByRole('option', { name: 'Visa debit card •••• 4242 (Deposit limit reached)' })).toBeDisabled();
    // Internal accounts are offered too (the high-yield account, not the destination).
    expect(screen.getByRole('option', { name: /^High-yield cash •••• 9078 · \$2,055\.18$/ })).toBeEnabled();
    expect(screen.getByLabelText('To')).toHaveDisplayValue('Brokerage •••• 9075');
    expect(screen.getByRole('radiogroup', { name: 'Frequency' })).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('?id= preselects that payment method instead of the default', async () => {
    renderDeposit({ route: '/settings/v2/deposit?destination=us&id=pm-card', methods: [bankMethod(), cardMethod()] });
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Visa debit card •••• 4242'));
  });

  it('the amount input strips non-digits and keeps 2 decimals; a chip fills it', async () => {
    const { user } = renderDeposit();
    await enterAmount(user, '$1,2a3.456');
    expect(await amountField()).toHaveValue('123.45');
    await user.click(screen.getByRole('radio', { name: '$1,000' }));
    expect(await amountField()).toHaveValue('1000');
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveAttribute('aria-checked', 'true');
  });

  it("a first deposit under $20 shows '$20 minimum' and Next stays disabled", async () => {
    const { user } = renderDeposit({ hasFunded: false });
    await enterAmount(user, '19.99');
    expect(await screen.findByText('$20 minimum')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await enterAmount(user, '20');
    await waitFor(() => expect(next()).toBeEnabled());
    expect(screen.queryByText('$20 minimum')).not.toBeInTheDocument();
  });

  it('an amount under $1 is refused', async () => {
    const { user } = renderDeposit();
    await enterAmount(user, '0.99');
    expect(await screen.findByText('The minimum deposit is $1')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('a bank deposit over the daily bank cap is refused with its message', async () => {
    const { user } = renderDeposit();
    await enterAmount(user, '50000.01');
    expect(await screen.findByText('A maximum of $50,000 can be deposited per day.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('To is not a choice when only one destination is eligible', async () => {
    renderDeposit({ accounts: [brokerageAccount()] });
    await amountField();
    expect(screen.queryByLabelText('To')).not.toBeInTheDocument();
    expect(screen.getByText('Brokerage •••• 9075')).toBeInTheDocument();
  });

  it('there is no Frequency when recurring deposits are off', async () => {
    renderDeposit({ flags: { recurringDeposits: false } });
    await amountField();
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Frequency' })).not.toBeInTheDocument());
  });

  it('a debit card cannot fund a recurring deposit, and with a debit card chosen recurring is disabled', async () => {
    const { user } = renderDeposit({ methods: [bankMethod(), cardMethod()] });
    await amountField();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByRole('radiogroup', { name: 'Day of the week' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: "Visa debit card •••• 4242 (A debit card can't fund a recurring deposit)" })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    await user.selectOptions(screen.getByLabelText('From'), 'Visa debit card •••• 4242');
    expect(screen.getByRole('radio', { name: 'One-time' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeDisabled();
    expect(screen.getByText("Recurring deposits can't be made with a debit card")).toBeInTheDocument();
  });

  it('weekend days are disabled for weekly deposits', async () => {
    const { user } = renderDeposit();
    await amountField();
    await user.click(screen.getByRole('radio', { name: 'Biweekly' }));
    const days = screen.getByRole('radiogroup', { name: 'Day of the week' });
    expect(within(days).getByRole('radio', { name: 'Sat' })).toBeDisabled();
    expect(within(days).getByRole('radio', { name: 'Sun' })).toBeDisabled();
    expect(within(days).getByRole('radio', { name: 'Mon' })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('review', () => {
  it('shows the deposit summary and goes Back only from here', async () => {
    const { user, deposits } = renderDeposit();
    await enterAmount(user, '1500');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(deposits.calls.initiate).toEqual([
      {
        paymentMethodId: 'pm-bank',
        accountUuid: 'uuid-brokerage',
        amount: { amount: '1500.00', currency: 'USD' },
        iraContributionYear: null,
      },
    ]);
    expect(screen.getByText('will be deposited')).toBeInTheDocument();
    const rows = screen.getAllByRole('definition')[0].closest('dl')!;
    const text = rows.textContent ?? '';
    expect(text).toContain('FromChase Total Checking •••• 6789');
    expect(text).toContain('ToBrokerage •••• 9075');
    // A one-time bank deposit names its ACH batch day from the quote (the fixtures' Mon, Jun 15), not "Starting".
    expect(text).toContain('Goes to your bankMon, Jun 15');
    expect(text).toContain('Total$1,500.00');
    expect(text).not.toContain('Frequency');
    expect(screen.getByText(/you authorize Fundflow to debit this amount from your bank account/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await amountField()).toHaveValue('1500');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('hides the footnote for a debit card', async () => {
    const rendered = renderDeposit({ methods: [cardMethod()] });
    const { user } = rendered;
    await enterAmount(rendered.user, '100');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(screen.queryByText(/Bank deposits settle/)).not.toBeInTheDocument();
  });

  it('a double click on Confirm makes one request', async () => {
    const rendered = renderDeposit();
    const { user, deposits } = rendered;
    await enterAmount(user, '500');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await user.dblClick(confirm);
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(deposits.calls.confirm).toHaveLength(1);
    expect(deposits.calls.confirm[0].idempotencyKey).toEqual(expect.any(String));
  });
});

describe('Confirm twice before the screen updates', () => {
  it('two clicks in the same tick still make one request', async () => {
    const rendered = renderDeposit();
    const { user, deposits } = rendered;
    await enterAmount(user, '500');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(deposits.calls.confirm).toHaveLength(1);
  });
});

describe('result screens', () => {
  const cases: Array<[string, Parameters<typeof renderDeposit>[0], string, RegExp | string, string[]]> = [
    [
      'instant-deposit',
      {},
      'Your money is ready to invest',
      /\$500\.00 from Chase Total Checking •••• 6789 is available to invest now/,
      ['Done'],
    ],
    [
      'partial-instant-deposit',
      { confirmAnswers: [{ deposit: { instantAmount: centsToMoney(10_000) } }] },
      'Deposit on its way',
      /\$100\.00 of your \$500\.00 deposit is available to invest now\. The remaining \$400\.00/,
      ['Done'],
    ],
    [
      'deposit-initiated',
      { confirmAnswers: [{ deposit: { instantAmount: centsToMoney(0) } }] },
      'Deposit on its way',
      /Your deposit of \$500\.00 to Brokerage •••• 9075 has started/,
      ['Done'],
    ],
    [
      'deposit-pending',
      { confirmAnswers: [{ deposit: { type: 'PENDING_DEPOSIT', instantAmount: centsToMoney(0) } }] },
      'Deposit pending',
      /as soon as your application is approved/,
      ['Done'],
    ],
    [
      'deposit-failed-unknown (no code)',
      { confirmAnswers: ['bare'] },
      'Deposit unknown',
      'Check again later to see if your deposit was successful.',
      ['Done', 'Try again'],
    ],
    [
      'deposit-failed-error',
      { confirmAnswers: [depositError(500, 'INTERNAL_ERROR', 'There was an error, please try again.')] },
      'Deposit error',
      DepositMessages.errorBody,
      ['Try again', 'Dismiss'],
    ],
    [
      'deposit-failed-error with the server message',
      { confirmAnswers: [depositError(422, 'DE#00002', 'The bank did not answer in time.')] },
      'Deposit error',
      'The bank did not answer in time.',
      ['Try again', 'Dismiss'],
    ],
    [
      'deposit-failed-error-contact-cx',
      { confirmAnswers: [depositError(403, 'DE#00008', 'This account cannot receive deposits.')] },
      'Deposit failed',
      'This account cannot receive deposits.',
      ['Contact Member Support', 'Dismiss'],
    ],
    [
      'deposit-failed-error-no-retry',
      { confirmAnswers: [depositError(409, 'DE#00011', 'Your account is pending.')] },
      'Deposit failed',
      'Your account is pending.',
      ['Dismiss'],
    ],
    [
      'deposit-failed-second-pending',
      { confirmAnswers: [depositError(409, 'DE#00010', 'You already have a pending deposit.')] },
      'Deposit failed',
      'You already have a pending deposit.',
      ['Dismiss'],
    ],
    [
      'deposit-failed-insufficient-funds',
      { confirmAnswers: [depositError(422, 'DE#00004', 'Insufficient funds')] },
      'Deposit failed',
      DepositMessages.insufficientFunds,
      ['Try again', 'Dismiss'],
    ],
  ];

  it.each(cases)('%s', async (_name, options, title, body, buttons) => {
    const rendered = renderDeposit(options);
    await depositThrough(rendered);
    await screen.findByRole('heading', { name: title });
    expect(screen.getByText(body)).toBeInTheDocument();
    const actions = Array.from(document.querySelectorAll('.ff-deposit__result .ff-deposit__actions > *'));
    expect(actions.map((element) => element.textContent)).toEqual(buttons);
  });

  it('Done closes the flow back to the origin and ends the draft', async () => {
    const rendered = renderDeposit();
    await depositThrough(rendered);
    await rendered.user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/v2/transfers'));
    expect(rendered.store.getState().depositDraft.draftId).toBeNull();
  });

  it('Try again after insufficient funds goes back to the amount', async () => {
    const rendered = renderDeposit({ confirmAnswers: [depositError(422, 'DE#00004', 'Insufficient funds')] });
    await depositThrough(rendered, '800');
    await rendered.user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await amountField()).toHaveValue('800');
  });

  it('an initiate failure shows its screen too (no deposit rights)', async () => {
    const rendered = renderDeposit({ initiateFailure: depositError(403, 'DE#00008', 'No deposit rights') });
    await enterAmount(rendered.user, '500');
    await waitFor(() => expect(next()).toBeEnabled());
    await rendered.user.click(next());
    await screen.findByRole('heading', { name: 'Deposit failed' });
    expect(screen.getByRole('link', { name: 'Contact Member Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });
});

describe('idempotency key', () => {
  it('the retry of a failed confirm reuses the key; a new draft gets a new one', async () => {
    const rendered = renderDeposit({
      confirmAnswers: [depositError(500, 'INTERNAL_ERROR', 'There was an error, please try again.'), { deposit: {} }],
    });
    const { user, deposits } = rendered;
    await depositThrough(rendered);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(deposits.calls.confirm).toHaveLength(2);
    const [first, retry] = deposits.calls.confirm;
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
    expect(retry.body).toEqual(first.body);

    // A new draft: Done, then the flow again.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(rendered.store.getState().depositDraft.draftId).toBeNull());
  });

  it('after a refusal with its code (kept by the server under that key), Try again confirms with a new key', async () => {
    const rendered = renderDeposit({
      confirmAnswers: [depositError(502, 'DE#00002', 'Something went wrong at the bank.'), { deposit: {} }],
    });
    const { user, deposits } = rendered;
    await depositThrough(rendered);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    const [first, retry] = deposits.calls.confirm;
    expect(retry.body).toEqual(first.body);
    expect(retry.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('an expired intent sends Try again back to the amount for a new one', async () => {
    const rendered = renderDeposit({
      confirmAnswers: [depositError(409, 'DEPOSIT_INTENT_EXPIRED', 'This deposit has expired. Start again.')],
    });
    await depositThrough(rendered, '640');
    await screen.findByText('This deposit has expired. Start again.');
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await amountField()).toHaveValue('640');
  });

  it('a new draft confirms with a new key', async () => {
    const rendered = renderDeposit();
    await depositThrough(rendered);
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    const firstKey = rendered.deposits.calls.confirm[0].idempotencyKey;
    // Closing ends the draft; the next one starts fresh.
    const { depositFlowClosed, depositFlowOpened, amountCommitted, sourceChosen } = await import('./depositDraftSlice');
    rendered.store.dispatch(depositFlowClosed());
    rendered.store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    rendered.store.dispatch(amountCommitted(50_000));
    rendered.store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Next' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    const secondKey = rendered.deposits.calls.confirm[1].idempotencyKey;
    expect(secondKey).toEqual(expect.any(String));
    expect(secondKey).not.toBe(firstKey);
  });
});

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
