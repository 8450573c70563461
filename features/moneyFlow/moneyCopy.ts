import { formatCents, INSTANT_BANK_BUYING_POWER_CENTS, LimitMessages } from '../../api/contract/values';

/**
 * The words money flows share: the spec's deposit and transfer messages (section 8, word for word, with its
 * typo), the result screens' buttons, the review footnotes and Member Support. The deposit result screens' own
 * words (resultCopy) are in features/deposits/depositCopy.ts.
 */

export const DepositMessages = {
  errorTitle: 'Deposit error',
  errorBody: 'An error ocurred while processing your deposit. Please try again.',
  failedTitle: 'Deposit failed',
  pendingTitle: 'Deposit pending',
  unknownTitle: 'Deposit unknown',
  unknownBody: 'Check again later to see if your deposit was successful.',
  insufficientFunds: "Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.",
  transferFailedTitle: 'Transfer failed',
  transferFailedBody: 'Something went wrong. Please wait a moment and try again',
  limitTitle: 'Deposit limit reached',
  limitDaily: LimitMessages.dailyBank,
  useBankInstead: 'Use your bank instead',
  linkBankInstead: 'Try linking a bank instead',
} as const;

export type ResultButton = 'done' | 'dismiss' | 'tryAgain' | 'contactSupport';
export type ResultTone = 'success' | 'pending' | 'error';

export const RESULT_BUTTON_LABELS: Record<ResultButton, string> = {
  done: 'Done',
  dismiss: 'Dismiss',
  tryAgain: 'Try again',
  contactSupport: 'Contact Member Support',
};

/** The footnote under the review (hidden for debit cards, whose deposits are instant in full). */
export const REVIEW_FOOTNOTES = {
  bank: `Up to ${formatCents(INSTANT_BANK_BUYING_POWER_CENTS, { whole: true })} of your unsettled bank deposits can be available to invest right away; the rest becomes available on the day it settles, shown above. By confirming, you authorize Fundflow to debit this amount from your bank account.`,
  recurring:
    'Each deposit is taken from your bank on its scheduled day, or the next business day when that day is a weekend or a bank holiday; each one shows its dates under Transfers. You can pause or cancel it any time under Transfers.',
  transfer: 'Transfers between your Fundflow accounts are usually available right away.',
} as const;

export const SUPPORT_EMAIL = 'support@fundflow.example';

export function depositSupportMailto(reason: string): string {
  const subject = encodeURIComponent('Help with a deposit');
  const body = encodeURIComponent(`My deposit could not be made. The app said: ${reason}`);
  return `mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`;
}
