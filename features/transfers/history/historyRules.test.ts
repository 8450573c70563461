import type { DepositEventType } from '../../../api/contract';
import { accountFixture, paymentMethodFixture } from '../../../test/fixtures';
import { depositEventFixture, depositFixture } from '../../../test/msw/recurringHandlers';
import {
  availabilityText,
  canceledText,
  shownEvents,
  cancelClosedText,
  cancelDeadlineText,
  cancelState,
  describeRoute,
  eventWhen,
  eventWords,
  EVENT_WORDS,
  historyPhase,
  nextCutOff,
  nextStep,
  statusWords,
} from './historyRules';

const done = (type: DepositEventType, date = '2025-12-10T15:00:00.000Z') => depositEventFixture({ type, completed: true, date });
const expected = (type: DepositEventType, date: string | null = '2025-12-12T21:00:00.000Z') =>
  depositEventFixture({ type, completed: false, date });

describe('events in words', () => {
  it('every event type has words', () => {
    expect(EVENT_WORDS).toEqual({
      DEPOSIT_INITIATION: 'Deposit initiated',
      DEPOSIT_BUYING_POWER_ALLOCATION: 'Buying power available',
      DEPOSIT_BUYING_POWER_UPGRADE: 'Buying power available',
      DEPOSIT_SETTLEMENT: 'Settled',
      DEPOSIT_ARRIVED: 'Arrived',
      DEPOSIT_SCHEDULED: 'Scheduled',
      APPLICATION_REVIEWED: 'Application reviewed',
      APPLICATION_APPROVED: 'Application approved',
      DEPOSIT_RETURNED: 'Returned',
    });
  });
  it('a transfer starts with "Transfer initiated"', () => {
    expect(eventWords({ type: 'DEPOSIT_INITIATION' }, 'INTERNAL_TRANSFER')).toBe('Transfer initiated');
    expect(eventWords({ type: 'DEPOSIT_INITIATION' }, 'DEPOSIT')).toBe('Deposit initiated');
  });
  it('completed events show when they happened, in the market zone; pending ones when they are expected', () => {
    expect(eventWhen({ completed: true, date: '2025-12-10T15:00:00.000Z' })).toBe('Wed, Dec 10, 2025, 10:00 AM EST');
    expect(eventWhen({ completed: false, date: '2025-12-12T21:00:00.000Z' })).toBe('Expected Fri, Dec 12, 2025');
    expect(eventWhen({ completed: false, date: null })).toBe('Date to be confirmed');
    // Summer time reads EDT.
    expect(eventWhen({ completed: true, date: '2025-07-01T14:30:00.000Z' })).toBe('Tue, Jul 1, 2025, 10:30 AM EDT');
  });
});

describe('status in words', () => {
  it('a confirmed deposit with steps still ahead is in progress, and names its next step', () => {
    const deposit = depositFixture();
    expect(historyPhase(deposit)).toBe('pending');
    expect(statusWords(deposit)).toBe('In progress');
    expect(nextStep(deposit)?.type).toBe('DEPOSIT_SETTLEMENT');
  });
  it('every step done: completed, no next step', () => {
    const deposit = depositFixture({ events: [done('DEPOSIT_INITIATION'), done('DEPOSIT_SETTLEMENT')] });
    expect(statusWords(deposit)).toBe('Completed');
    expect(nextStep(deposit)).toBeNull();
  });
  it('a pending deposit waits for the application until it is approved', () => {
    const waiting = depositFixture({
      type: 'PENDING_DEPOSIT',
      events: [done('DEPOSIT_INITIATION'), expected('APPLICATION_REVIEWED'), expected('APPLICATION_APPROVED')],
    });
    expect(statusWords(waiting)).toBe('Waiting for your application to be approved');
    const approved = depositFixture({ type: 'PENDING_DEPOSIT', events: [done('APPLICATION_APPROVED'), expected('DEPOSIT_SETTLEMENT')] });
    expect(statusWords(approved)).toBe('In progress');
  });
  it('canceled and failed', () => {
    expect(statusWords(depositFixture({ status: 'CANCELED' }))).toBe('Canceled');
    expect(statusWords(depositFixture({ status: 'FAILED' }))).toBe('Failed');
  });
  it('a deposit returned by the bank reads Returned, with no step still to come', () => {
    const returned = depositFixture({ status: 'RETURNED', events: [done('DEPOSIT_INITIATION'), done('DEPOSIT_RETURNED')] });
    expect(statusWords(returned)).toBe('Returned');
    expect(historyPhase(returned)).toBe('failed');
    expect(nextStep(returned)).toBeNull();
  });
  it('a confirmed movement without events is still pending', () => {
    expect(historyPhase(depositFixture({ events: [] }))).toBe('pending');
  });
});

