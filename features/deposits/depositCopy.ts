import { formatCents } from '../../api/contract/values';
import { DepositMessages, type ResultButton, type ResultTone } from '../moneyFlow/moneyCopy';
import type { DepositOutcome, DepositResultScreen } from './depositDraftSlice';

/**
 * The words of the result screens. The spec gives some of them word for word (section 8: 'Deposit error / An
 * error ocurred while processing your deposit. Please try again.' with its typo, 'Deposit pending', 'Deposit
 * unknown: ...', the insufficient-funds and 'Transfer failed' texts, kept in moneyFlow/moneyCopy.ts); the rest are
 * ours, listed in docs/decisions.md.
 */

export interface ResultCopy {
  title: string;
  body: string;
  tone: ResultTone;
  /** In the order shown; the first is the primary action. */
  buttons: ResultButton[];
}

export interface ResultContext {
  outcome: DepositOutcome | null;
  sourceName: string;
  destinationName: string;
  /** "Weekly on Monday", for the recurring success. */
  scheduleText: string;
  /** "June 16, 2026". */
  startText: string;
  /** APY of the high-yield account, e.g. "4.10". */
  highYieldRate: string | null;
  /** Whether Try again can repeat the same attempt safely (there is an intent or a schedule to retry). */
  canRetry: boolean;
  /** The confirmed deposit's dates, already in words ("Wed, Dec 2"); null while not known. */
  dates?: { settlesOn: string | null; withdrawableOn: string | null; laterOn: string | null; card: boolean } | null;
}

/** "on Wed, Dec 2" when the date is known, else the event ("when it settles"). */
const onDay = (day: string | null | undefined, otherwise: string) => (day ? `on ${day}` : otherwise);
/** "on Wed, Dec 2, when it settles", or "when it settles" while the date is not known. */
const whenSettled = (day: string | null | undefined, subject: string) =>
  day ? `on ${day}, when ${subject} settles` : `when ${subject} settles`;

export function resultCopy(screen: DepositResultScreen, context: ResultContext): ResultCopy {
  const amountCents = context.outcome?.amountCents ?? 0;
  const amount = formatCents(amountCents);
  const instant = formatCents(context.outcome?.instantCents ?? 0);
  const rest = formatCents(Math.max(0, amountCents - (context.outcome?.instantCents ?? 0)));
  const serverMessage = context.outcome?.message ?? null;
  const dates = context.dates ?? null;
  switch (screen) {
    case 'instant-deposit':
      return {
        title: 'Your money is ready to invest',
        body: dates?.card
          ? `${amount} from ${context.sourceName} is available to invest now. Card deposits are settled at once; money from a card can be withdrawn to a bank ${dates.withdrawableOn ? `from ${dates.withdrawableOn}` : 'after a hold of 120 days'}.`
          : `${amount} from ${context.sourceName} is available to invest now. The deposit settles ${onDay(dates?.settlesOn, 'with your bank')}, and can be withdrawn to a bank from then.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'partial-instant-deposit':
      return {
        title: 'Deposit on its way',
        body: `${instant} of your ${amount} deposit is available to invest now. The remaining ${rest} will be available ${whenSettled(dates?.laterOn ?? dates?.settlesOn, 'the deposit')}.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'deposit-initiated':
      return {
        title: 'Deposit on its way',
        body: `Your deposit of ${amount} to ${context.destinationName} has started. It will be available to invest ${whenSettled(dates?.settlesOn, 'it')}.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'deposit-pending':
      return {
        title: DepositMessages.pendingTitle,
        body: `We'll deposit ${amount} from ${context.sourceName} as soon as your application is approved.`,
        tone: 'pending',
        buttons: ['done'],
      };
    case 'hyca-deposit-pending':
      return {
        title: DepositMessages.pendingTitle,
        body: `${amount} will arrive in your high-yield cash account as soon as your account is ready.`,
        tone: 'pending',
        buttons: ['done'],
      };
    case 'hyca-deposit-success':
      return {
        title: 'Deposit on its way',
        body: `${amount} is on its way to your high-yield cash account${context.highYieldRate ? ` and will earn ${context.highYieldRate}% APY` : ''} once it arrives${dates?.settlesOn ? `, on ${dates.settlesOn}` : ''}.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'transfer-success':
      return {
        title: 'Transfer complete',
        body: `${amount} moved from ${context.sourceName} to ${context.destinationName}.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'recurring-deposit-success':
      return {
        title: 'Recurring deposit set up',
        body: `${amount} will be deposited from ${context.sourceName} to ${context.destinationName}, ${context.scheduleText.toLowerCase()}, starting ${context.startText}. You can pause or cancel it any time under Transfers.`,
        tone: 'success',
        buttons: ['done'],
      };
    case 'deposit-failed-unknown':
      return {
        title: DepositMessages.unknownTitle,
        body: DepositMessages.unknownBody,
        tone: 'pending',
        buttons: context.canRetry ? ['done', 'tryAgain'] : ['done'],
      };
    case 'deposit-failed-error':
      return {
        title: DepositMessages.errorTitle,
        body: serverMessage ?? DepositMessages.errorBody,
        tone: 'error',
        buttons: ['tryAgain', 'dismiss'],
      };
    case 'deposit-failed-error-contact-cx':
      return {
        title: DepositMessages.failedTitle,
        body: serverMessage ?? "We can't accept deposits into this account right now. Member Support can tell you why and help you fix it.",
        tone: 'error',
        buttons: ['contactSupport', 'dismiss'],
      };
    case 'deposit-failed-error-no-retry':
      return {
        title: DepositMessages.failedTitle,
        body: serverMessage ?? "Your account isn't open yet. You can deposit as soon as your application is approved.",
        tone: 'error',
        buttons: ['dismiss'],
      };
    case 'deposit-failed-second-pending':
      return {
        title: DepositMessages.failedTitle,
        body: serverMessage ?? 'You already have a deposit waiting for your application to be approved. You can deposit more once it is.',
        tone: 'error',
        buttons: ['dismiss'],
      };
    case 'deposit-failed-insufficient-funds':
      return {
        title: DepositMessages.failedTitle,
        body: DepositMessages.insufficientFunds,
        tone: 'error',
        buttons: ['tryAgain', 'dismiss'],
      };
    case 'transfer-failed-error':
    case 'hyca-transfer-error':
      return {
        title: DepositMessages.transferFailedTitle,
        body: DepositMessages.transferFailedBody,
        tone: 'error',
        buttons: ['tryAgain', 'dismiss'],
      };
  }
}

/** The dialog or page title of a result screen (titles need no names or dates, only the outcome for some screens). */
export const resultTitle = (screen: DepositResultScreen, outcome: ResultContext['outcome'] = null) =>
  resultCopy(screen, {
    outcome,
    sourceName: '',
    destinationName: '',
    scheduleText: '',
    startText: '',
    highYieldRate: null,
    canRetry: false,
  }).title;
