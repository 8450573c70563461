import { screen, waitFor, within } from '@testing-library/react';
import { mswServer } from '../../test/msw/server';
import { iraDepositLimitsHandler, refusal } from '../../test/msw/iraHandlers';
import { iraUi, ready, setup } from './iraDepositTestUtils';

jest.setTimeout(20_000);

const { nextButton, yearSelect, amountInput } = iraUi;

describe('IRA deposit: amount step', () => {
  it('shows presets 500, 1000 and Max, and the selected year’s limit text', async () => {
    setup();
    await ready();
    const presets = screen.getByRole('radiogroup', { name: 'Preset amounts' });
    expect(
      within(presets)
        .getAllByRole('radio')
        .map((chip) => chip.textContent),
    ).toEqual(['$500', '$1,000', 'Max']);
    expect(screen.getByText(/Most people can contribute up to \$7,500 for 2026/)).toBeInTheDocument();
    expect(screen.getByText(/If you are 50 or older, you can add \$1,100 more/)).toBeInTheDocument();
    expect(screen.getByText(/\$168,000 if you file single, or \$252,000 if you file jointly/)).toBeInTheDocument();
  });

  it('offers the server’s years, the previous one marked one-time only until its deadline', async () => {
    const { user } = setup();
    await ready();
    expect(
      within(yearSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026', '2025 (prior year, until April 15, 2026)']);
    await user.selectOptions(yearSelect(), '2025');
    expect(screen.getByText('Contributions for 2025 are accepted until April 15, 2026, as one-time deposits only.')).toBeInTheDocument();
    expect(screen.getByText(/Most people can contribute up to \$7,000 for 2025/)).toBeInTheDocument();
    expect(screen.getByText(/\$165,000 if you file single, or \$246,000 if you file jointly/)).toBeInTheDocument();
  });

  it('Max uses the remaining room of the selected year, and follows the year', async () => {
    const { user } = setup();
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Max' }));
    expect(amountInput()).toHaveValue('6000');
    await user.selectOptions(yearSelect(), '2025');
    await waitFor(() => expect(amountInput()).toHaveValue('1000'));
    expect(screen.getByRole('radio', { name: 'Max' })).toHaveAttribute('aria-checked', 'true');
  });

  it('refuses an amount above the remaining room, with the room in the message, and disables Next', async () => {
    const { user } = setup();
    await ready();
    await user.type(amountInput(), '6000.01');
    expect(screen.getByText('You can contribute up to $6,000.00 more for 2026.')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    await user.clear(amountInput());
    await user.type(amountInput(), '6000');
    expect(nextButton()).toBeEnabled();
  });

  it('never offers the debit card for a retirement account', async () => {
    setup();
    await ready();
    const option = within(screen.getByLabelText('From')).getByRole('option', { name: /Visa debit card/ });
    expect(option).toBeDisabled();
    expect(option).toHaveTextContent("A debit card can't fund this account");
  });

  it('needs an amount: Next is disabled without one', async () => {
    setup();
    await ready();
    expect(nextButton()).toBeDisabled();
  });

  it('deposits into the IRA picked by the account parameter', async () => {
    setup({ props: { accountDigits: '39077' } });
    await ready();
    expect(screen.getByLabelText('To')).toHaveValue('uuid-roth');
  });
});

describe('IRA deposit: review and results', () => {
  it('initiates with the contribution year, reviews, confirms with an idempotency key and succeeds', async () => {
    const { user, backend } = setup();
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Max' }));
    await user.click(nextButton());

    expect(await screen.findByRole('heading', { name: 'Review deposit' })).toBeInTheDocument();
    expect(backend.calls.depositIntents).toEqual([
      { paymentMethodId: 'pm-bank', accountUuid: 'uuid-trad', amount: { amount: '6000.00', currency: 'USD' }, iraContributionYear: 2026 },
    ]);
    expect(screen.getByText('will be deposited')).toBeInTheDocument();
    expect(screen.getByText('From').nextSibling).toHaveTextContent('Chase Total Checking •••• 6789');
    expect(screen.getByText('To').nextSibling).toHaveTextContent('Traditional IRA •••• 9076');
    expect(screen.getByText('Contribution year').nextSibling).toHaveTextContent('2026');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$6,000.00');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // The sandbox makes $1,000 instant: a partly instant deposit.
    expect(await screen.findByRole('heading', { name: 'Deposit on its way' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('$1,000.00 of your $6,000.00 deposit is available to invest now.');
    expect(screen.getByText('It counts toward your 2026 contribution limit.')).toBeInTheDocument();
    expect(screen.getByText(/With your 1% match, we will add \$60.00/)).toBeInTheDocument();
    expect(backend.calls.confirms).toHaveLength(1);
    expect(backend.calls.confirms[0]).toMatchObject({
      path: 'deposit',
      body: { id: 'intent-1', accountUuid: 'uuid-trad' },
      key: expect.any(String),
    });
  });

  it('from an internal account, initiates and confirms an internal transfer', async () => {
    const { user, backend } = setup();
    await ready();
    await user.selectOptions(screen.getByLabelText('From'), 'account:uuid-brokerage');
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(backend.calls.transferIntents).toEqual([
      {
        sourceAccountUuid: 'uuid-brokerage',
        destinationAccountUuid: 'uuid-trad',
        amount: { amount: '500.00', currency: 'USD' },
        iraContributionYear: 2026,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Transfer complete' });
    expect(screen.getByRole('status')).toHaveTextContent('$500.00 moved from Brokerage •••• 9075 to Traditional IRA •••• 9076.');
    expect(backend.calls.confirms[0].path).toBe('transfer');
  });

  it('Back from the review keeps what was entered', async () => {
    const { user } = setup();
    await ready();
    await user.selectOptions(yearSelect(), '2025');
    await user.type(amountInput(), '750');
    await user.click(nextButton());
    await screen.findByRole('heading', { name: 'Review deposit' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'IRA deposit' });
    expect(amountInput()).toHaveValue('750');
    expect(yearSelect()).toHaveValue('2025');
  });

  it('a lost confirmation answer shows "Deposit unknown"; Try again reuses the key and makes one deposit', async () => {
    const { user, backend } = setup({ money: { loseConfirmAnswers: 1 } });
    await ready();
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Deposit unknown' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Check again later to see if your deposit was successful.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(backend.calls.confirms).toHaveLength(2);
    expect(backend.calls.confirms[1].key).toBe(backend.calls.confirms[0].key);
    expect(backend.deposits).toHaveLength(1);
  });

  it('a double click on Confirm sends one confirmation', async () => {
    const { user, backend } = setup({ money: { confirmDelayMs: 50 } });
    await ready();
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await user.dblClick(confirm);
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(backend.calls.confirms).toHaveLength(1);
  });

  it('no deposit rights (DE#00008) offers Contact Member Support and Dismiss', async () => {
    const { user, onClose } = setup({ money: { initiateFailures: [refusal(403, 'DE#00008', 'This account cannot receive deposits.')] } });
    await ready();
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    expect(await screen.findByRole('heading', { name: 'Deposit failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This account cannot receive deposits.');
    expect(screen.getByRole('link', { name: 'Contact Member Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a failure without a message shows the default "Deposit error" text; Try again returns to the amount', async () => {
    const { user } = setup({ money: { initiateFailures: [refusal(500, 'DE#00002', '')] } });
    await ready();
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    expect(await screen.findByRole('heading', { name: 'Deposit error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An error ocurred while processing your deposit. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('500');
  });

  it('over today’s bank limit (DE#00003) opens the limit dialog; Edit amount sets what is left today', async () => {
    const { user } = setup({ money: { initiateFailures: [refusal(422, 'DE#00003', 'A maximum of $50,000 can be deposited per day.')] } });
    mswServer.use(iraDepositLimitsHandler('1250.00'));
    await ready();
    await user.type(amountInput(), '5000');
    await user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    expect(within(dialog).getByText('A maximum of $50,000 can be deposited per day.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Edit amount' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Edit amount' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByLabelText('Amount')).toHaveValue('1250');
  });

  it('insufficient funds from an internal account (DE#00004) shows the transfer message', async () => {
    const { user } = setup({ money: { confirmFailures: [refusal(422, 'DE#00004', 'Not enough money.')] } });
    await ready();
    await user.selectOptions(screen.getByLabelText('From'), 'account:uuid-brokerage');
    await user.type(amountInput(), '500');
    await user.click(nextButton());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.",
    );
  });
});
