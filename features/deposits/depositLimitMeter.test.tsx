import { configure, screen, waitFor, within } from '@testing-library/react';
import { centsToMoney } from '../../api/contract/values';
import { bankDailyRoom, cardLifetimeRoom } from '../../api/contract/depositLimits';
import { depositError, depositLimitsFixture } from '../../test/msw/depositHandlers';
import { bankMethod, cardMethod, renderDeposit } from './depositTestUtils';
import { limitMeterOf } from './depositSelectors';

// The limit meter under the amount, the inline check against the room left, and the split of an amount over
// today's bank room (issue 17 point 8), through the screen as a customer uses it, against MSW.

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

const amountField = () => screen.findByLabelText('Amount');
const next = () => screen.getByRole('button', { name: 'Next' });

async function typeAmount(user: ReturnType<typeof renderDeposit>['user'], amount: string) {
  const field = await amountField();
  await user.clear(field);
  await user.type(field, amount);
}

/** $5,000.00 left of today's bank limit. */
const fiveThousandLeft = depositLimitsFixture({ dailyBankRemaining: centsToMoney(500_000) });

describe('limitMeterOf (the meter rule)', () => {
  it('shows what is left after the typed amount, never below zero, and says when it is over', () => {
    const room = bankDailyRoom(10_000, null);
    expect(limitMeterOf(room, null)).toMatchObject({ text: '$49,900.00 of $50,000.00 left today', over: false });
    expect(limitMeterOf(room, 10_000)).toMatchObject({ text: '$49,800.00 of $50,000.00 left today', over: false });
    expect(limitMeterOf(room, 4_990_000)).toMatchObject({ text: '$0.00 of $50,000.00 left today', over: false });
    expect(limitMeterOf(room, 4_990_001)).toMatchObject({ text: '$0.00 of $50,000.00 left today', over: true });
  });
  it('on a holiday, a weekend or after 4 pm the meter names the batch day the deposit counts toward', () => {
    // Thanksgiving 2026: deposits go out in Friday's batch.
    const room = bankDailyRoom(10_000, '2026-11-27');
    expect(limitMeterOf(room, null, '2026-11-26')?.text).toBe('$49,900.00 of $50,000.00 left for Fri, Nov 27');
    expect(limitMeterOf(room, null, '2026-11-27')?.text).toBe('$49,900.00 of $50,000.00 left today');
  });
  it("a card's meter is the card's remainder", () => {
    expect(limitMeterOf(cardLifetimeRoom(250_000, 30_000), 20_000)?.text).toBe('$2,000.00 of $2,500.00 left on this card');
  });
  it('no meter without a room (an internal source, or limits not loaded)', () => {
    expect(limitMeterOf(null, 100)).toBeNull();
  });
});

describe('the limit meter on the amount step', () => {
  it('shows what is left of today’s bank limit and updates as the customer types', async () => {
    const { user } = renderDeposit({ limits: fiveThousandLeft });
    const field = await amountField();
    await waitFor(() => expect(field).toHaveAccessibleDescription('$5,000.00 of $50,000.00 left today'));
    await typeAmount(user, '100');
    expect(field).toHaveAccessibleDescription('$4,900.00 of $50,000.00 left today');
    await waitFor(() => expect(next()).toBeEnabled());
  });

  it('the inline check uses the room left, not the full $50,000: over it, Next is disabled and says what is left', async () => {
    const { user } = renderDeposit({ limits: fiveThousandLeft });
    await typeAmount(user, '5000.01');
    const field = await amountField();
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Only \$5,000\.00 of the \$50,000 daily bank limit is left today\./));
    expect(field).toHaveAccessibleDescription(/\$0\.00 of \$50,000\.00 left today/);
    expect(field).toBeInvalid();
    expect(next()).toBeDisabled();
  });

  it("a debit card's meter is the card's remainder, and its inline check too", async () => {
    const { user } = renderDeposit({
      methods: [cardMethod()],
      limits: depositLimitsFixture({ debitCardRemaining: centsToMoney(220_000) }),
    });
    const field = await amountField();
    await waitFor(() => expect(field).toHaveAccessibleDescription('$2,200.00 of $2,500.00 left on this card'));
    await typeAmount(user, '2200.01');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Only \$2,200\.00 of this card's \$2,500 limit is left\./));
    expect(next()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Split into two deposits' })).not.toBeInTheDocument();
  });
});

