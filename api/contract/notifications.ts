import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Obj, StringEnum, Uuid } from './common';
import { NOTIFICATION_KINDS } from './notificationKinds';

/** One money notification: what happened, why and what to do (for failures and pauses), and where to look. */
export const Notification = Obj({
  id: Uuid,
  kind: StringEnum(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  /** The app page about it (the deposit in the history, the schedule). */
  link: Type.String(),
  createdAt: IsoDateTime,
  readAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type Notification = Static<typeof Notification>;

/** GET /api/notifications: newest first, and how many of all the customer's are unread. */
export const NotificationsResponse = Obj({ notifications: Type.Array(Notification), unreadCount: Type.Integer({ minimum: 0 }) });
export type NotificationsResponse = Static<typeof NotificationsResponse>;

export const NotificationIdParams = Obj({ notificationId: Uuid });
export type NotificationIdParams = Static<typeof NotificationIdParams>;

/** The kinds the customer gets no email about (the in-app item is always made). */
export const NotificationEmailPreferences = Obj({
  emailsOff: Type.Array(StringEnum(NOTIFICATION_KINDS), { maxItems: NOTIFICATION_KINDS.length, uniqueItems: true }),
});
export type NotificationEmailPreferences = Static<typeof NotificationEmailPreferences>;

/** PUT /api/notifications/email-preferences: turns the email of one kind on or off. */
export const NotificationEmailPreferenceRequest = Obj({ kind: StringEnum(NOTIFICATION_KINDS), email: Type.Boolean() });
export type NotificationEmailPreferenceRequest = Static<typeof NotificationEmailPreferenceRequest>;
