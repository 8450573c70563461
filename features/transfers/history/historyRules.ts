import type { Account, Deposit, DepositEvent, DepositEventType, PaymentMethod } from '../../../api/contract';
import { formatCents, moneyToCents } from '../../../api/contract/values';
import { maskedNumber } from '../../paymentMethods/paymentMethodList';
import { MARKET_TIME_ZONE } from '../../../api/contract/bankCalendar';

/**
 * Rules of the transfers history page: a deposit's or transfer's status and events in words, where it came from
 * and went, and whether it can still be cancelled. Pure functions over contract values and a given "now", so
 * each rule is tested at fixed times.
 */

/** The spec names the events without saying what they mean (section 3); these are our words for each. */
export const EVENT_WORDS: Record<DepositEventType, string> = {
  DEPOSIT_INITIATION: 'Deposit initiated',
  DEPOSIT_BUYING_POWER_ALLOCATION: 'Buying power available',
  DEPOSIT_BUYING_POWER_UPGRADE: 'Buying power available',
  DEPOSIT_SETTLEMENT: 'Settled',
  DEPOSIT_ARRIVED: 'Arrived',
  DEPOSIT_SCHEDULED: 'Scheduled',
  APPLICATION_REVIEWED: 'Application reviewed',
  APPLICATION_APPROVED: 'Application approved',
  DEPOSIT_RETURNED: 'Returned',
};

/** For a transfer between the customer's own accounts the first step reads as a transfer. */
export function eventWords(event: Pick<DepositEvent, 'type'>, kind: Deposit['kind']): string {
  if (event.type === 'DEPOSIT_INITIATION' && kind === 'INTERNAL_TRANSFER') return 'Transfer initiated';
  return EVENT_WORDS[event.type];
}

// ---- status ----

/** Where a money movement stands, for the filters and the badge. */
export type HistoryPhase = 'pending' | 'completed' | 'canceled' | 'failed';

/** A confirmed movement is completed once every step of its timeline is done; until then it is pending. */
export function historyPhase(deposit: Pick<Deposit, 'status' | 'events'>): HistoryPhase {
  switch (deposit.status) {
    case 'CANCELED':
      return 'canceled';
    case 'FAILED':
    case 'RETURNED':
      return 'failed';
    case 'CONFIRMED':
      return deposit.events.length > 0 && deposit.events.every((event) => event.completed) ? 'completed' : 'pending';
    default:
      return 'pending';
  }
}

export function statusWords(deposit: Pick<Deposit, 'status' | 'type' | 'events' | 'kind'>): string {
  const phase = historyPhase(deposit);
  switch (phase) {
    case 'canceled':
      return 'Canceled';
    case 'failed':
      return deposit.status === 'RETURNED' ? 'Returned' : 'Failed';
    case 'completed':
      return 'Completed';
    case 'pending':
      if (deposit.status !== 'CONFIRMED') return 'Not confirmed';
      if (deposit.type === 'PENDING_DEPOSIT' && !deposit.events.some((event) => event.type === 'APPLICATION_APPROVED' && event.completed)) {
        return 'Waiting for your application to be approved';
      }
      return 'In progress';
  }
}

/** The next step a pending movement waits for, or null when none is pending. */
export function nextStep(deposit: Pick<Deposit, 'status' | 'events'>): DepositEvent | null {
  if (historyPhase(deposit) !== 'pending') return null;
  return deposit.events.find((event) => !event.completed) ?? null;
}

// ---- source and destination ----

export interface Route {
  from: string;
  to: string;
}

const accountName = (accounts: readonly Account[], uuid: string | null) =>
  accounts.find((account) => account.accountUuid === uuid)?.displayName ?? 'Your account';

/**
 * 'Chase Total Checking •••• 6789' → 'Brokerage' for a deposit, 'Brokerage' → 'Roth IRA' for a transfer. History
 * names methods the customer has since removed too (their listing stays on the server as CANCELED).
 */
export function describeRoute(
  deposit: Pick<Deposit, 'kind' | 'paymentMethodId' | 'sourceAccountUuid' | 'destinationAccountUuid'>,
  methods: readonly PaymentMethod[],
  accounts: readonly Account[],
): Route {
  const to = accountName(accounts, deposit.destinationAccountUuid);
  if (deposit.kind === 'INTERNAL_TRANSFER' || (!deposit.paymentMethodId && deposit.sourceAccountUuid)) {
    return { from: accountName(accounts, deposit.sourceAccountUuid), to };
  }
  const method = methods.find((candidate) => candidate.id === deposit.paymentMethodId);
  return { from: method ? `${method.displayName} ${maskedNumber(method.paymentMethodNumber)}` : 'A funding method', to };
}

// ---- cancelling a bank deposit before the daily cut-off ----

export type CancelState =
  | { kind: 'cancellable'; until: string }
  /** The cut-off has passed while the page was open: the button is gone, with the time it closed. */
  | { kind: 'closed'; until: string }
  /** A bank deposit in progress that the server no longer offers to cancel: it went to the bank. */
  | { kind: 'sent' }
  | { kind: 'none' };

/**
 * A bank deposit not yet sent to the bank can be cancelled until its cut-off (cancellableUntil, which the server
 * gives only while it is ahead). From the cut-off on the button is gone and the reason is shown. Transfers,
 * deposits waiting for an application's approval, and settled, failed and cancelled movements cannot be
 * cancelled; debit-card deposits complete at once.
 */
