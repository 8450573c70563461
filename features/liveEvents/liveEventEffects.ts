import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TAG_TYPES } from '../../api/baseApi';
import type { LiveEventType } from '../../api/contract';

type Tag = TagDescription<(typeof TAG_TYPES)[number]>;

export interface LiveEventEffect {
  /** RTK Query tags whose queries refetch (only the ones a screen is subscribed to do). */
  invalidate: Tag[];
  /** The access token must be renewed (the customer's session data changed on the server). */
  refreshSession: boolean;
}

/** What each event type of the channel does to the client (funding-methods.md 4.10). */
export const LIVE_EVENT_EFFECTS: Record<LiveEventType, LiveEventEffect> = {
  // A method changed out of band (micro-deposits or statement review finished, relink needed): the list.
  RELOAD_PAYMENT_METHODS: { invalidate: [{ type: 'PaymentMethod', id: 'LIST' }], refreshSession: false },
  // A deposit or transfer moved on (settled, a recurring run): its lists, the balances it touches and the
  // schedules that run it.
  ORDER_UPDATED: { invalidate: ['Deposit', 'Account', 'HighYieldAccount', 'RecurringDeposit', 'IraContribution'], refreshSession: false },
  REFRESH_TOKEN: { invalidate: [], refreshSession: true },
  // Every PaymentMethod tag: the list and any single card a flow is showing.
  NEW_CARD_ADDED: { invalidate: ['PaymentMethod'], refreshSession: false },
  // A money notification was made: the list and the header's unread count.
  NOTIFICATION_CREATED: { invalidate: ['Notification'], refreshSession: false },
};

export const liveEventEffect = (type: LiveEventType): LiveEventEffect => LIVE_EVENT_EFFECTS[type];

/**
 * After a reconnect: whatever changed while the socket was down was never announced, so what the channel
 * covers is loaded again once.
 */
export const RESYNC_AFTER_RECONNECT: Tag[] = [
  { type: 'PaymentMethod', id: 'LIST' },
  'Deposit',
  'Account',
  'HighYieldAccount',
  'RecurringDeposit',
  'Notification',
];