describe('source → destination', () => {
  const accounts = [
    accountFixture({ accountUuid: 'uuid-brokerage', displayName: 'Brokerage' }),
    accountFixture({ accountUuid: 'uuid-roth', displayName: 'Roth IRA' }),
  ];
  it('a deposit names the method and its masked number', () => {
    expect(
      describeRoute(
        depositFixture(),
        [paymentMethodFixture({ id: 'pm-1', displayName: 'Chase Total Checking', paymentMethodNumber: '6789' })],
        accounts,
      ),
    ).toEqual({
      from: 'Chase Total Checking •••• 6789',
      to: 'Brokerage',
    });
  });
  it('a removed method is still named when the server lists it as canceled, and generically otherwise', () => {
    expect(
      describeRoute(
        depositFixture(),
        [paymentMethodFixture({ id: 'pm-1', status: 'CANCELED', displayName: 'Old bank', paymentMethodNumber: '1111' })],
        accounts,
      ).from,
    ).toBe('Old bank •••• 1111');
    expect(describeRoute(depositFixture(), [], accounts).from).toBe('A funding method');
  });
  it('a transfer names both accounts', () => {
    const transfer = depositFixture({
      kind: 'INTERNAL_TRANSFER',
      paymentMethodId: null,
      sourceAccountUuid: 'uuid-brokerage',
      destinationAccountUuid: 'uuid-roth',
    });
    expect(describeRoute(transfer, [], accounts)).toEqual({ from: 'Brokerage', to: 'Roth IRA' });
  });
});

describe('cancellable deposit rule, at a fixed time', () => {
  // Cut-off 4:00 PM New York time on Wed, Dec 10, 2025 (21:00 UTC).
  const cutOff = '2025-12-10T21:00:00.000Z';
  const before = Date.parse('2025-12-10T20:59:59.999Z');
  const atCutOff = Date.parse(cutOff);
  const bankDeposit = depositFixture({ cancellableUntil: cutOff });

  it('a bank deposit before its cut-off can be cancelled, and says until when', () => {
    expect(cancelState(bankDeposit, before)).toEqual({ kind: 'cancellable', until: cutOff });
    expect(cancelDeadlineText(cutOff)).toBe('You can cancel this deposit until Wed, Dec 10, 2025 at 4:00 PM EST.');
  });
  it('from the cut-off on the button is gone and the reason is given', () => {
    expect(cancelState(bankDeposit, atCutOff)).toEqual({ kind: 'closed', until: cutOff });
    expect(cancelClosedText(cutOff)).toBe(
      'This deposit can no longer be canceled: canceling closed at 4:00 PM EST on Wed, Dec 10, 2025, when it was sent to your bank.',
    );
  });
  it('a bank deposit in progress without a cut-off from the server has gone to the bank: no button, the reason', () => {
    expect(cancelState(depositFixture({ cancellableUntil: null }), before)).toEqual({ kind: 'sent' });
  });
  it('a debit-card deposit completes at once: nothing to cancel', () => {
    const card = depositFixture({
      cancellableUntil: null,
      events: [done('DEPOSIT_INITIATION'), done('DEPOSIT_SETTLEMENT'), done('DEPOSIT_ARRIVED')],
    });
    expect(cancelState(card, before)).toEqual({ kind: 'none' });
  });
  it('a deposit waiting for the application to be approved cannot be cancelled here', () => {
    expect(cancelState(depositFixture({ type: 'PENDING_DEPOSIT', cancellableUntil: null }), before)).toEqual({ kind: 'none' });
  });
  it('transfers, canceled, failed and completed deposits cannot be cancelled', () => {
    expect(cancelState(depositFixture({ kind: 'INTERNAL_TRANSFER', cancellableUntil: cutOff }), before).kind).toBe('none');
    expect(cancelState(depositFixture({ status: 'CANCELED', cancellableUntil: cutOff }), before).kind).toBe('none');
    expect(cancelState(depositFixture({ status: 'FAILED', cancellableUntil: cutOff }), before).kind).toBe('none');
    expect(cancelState(depositFixture({ cancellableUntil: cutOff, events: [done('DEPOSIT_SETTLEMENT')] }), before).kind).toBe('none');
  });
  it('the next cut-off is the earliest one still ahead', () => {
    const later = depositFixture({ id: 'b', cancellableUntil: '2025-12-11T21:00:00.000Z' });
    const past = depositFixture({ id: 'c', cancellableUntil: '2025-12-09T21:00:00.000Z' });
    expect(nextCutOff([later, bankDeposit, past], before)).toBe(atCutOff);
    expect(nextCutOff([later, bankDeposit, past], atCutOff)).toBe(Date.parse('2025-12-11T21:00:00.000Z'));
    expect(nextCutOff([past], before)).toBeNull();
  });
});