export function cancelState(
  deposit: Pick<Deposit, 'kind' | 'status' | 'type' | 'events' | 'cancellableUntil'>,
  nowMs: number,
): CancelState {
  if (deposit.kind !== 'DEPOSIT' || deposit.status !== 'CONFIRMED' || deposit.type !== 'DEPOSIT' || historyPhase(deposit) !== 'pending')
    return { kind: 'none' };
  if (!deposit.cancellableUntil) return { kind: 'sent' };
  return nowMs < Date.parse(deposit.cancellableUntil)
    ? { kind: 'cancellable', until: deposit.cancellableUntil }
    : { kind: 'closed', until: deposit.cancellableUntil };
}

/** The earliest cut-off still ahead, so the page can re-evaluate the moment a Cancel button must go. */
export function nextCutOff(
  deposits: ReadonlyArray<Pick<Deposit, 'kind' | 'status' | 'type' | 'events' | 'cancellableUntil'>>,
  nowMs: number,
): number | null {
  const ahead = deposits
    .map((deposit) => cancelState(deposit, nowMs))
    .flatMap((state) => (state.kind === 'cancellable' ? [Date.parse(state.until)] : []));
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

// ---- dates and times (shown in the market's zone, where the cut-off is set) ----

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: MARKET_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: MARKET_TIME_ZONE,
  timeZoneName: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: MARKET_TIME_ZONE,
  timeZoneName: 'short',
});

/** 'Wed, Dec 10, 2025' */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));
/** 'Wed, Dec 10, 2025, 10:00 AM EST' */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** '4:00 PM EST' */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** 'Done Wed, Dec 10, 2025, 10:00 AM EST', 'Expected Fri, Dec 12, 2025' or 'Date to be confirmed'. */
export function eventWhen(event: Pick<DepositEvent, 'completed' | 'date'>): string {
  if (!event.date) return event.completed ? 'Done' : 'Date to be confirmed';
  return event.completed ? formatDateTime(event.date) : `Expected ${formatDay(event.date)}`;
}

const calendarDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A New York calendar date 'yyyy-MM-dd' → 'Wed, Dec 2, 2026' (a date, not an instant: no zone shift). */
export const formatCalendarDay = (date: string) => calendarDayFormat.format(new Date(`${date}T12:00:00Z`));

export const cancelDeadlineText = (until: string) => `You can cancel this deposit until ${formatDay(until)} at ${formatTime(until)}.`;

/**
 * When the money of a deposit can be invested and withdrawn, by date, never "in 3 business days": a card deposit
 * reads as what it is (settled and invested at once, held from withdrawal to a bank until a date); a bank deposit
 * still in progress says the day the rest arrives and the day it settles. Null when there is nothing to say
 * (transfers, cancelled or waiting deposits, settled bank deposits).
 */
export function availabilityText(
  deposit: Pick<
    Deposit,
    | 'kind'
    | 'status'
    | 'type'
    | 'events'
    | 'amount'
    | 'availableNow'
    | 'availableLater'
    | 'settlesOn'
    | 'withdrawableOn'
    | 'paymentMethodId'
  >,
  sourceIsCard: boolean,
  todayMs: number,
): string | null {
  if (deposit.kind !== 'DEPOSIT' || deposit.status !== 'CONFIRMED' || deposit.type !== 'DEPOSIT') return null;
  if (sourceIsCard) {
    if (!deposit.withdrawableOn) return 'Settled and available to invest at once.';
    const held = Date.parse(`${deposit.withdrawableOn}T00:00:00Z`) > todayMs;
    return held
      ? `Settled and available to invest at once. Money from a card can be withdrawn to a bank from ${formatCalendarDay(deposit.withdrawableOn)}.`
      : 'Settled and available to invest at once.';
  }
  if (historyPhase(deposit) !== 'pending' || !deposit.settlesOn) return null;
  const nowCents = moneyToCents(deposit.availableNow);
  const amountCents = moneyToCents(deposit.amount);
  const settles = formatCalendarDay(deposit.settlesOn);
  if (nowCents >= amountCents)
    return `The full amount is available to invest now. It settles on ${settles} and can be withdrawn to a bank from then.`;
  const later = deposit.availableLater[0];
  const laterOn = formatCalendarDay(later?.date ?? deposit.settlesOn);
  const laterCents = later ? moneyToCents(later.amount) : amountCents - nowCents;
  if (nowCents === 0) return `${formatCents(amountCents)} becomes available to invest on ${laterOn}, when it settles.`;
  const settling = laterOn === settles ? ', when it settles.' : `. It settles on ${settles}.`;
  return `${formatCents(nowCents)} of ${formatCents(amountCents)} is available to invest now, ${formatCents(laterCents)} on ${laterOn}${settling}`;
}

/** 'Canceled Thu, Nov 26, 2026, 10:05 AM EST'. */
export const canceledText = (cancelledAt: string) => `Canceled ${formatDateTime(cancelledAt)}. Nothing was taken from your bank.`;

/** The steps a history item shows: a cancelled movement shows what happened, not steps that will never come. */
export const shownEvents = (deposit: Pick<Deposit, 'status' | 'events'>): DepositEvent[] =>
  deposit.status === 'CANCELED' || deposit.status === 'FAILED' ? deposit.events.filter((event) => event.completed) : deposit.events;
export const CANCEL_SENT_TEXT =
  'This deposit has been sent to your bank, so it can no longer be canceled. Bank deposits can be canceled only until the daily cut-off.';
export const cancelClosedText = (until: string) =>
  `This deposit can no longer be canceled: canceling closed at ${formatTime(until)} on ${formatDay(until)}, when it was sent to your bank.`;
