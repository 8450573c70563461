import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { centsToMoney } from '../../api/contract/values';
import { depositError, brokerageAccount } from '../../test/msw/depositHandlers';
import { bankMethod, cardMethod, depositThrough, depositUi, enterAmount, renderDeposit } from './depositTestUtils';
import { DepositMessages } from '../moneyFlow/moneyCopy';

// Whole flows against MSW: give the lazy chunks and the requests time when the machine is busy.
configure({ asyncUtilTimeout: 4000 });

jest.setTimeout(15_000);

const { amountField, next } = depositUi;

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
