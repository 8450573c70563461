import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { WithdrawalErrorCode, type Account, type PaymentMethod } from '../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { withdrawalsBackend, type WithdrawalsBackendOptions } from '../../test/msw/withdrawalHandlers';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LocationProbe, signedInStore } from '../fundingMethods/fundingTestUtils';
import WithdrawalPage from './WithdrawalPage';
import { WithdrawalMessages } from './withdrawalCopy';
import { selectWithdrawalState } from './withdrawalSlice';
import { UNKNOWN_MESSAGE } from './withdrawalThunks';

const brokerage = accountFixture({ accountUuid: 'uuid-brokerage', account: '482139075', displayName: 'Brokerage' });
const traditional = accountFixture({
  accountId: 'acc-2',
  accountUuid: 'uuid-trad',
  account: '482139076',
  variant: 'TRADITIONAL_IRA',
  displayName: 'Traditional IRA',
  type: 'cash',
});
const roth = accountFixture({
  accountId: 'acc-3',
  accountUuid: 'uuid-roth',
  account: '482139077',
  variant: 'ROTH_IRA',
  displayName: 'Roth IRA',
  type: 'cash',
});
const highYield = accountFixture({
  accountId: 'acc-4',
  accountUuid: 'uuid-hy',
  account: '482139078',
  variant: 'HIGH_YIELD',
  displayName: 'High-yield cash',
  type: 'cash',
});

const chase = paymentMethodFixture({
  id: 'pm-1',
  displayName: 'Chase Total Checking',
  paymentMethodNumber: '6789',
  defaultPaymentMethod: true,
});
const card = paymentMethodFixture({ id: 'pm-card', type: 'DEBIT_CARD', displayName: 'Visa debit', paymentMethodNumber: '5556' });
const relink = paymentMethodFixture({
  id: 'pm-relink',
  displayName: 'Wells Checking',
  paymentMethodNumber: '1111',
  plaidLoginRequired: true,
});

interface Setup extends WithdrawalsBackendOptions {
  route?: string;
  accounts?: Account[];
  methods?: PaymentMethod[];
}

function setup({
  route = '/settings/v2/withdrawal',
  accounts = [brokerage, traditional, roth, highYield],
  methods = [chase, card, relink],
  ...options
}: Setup = {}) {
  const backend = withdrawalsBackend({
    available: { 'uuid-brokerage': 1_238_055, 'uuid-trad': 650_000, 'uuid-roth': 321_040, 'uuid-hy': 190_518 },
    ...options,
  });
  mswServer.use(accountsHandler(accounts), paymentMethodsHandler(methods), ...backend.handlers);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<WithdrawalPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { store: signedInStore(), route },
  );
  return { ...rendered, backend };
}

const amountField = () => screen.findByLabelText('Amount');
const next = () => screen.getByRole('button', { name: 'Next' });

