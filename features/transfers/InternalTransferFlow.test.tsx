import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { accountsHandler } from '../../test/msw/handlers';
import { accountFixture } from '../../test/fixtures';
import {
  contributionsFixture,
  iraContributionsHandler,
  moneyMovementBackend,
  refusal,
  type MoneyMovementOptions,
} from '../../test/msw/iraHandlers';
import InternalTransferFlow from './InternalTransferFlow';
import { TransferBetweenAccountsButton } from './internalTransferEntry';

jest.setTimeout(20_000);

const money = (amount: string) => ({ amount, currency: 'USD' as const });
const brokerage = accountFixture({ accountUuid: 'uuid-brokerage', account: '482139075', variant: 'US', balance: money('12480.55') });
const cash = accountFixture({
  accountUuid: 'uuid-cash',
  account: '482139078',
  variant: 'HIGH_YIELD',
  displayName: 'High-yield cash',
  balance: money('2055.18'),
});
const roth = accountFixture({
  accountUuid: 'uuid-roth',
  account: '482139077',
  variant: 'ROTH_IRA',
  displayName: 'Roth IRA',
  balance: money('3210.40'),
});

function setup({ money: options = {}, presentation = 'modal' }: { money?: MoneyMovementOptions; presentation?: 'modal' | 'page' } = {}) {
  const backend = moneyMovementBackend(options);
  mswServer.use(
    accountsHandler([brokerage, cash, roth]),
    iraContributionsHandler(() => contributionsFixture()),
    ...backend.handlers,
  );
  const onClose = jest.fn();
  const utils = renderWithProviders(<InternalTransferFlow presentation={presentation} onClose={onClose} today="2026-03-01" />);
  return { ...utils, backend, onClose };
}

const amount = () => screen.getByLabelText('Amount');
const next = () => screen.getByRole('button', { name: 'Next' });

async function ready() {
  await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('uuid-brokerage'));
  await waitFor(() => expect(screen.getByLabelText('To')).toHaveValue('uuid-cash'));
}

describe('internal transfer', () => {
  it('is a dialog titled Transfer between accounts, from the brokerage to high-yield cash by default', async () => {
    setup();
    expect(await screen.findByRole('dialog', { name: 'Transfer between accounts' })).toBeInTheDocument();
    await ready();
    expect(within(screen.getByLabelText('To')).queryByRole('option', { name: /Brokerage/ })).not.toBeInTheDocument();
  });

  it('refuses more than the source balance with the insufficient-funds message', async () => {
    const { user } = setup();
    await ready();
    await user.type(amount(), '12480.56');
    expect(
      screen.getByText("Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount."),
    ).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('an account chosen as source leaves the destination list', async () => {
    const { user } = setup();
    await ready();
    await user.selectOptions(screen.getByLabelText('From'), 'uuid-cash');
    await waitFor(() => expect(screen.getByLabelText('To')).not.toHaveValue('uuid-cash'));
    expect(within(screen.getByLabelText('To')).queryByRole('option', { name: /High-yield cash/ })).not.toBeInTheDocument();
  });

  it('initiates, reviews, confirms with an idempotency key and shows transfer-success', async () => {
    const { user, backend, onClose } = setup();
    await ready();
    await user.type(amount(), '250');
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Review transfer' });
    expect(backend.calls.transferIntents).toEqual([
      { sourceAccountUuid: 'uuid-brokerage', destinationAccountUuid: 'uuid-cash', amount: money('250.00'), iraContributionYear: null },
    ]);
    expect(screen.getByText('will be transferred')).toBeInTheDocument();
    expect(screen.getByText('From').nextSibling).toHaveTextContent('Brokerage •••• 9075');
    expect(screen.getByText('To').nextSibling).toHaveTextContent('High-yield cash •••• 9078');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Transfer complete' });
    expect(screen.getByRole('status')).toHaveTextContent('$250.00 moved from Brokerage •••• 9075 to High-yield cash •••• 9078.');
    expect(backend.calls.confirms).toEqual([{ path: 'transfer', body: { id: 'intent-1' }, key: expect.any(String) }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a failed confirmation shows "Transfer failed"; Try again reuses the key and moves the money once', async () => {
    const { user, backend } = setup({ money: { loseConfirmAnswers: 1 } });
    await ready();
    await user.type(amount(), '250');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const failed = await screen.findByRole('dialog', { name: 'Transfer failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('Something went wrong. Please wait a moment and try again');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Transfer complete' });
    expect(backend.calls.confirms).toHaveLength(2);
    expect(backend.calls.confirms[1].key).toBe(backend.calls.confirms[0].key);
    expect(backend.deposits).toHaveLength(1);
  });

  it('DE#00004 from the server shows the insufficient-funds message; Try again returns to the amount', async () => {
    const { user } = setup({ money: { initiateFailures: [refusal(422, 'DE#00004', 'Insufficient funds')] } });
    await ready();
    await user.type(amount(), '250');
    await user.click(next());
    const failed = await screen.findByRole('dialog', { name: 'Transfer failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(
      "Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.",
    );
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('250');
  });

  it("a refusal for too many requests shows the server's wait message, and Try again still works", async () => {
    const wait = 'Too many requests. Try again in 30 seconds.';
    const { user, backend } = setup({
      money: { initiateFailures: [refusal(429, 'RATE_LIMITED', wait)], confirmFailures: [refusal(429, 'RATE_LIMITED', wait)] },
    });
    await ready();
    await user.type(amount(), '250');
    await user.click(next());
    let failed = await screen.findByRole('dialog', { name: 'Transfer failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(wait);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('250');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    failed = await screen.findByRole('dialog', { name: 'Transfer failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(wait);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Transfer complete' });
    expect(backend.deposits).toHaveLength(1);
  });

  it('to an IRA, asks for the contribution year and sends it', async () => {
    const { user, backend } = setup();
    await ready();
    await user.selectOptions(screen.getByLabelText('To'), 'uuid-roth');
    await waitFor(() => expect(screen.getByLabelText('Contribution year')).toHaveValue('2026'));
    await user.type(amount(), '6000.01');
    expect(screen.getByText('You can contribute up to $6,000.00 more for 2026.')).toBeInTheDocument();
    await user.clear(amount());
    await user.type(amount(), '100');
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Review transfer' });
    expect(backend.calls.transferIntents[0]).toMatchObject({ destinationAccountUuid: 'uuid-roth', iraContributionYear: 2026 });
    expect(screen.getByText('Contribution year').nextSibling).toHaveTextContent('2026');
  });

  it('renders as a page with a heading and a Back button on the review', async () => {
    const { user } = setup({ presentation: 'page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer between accounts' })).toBeInTheDocument();
    await ready();
    await user.type(amount(), '10');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('10');
  });

  it('on a page, Cancel closes it', async () => {
    const { user, onClose } = setup({ presentation: 'page' });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the Transfer between accounts entry', () => {
  it('opens the transfer as a dialog and closes it', async () => {
    mswServer.use(accountsHandler([brokerage, cash]));
    const { user } = renderWithProviders(<TransferBetweenAccountsButton />);
    await user.click(screen.getByRole('button', { name: 'Transfer between accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer between accounts' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
