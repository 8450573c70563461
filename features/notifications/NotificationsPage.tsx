import { useId } from 'react';
import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import type { Notification, NotificationKind } from '../../api/contract';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '../../api/contract/notificationKinds';
import { useGetNotificationsQuery } from '../../api/notificationsApi';
import {
  useGetNotificationEmailPreferencesQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useSetNotificationEmailMutation,
} from '../../api/notificationsPageApi';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Spinner } from '../../ui';
import './notifications.css';

export const NotificationsMessages = {
  title: 'Notifications',
  subtitle: 'Deposits and recurring deposits: when they start, go to your bank, arrive, fail, come back or pause.',
  loading: 'Loading your notifications',
  loadFailed: "We couldn't load your notifications",
  emptyTitle: 'No notifications yet',
  emptyBody: 'When you make a deposit or a recurring deposit runs, you will see it here.',
  markAllRead: 'Mark all read',
  emailTitle: 'Email me when',
  emailHint: 'You always see every notification here; these only choose which ones are also emailed to you.',
  emailLoadFailed: "We couldn't load your email settings",
  emailSaveFailed: "We couldn't save that email setting.",
} as const;

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** The page a notification's link goes to, in words. */
const linkWords = (kind: NotificationKind, link: string) =>
  link.includes('recurring-deposits') || (kind.startsWith('RECURRING_') && kind !== 'RECURRING_RAN')
    ? 'View recurring deposits'
    : 'View in transfer history';

function NotificationItem({ notification }: { notification: Notification }) {
  const titleId = useId();
  const [markRead] = useMarkNotificationReadMutation();
  const unread = notification.readAt === null;
  return (
    <li className={unread ? 'notification-item notification-item--unread' : 'notification-item'} aria-labelledby={titleId}>
      <div className="notification-item__head">
        <p className="notification-item__title" id={titleId}>
          {notification.title}
        </p>
        {unread ? <Badge tone="info">Unread</Badge> : null}
      </div>
      <p className="notification-item__body">{notification.body}</p>
      <p className="notification-item__meta">
        <time dateTime={notification.createdAt}>{timeFormat.format(new Date(notification.createdAt))}</time>
        {' · '}
        <AppLink to={notification.link} aria-describedby={titleId} onClick={() => (unread ? void markRead(notification.id) : undefined)}>
          {linkWords(notification.kind, notification.link)}
        </AppLink>
      </p>
    </li>
  );
}

function NotificationList() {
  const query = useGetNotificationsQuery();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  if (query.isLoading) return <Spinner label={NotificationsMessages.loading} />;
  if (query.isError || !query.data) {
    return <ErrorState title={NotificationsMessages.loadFailed} body={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const { notifications, unreadCount } = query.data;
  if (notifications.length === 0) return <EmptyState title={NotificationsMessages.emptyTitle} body={NotificationsMessages.emptyBody} />;
  return (
    <div className="notifications">
      <div className="notifications__bar">
        <p className="notifications__count" aria-live="polite">
          {unreadCount === 0 ? 'All read' : `${unreadCount} unread`}
        </p>
        {/* Never disabled (nor "loading", which disables): pressing it must not drop the focus from it. */}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => (unreadCount > 0 && !markAll.isLoading ? void markAllRead() : undefined)}
          aria-busy={markAll.isLoading || undefined}
        >
          {NotificationsMessages.markAllRead}
        </Button>
      </div>
      {markAll.isError ? (
        <p className="notifications__error" role="alert">
          {errorMessage(markAll.error)}
        </p>
      ) : null}
      <ul className="notifications__list" aria-label="Notifications, newest first">
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
    </div>
  );
}

function EmailPreferences() {
  const query = useGetNotificationEmailPreferencesQuery();
  const [setEmail, saving] = useSetNotificationEmailMutation();
  const hintId = useId();
  if (query.isLoading) return <Spinner label="Loading your email settings" />;
  if (query.isError || !query.data)
    return (
      <ErrorState title={NotificationsMessages.emailLoadFailed} body={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  const off = new Set(query.data.emailsOff);
  return (
    <fieldset className="notification-emails" aria-describedby={hintId}>
      <legend className="notification-emails__legend">{NotificationsMessages.emailTitle}</legend>
      <p className="notification-emails__hint" id={hintId}>
        {NotificationsMessages.emailHint}
      </p>
      {NOTIFICATION_KINDS.map((kind) => (
        <label key={kind} className="notification-emails__option">
          {/* Not disabled while saving: that would drop the focus of a keyboard user. A refusal puts the box back. */}
          <input type="checkbox" checked={!off.has(kind)} onChange={(event) => void setEmail({ kind, email: event.target.checked })} />
          {NOTIFICATION_KIND_LABELS[kind]}
        </label>
      ))}
      {saving.isError ? (
        <p className="notifications__error" role="alert">
          {NotificationsMessages.emailSaveFailed} {errorMessage(saving.error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** /notifications: the money notifications, newest first, and which kinds are also emailed (#email-preferences). */
export default function NotificationsPage() {
  return (
    <div className="page notifications-page">
      <PageHeader title={NotificationsMessages.title} subtitle={NotificationsMessages.subtitle} />
      <NotificationList />
      <div id="email-preferences">
        <Card title="Email settings">
          <EmailPreferences />
        </Card>
      </div>
    </div>
  );
}