describe('WithdrawalPage (brokerage)', () => {
  it('shows what is available; one cent more is refused on the page, exactly that amount reaches the review', async () => {
    const { user } = setup();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.titles.brokerage })).toBeInTheDocument();
    expect(await screen.findByText('$12,380.55')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Held from withdrawal' })).toHaveTextContent(
      '$100.00 from a bank deposit that has not settled is held until Wed, Jun 17, 2026.',
    );
    expect(screen.getByText('From').parentElement).toHaveTextContent('Brokerage •••• 9075');

    // Only the approved, connected bank: not the debit card, not the bank that needs relinking.
    const to = screen.getByRole('combobox', { name: 'To' });
    const banks = within(to).getAllByRole<HTMLOptionElement>('option');
    expect(banks.filter((option) => option.value !== '').map((option) => option.textContent)).toEqual(['Chase Total Checking •••• 6789']);
    expect(to).toHaveValue('pm-1');

    await user.type(await amountField(), '12380.56');
    expect(screen.getByText('You can withdraw up to $12,380.55.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.clear(await amountField());
    await user.type(await amountField(), '0.99');
    expect(screen.getByText('The minimum withdrawal is $1.00.')).toBeInTheDocument();
    await user.clear(await amountField());
    await user.type(await amountField(), '12380.55');
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(await screen.findByRole('heading', { name: 'Review withdrawal' })).toBeInTheDocument();
    expect(screen.getByText('will be withdrawn')).toBeInTheDocument();
    const rows = screen.getByText('You receive').closest('dl')!;
    expect(rows).toHaveTextContent('FromBrokerage •••• 9075');
    expect(rows).toHaveTextContent('ToChase Total Checking •••• 6789');
    expect(rows).toHaveTextContent('You receive$12,380.55');
    // The arrival date from the server's bank calendar, never "in 2 business days".
    expect(rows).toHaveTextContent('ArrivesWed, Jun 17, 2026');
    expect(screen.queryByText(/business days later/)).not.toBeInTheDocument();
  });

  it('says what is held and until when: a debit-card deposit in its hold, and held money moved in from another account', async () => {
    setup({
      route: '/high-yield/withdraw',
      available: { 'uuid-hy': 0 },
      holds: {
        'uuid-hy': [
          { reason: 'DEBIT_CARD', cents: 200_000, until: '2027-03-29' },
          { reason: 'BANK_NOT_SETTLED', cents: 50_000, until: '2026-06-17', accountUuid: 'uuid-brokerage' },
        ],
      },
    });
    const held = await screen.findByRole('list', { name: 'Held from withdrawal' });
    expect(
      within(held)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$2,000.00 from your debit card is held until Mon, Mar 29, 2027.',
      '$500.00 from a bank deposit that has not settled is held until Wed, Jun 17, 2026 (deposited into your Brokerage account).',
    ]);
  });

  it('Withdraw all fills in the available amount; Confirm sends it with an Idempotency-Key and shows where the money goes', async () => {
    const { user, backend, store } = setup({ route: '/settings/v2/withdrawal?origin=/settings/v2/transfers' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw all' }));
    expect(await amountField()).toHaveValue('12380.55');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: WithdrawalMessages.successTitle })).toBeInTheDocument();
    expect(
      await screen.findByText(/\$12,380\.55 is on its way to Chase Total Checking •••• 6789\. It should arrive by Wed, Jun 17, 2026\./),
    ).toBeInTheDocument();
    expect(backend.calls.create).toHaveLength(1);
    expect(backend.calls.create[0].body).toEqual({
      accountUuid: 'uuid-brokerage',
      paymentMethodId: 'pm-1',
      amount: { amount: '12380.55', currency: 'USD' },
    });
    expect(backend.calls.create[0].idempotencyKey).toMatch(/\S{8,}/);
    expect(screen.getByRole('link', { name: 'View transfer history' })).toHaveAttribute('href', '/settings/v2/transfers/history');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/v2/transfers');
    expect(selectWithdrawalState(store.getState()).step).toBe('amount');
  });

  it('a refusal from the server shows its message; Edit withdrawal goes back with a new attempt', async () => {
    const { user, backend } = setup({
      refusal: {
        status: 422,
        body: {
          errorCode: WithdrawalErrorCode.DESTINATION_NOT_APPROVED,
          message: 'Your bank connection has expired. Please relink this bank account.',
        },
      },
    });
    await user.type(await amountField(), '50');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.refusedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your bank connection has expired. Please relink this bank account.');
    await user.click(screen.getByRole('button', { name: 'Edit withdrawal' }));
    expect(await amountField()).toHaveValue('50');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: WithdrawalMessages.refusedTitle });
    // A definite answer ends an attempt: the second one has its own key.
    expect(backend.calls.create).toHaveLength(2);
    expect(backend.calls.create[1].idempotencyKey).not.toBe(backend.calls.create[0].idempotencyKey);
  });

  it('a lost answer is "unknown"; Try again sends the same key and the server answers the one withdrawal it made', async () => {
    const { user, backend } = setup({ loseAnswers: 1 });
    await user.type(await amountField(), '250');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.unknownTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(UNKNOWN_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.successTitle })).toBeInTheDocument();
    expect(backend.calls.create.map((call) => call.idempotencyKey)).toEqual([
      backend.calls.create[0].idempotencyKey,
      backend.calls.create[0].idempotencyKey,
    ]);
    expect(backend.withdrawals).toHaveLength(1);
  });

  it('without an approved bank: no To field, a link to add a bank over this page', async () => {
    setup({ methods: [card, relink] });
    expect(await screen.findByText(WithdrawalMessages.noBankTitle)).toBeInTheDocument();
    expect(screen.getByText(WithdrawalMessages.unverifiedBankBody)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'To' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: WithdrawalMessages.linkBank })).toHaveAttribute(
      'href',
      '/settings/v2/withdrawal?bankLink=enabled',
    );
    await waitFor(() => expect(next()).toBeDisabled());
  });

  it('without an account of its kind the page says so', async () => {
    setup({ accounts: [highYield] });
    expect(await screen.findByText(WithdrawalMessages.noAccountTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to portfolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('a failed load of the available amount offers Try again', async () => {
    setup({ availableFails: true });
    expect(await screen.findByText("We couldn't load what is available to withdraw")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('WithdrawalPage (IRA)', () => {
  it('asks for a distribution reason and tax withholding, shows the tax withheld and sends both', async () => {
    const { user, backend } = setup({ route: '/ira/withdrawal' });
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.titles.ira })).toBeInTheDocument();
    const from = await screen.findByRole('combobox', { name: 'From' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Traditional IRA •••• 9076', 'Roth IRA •••• 9077']);
    await user.selectOptions(from, 'uuid-roth');
    expect(await screen.findByText('$3,210.40')).toBeInTheDocument();

    await user.type(await amountField(), '1000.05');
    expect(next()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason for the distribution' }), 'EARLY');
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '10% (IRS default)' }));
    expect(screen.getByText(/\$100\.01 withheld for federal tax; \$900\.04 goes to your bank/)).toBeInTheDocument();
    await user.click(next());

    const rows = (await screen.findByText('You receive')).closest('dl')!;
    expect(rows).toHaveTextContent('Federal tax withheld (10%)$100.01');
    expect(rows).toHaveTextContent('You receive$900.04');
    expect(rows).toHaveTextContent('ReasonEarly distribution (under 59½, no known exception)');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: WithdrawalMessages.successTitle });
    expect(backend.calls.create[0].body).toEqual({
      accountUuid: 'uuid-roth',
      paymentMethodId: 'pm-1',
      amount: { amount: '1000.05', currency: 'USD' },
      federalWithholdingPercent: 10,
      distributionReason: 'EARLY',
    });
  });
});

describe('WithdrawalPage (high-yield)', () => {
  it('withdraws from high-yield cash; linking a bank keeps to the bank-link kinds', async () => {
    setup({ route: '/high-yield/withdraw', methods: [] });
    expect(await screen.findByRole('heading', { name: WithdrawalMessages.titles.highYield })).toBeInTheDocument();
    expect((await screen.findByText('From')).parentElement).toHaveTextContent('High-yield cash •••• 9078');
    expect(await screen.findByText('$1,905.18')).toBeInTheDocument();
    expect(screen.getByText(WithdrawalMessages.noBankBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WithdrawalMessages.linkBank })).toHaveAttribute(
      'href',
      '/high-yield/withdraw?bankLinkHighYield=enabled',
    );
  });
});
