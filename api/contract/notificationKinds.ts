// Runtime values of money notifications (issue 18: "Money notifications"). Plain data so the browser may import
// them (through ./values).

/**
 * What a notification is about. A deposit is initiated, goes to the bank, arrives, fails or is returned; a
 * recurring deposit runs, is skipped or pauses itself. Each happens once per deposit or occurrence.
 */
export const NOTIFICATION_KINDS = [
  'DEPOSIT_INITIATED',
  'DEPOSIT_SENT',
  'DEPOSIT_ARRIVED',
  'DEPOSIT_FAILED',
  'DEPOSIT_RETURNED',
  'RECURRING_RAN',
  'RECURRING_SKIPPED',
  'RECURRING_PAUSED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The email settings' words for each kind ("Email me when …"). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  DEPOSIT_INITIATED: 'A deposit is initiated',
  DEPOSIT_SENT: 'A deposit goes to your bank',
  DEPOSIT_ARRIVED: 'A deposit arrives',
  DEPOSIT_FAILED: 'A deposit fails',
  DEPOSIT_RETURNED: 'Your bank returns a deposit',
  RECURRING_RAN: 'A recurring deposit is made',
  RECURRING_SKIPPED: 'A recurring deposit is skipped',
  RECURRING_PAUSED: 'A recurring deposit pauses itself',
};

/** The newest notifications the list answers (older ones stay stored but are not listed). */
export const NOTIFICATIONS_LISTED = 50;