describe('the split of an amount over today’s bank room', () => {
  async function toSplitReview(rendered: ReturnType<typeof renderDeposit>) {
    await typeAmount(rendered.user, '6000');
    const offer = await screen.findByRole('group', {
      name: /Deposit \$5,000\.00 today and the remaining \$1,000\.00 on the next business day/,
    });
    await rendered.user.click(within(offer).getByRole('button', { name: 'Split into two deposits' }));
    await screen.findByRole('heading', { name: 'Review deposit' });
  }

  it('offers today’s room now and the rest on the next business day; the review shows both parts', async () => {
    const rendered = renderDeposit({ limits: fiveThousandLeft });
    await toSplitReview(rendered);
    expect(rendered.deposits.calls.initiate.map((call) => call.amount)).toEqual([centsToMoney(500_000)]);
    const rows = screen.getAllByRole('definition')[0].closest('dl')!.textContent ?? '';
    // The fixtures' first part goes out Mon, Jun 15; the rest the next business day, Tue, Jun 16.
    expect(rows).toContain('Today$5,000.00');
    expect(rows).toContain('On Tue, Jun 16$1,000.00');
    expect(rows).toContain('Total$6,000.00');
    expect(screen.getByText(/is a one-time deposit scheduled for Tue, Jun 16/)).toBeInTheDocument();
  });

  it('Confirm makes both parts, each with its own idempotency key, and the result names the date of the rest', async () => {
    const rendered = renderDeposit({ limits: fiveThousandLeft });
    await toSplitReview(rendered);
    await rendered.user.dblClick(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(
      screen.getByText(
        'The remaining $1,000.00 is scheduled for Tue, Jun 16, from the same bank. You can cancel it under Recurring deposits until then.',
      ),
    ).toBeInTheDocument();
    const { confirm, recurring } = rendered.deposits.calls;
    expect(confirm).toHaveLength(1);
    expect(recurring).toHaveLength(1);
    expect(recurring[0].body.recurringDeposit).toMatchObject({
      amount: centsToMoney(100_000),
      startDate: '2026-06-16',
      schedule: { frequency: 'ONE_TIME' },
      fundingSourceType: 'ACH',
    });
    expect(recurring[0].idempotencyKey).toBeTruthy();
    expect(recurring[0].idempotencyKey).not.toBe(confirm[0].idempotencyKey);
  });

  it('a dropped answer for the rest: Try again sends both keys again, so neither part is made twice', async () => {
    const rendered = renderDeposit({ limits: fiveThousandLeft, recurringAnswers: ['dropped', 'created'] });
    await toSplitReview(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/The remaining \$1,000\.00 for Tue, Jun 16 was not scheduled/);
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText(/The remaining \$1,000\.00 is scheduled for Tue, Jun 16/);
    const { confirm, recurring } = rendered.deposits.calls;
    expect(new Set(confirm.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(recurring).toHaveLength(2);
    expect(recurring[1].idempotencyKey).toBe(recurring[0].idempotencyKey);
    expect(rendered.deposits.recurringMade()).toBe(1);
  });

  it('the rest refused: the customer sees the first part made and why the rest was not; Try again uses a new key for the rest only', async () => {
    const refusal = depositError(400, 'VALIDATION_FAILED', 'A scheduled one-time deposit is made on a business day.');
    const rendered = renderDeposit({ limits: fiveThousandLeft, recurringAnswers: [refusal, 'created'] });
    await toSplitReview(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your money is ready to invest' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The remaining $1,000.00 for Tue, Jun 16 was not scheduled: A scheduled one-time deposit is made on a business day. Try again schedules only the rest; the deposit above is not made twice.',
    );
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText(/The remaining \$1,000\.00 is scheduled for Tue, Jun 16/);
    const { confirm, recurring } = rendered.deposits.calls;
    expect(new Set(confirm.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(recurring[1].idempotencyKey).not.toBe(recurring[0].idempotencyKey);
  });

  it("is not offered when the bank's own deposit limit cannot take the whole amount", async () => {
    const rendered = renderDeposit({ limits: fiveThousandLeft, methods: [bankMethod({ amountDeposited: centsToMoney(4_500_000) })] });
    await typeAmount(rendered.user, '6000');
    await waitFor(() => expect(next()).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Split into two deposits' })).not.toBeInTheDocument();
  });

  it('the first part refused: nothing is scheduled', async () => {
    const rendered = renderDeposit({ limits: fiveThousandLeft, confirmAnswers: [depositError(422, 'DE#00004', 'Insufficient funds')] });
    await toSplitReview(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Deposit failed' });
    expect(rendered.deposits.calls.recurring).toHaveLength(0);
  });
});

describe('the review shows the quote', () => {
  it('in plain words, and the result says what changed when Confirm’s deposit differs', async () => {
    const rendered = renderDeposit({ methods: [bankMethod()], confirmAnswers: [{ deposit: { instantAmount: centsToMoney(20_000) } }] });
    await typeAmount(rendered.user, '500');
    await waitFor(() => expect(next()).toBeEnabled());
    await rendered.user.click(next());
    const quote = await screen.findByRole('list', { name: 'What this deposit does' });
    expect(
      within(quote)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$500.00 available to invest now',
      'Settles Thu, Jun 18; it can be withdrawn to a bank from then.',
      'You can cancel until Mon, Jun 15 at 4:00 PM New York time.',
      '$49,500.00 of $50,000.00 left for Mon, Jun 15 after this deposit',
    ]);
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('This differs from your review:');
    expect(screen.getByText(/^\$200\.00 is available to invest now instead of the \$500\.00 the review showed/)).toBeInTheDocument();
  });
});
