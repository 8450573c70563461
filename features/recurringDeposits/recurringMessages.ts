import { formatCalendarDate } from './recurringRules';

/** What the manage list tells the customer after each action (toasts), and its fixed copy. */
export const RecurringMessages = {
  title: 'Recurring deposits',
  setUp: 'Set up a recurring deposit',
  emptyTitle: 'No recurring deposits yet',
  emptyBody: 'Invest a set amount every week, every two weeks or every month, automatically.',
  loadFailed: "We couldn't load your recurring deposits",
  paused: 'Recurring deposit paused. No deposits are made until you resume it.',
  pauseFailed: "We couldn't pause your recurring deposit. Please try again.",
  resumed: (next: string | null) =>
    next ? `Recurring deposit resumed. Next deposit: ${formatCalendarDate(next)}.` : 'Recurring deposit resumed.',
  resumeFailed: "We couldn't resume your recurring deposit. Please try again.",
  skipped: (skipped: string | null, next: string | null) =>
    `${skipped ? `The deposit of ${formatCalendarDate(skipped)} will be skipped.` : 'The next deposit will be skipped.'}${next ? ` Next deposit: ${formatCalendarDate(next)}.` : ''}`,
  skipFailed: "We couldn't skip the next deposit. Please try again.",
  canceled: 'Recurring deposit canceled.',
  cancelFailed: "We couldn't cancel your recurring deposit. Please try again.",
  cancelRetryHint: 'Press Cancel recurring deposit to try again.',
  cancelTitle: 'Cancel recurring deposit?',
  cancelBody: 'No further deposits will be made on this schedule. Deposits already on their way are not affected.',
  cancelConfirm: 'Cancel recurring deposit',
  cancelKeep: 'Keep it',
} as const;