describe('dates, never "in 3 business days" (Thanksgiving 2026)', () => {
  const usd = (amount: string) => ({ amount, currency: 'USD' as const });
  const thanksgiving = Date.parse('2026-11-26T15:00:00Z');

  it('a bank deposit in progress says how much is available now and the rest on its date', () => {
    const deposit = depositFixture({
      amount: usd('1750.00'),
      availableNow: usd('1000.00'),
      availableLater: [{ amount: usd('750.00'), date: '2026-12-02' }],
      settlesOn: '2026-12-02',
      withdrawableOn: '2026-12-02',
    });
    expect(availabilityText(deposit, false, thanksgiving)).toBe(
      '$1,000.00 of $1,750.00 is available to invest now, $750.00 on Wed, Dec 2, 2026, when it settles.',
    );
  });

  it('a bank deposit from a bank linked today: all of it on the settlement date', () => {
    const deposit = depositFixture({
      amount: usd('1000.00'),
      availableNow: usd('0.00'),
      availableLater: [{ amount: usd('1000.00'), date: '2026-12-02' }],
      settlesOn: '2026-12-02',
    });
    expect(availabilityText(deposit, false, thanksgiving)).toBe(
      '$1,000.00 becomes available to invest on Wed, Dec 2, 2026, when it settles.',
    );
  });

  it('a debit-card deposit reads as what it is: settled and invested at once, held from a bank until its date', () => {
    const deposit = depositFixture({
      amount: usd('200.00'),
      availableNow: usd('200.00'),
      availableLater: [],
      settlesOn: '2026-11-26',
      withdrawableOn: '2027-03-26',
      events: [done('DEPOSIT_INITIATION'), done('DEPOSIT_SETTLEMENT')],
    });
    expect(availabilityText(deposit, true, thanksgiving)).toBe(
      'Settled and available to invest at once. Money from a card can be withdrawn to a bank from Fri, Mar 26, 2027.',
    );
    expect(availabilityText(deposit, true, Date.parse('2027-03-26T15:00:00Z'))).toBe('Settled and available to invest at once.');
  });

  it('a cancelled deposit says when it was cancelled and shows no steps still to come', () => {
    const deposit = depositFixture({
      status: 'CANCELED',
      cancelledAt: '2026-11-26T15:05:00.000Z',
      events: [done('DEPOSIT_INITIATION'), expected('DEPOSIT_SETTLEMENT'), expected('DEPOSIT_ARRIVED')],
    });
    expect(canceledText(deposit.cancelledAt!)).toBe('Canceled Thu, Nov 26, 2026, 10:05 AM EST. Nothing was taken from your bank.');
    expect(shownEvents(deposit).map((event) => event.type)).toEqual(['DEPOSIT_INITIATION']);
    expect(availabilityText(deposit, false, thanksgiving)).toBeNull();
  });
});
