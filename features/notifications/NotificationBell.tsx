import { AppLink } from '../navigation/AppLink';
import { NOTIFICATIONS_PAGE } from '../../api/contract/notificationsPage';
import { bellLabel, selectUnreadNotificationCount, useGetNotificationsQuery } from '../../api/notificationsApi';
import { useAppSelector } from '../../store/hooks';
import { useAfterFirstContent } from '../pageLoad/firstContent';
import './notificationBell.css';

/** A bell; decorative (the link's accessible name says what it is and how many are unread). */
function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's way to the money notifications: a link with the unread count. The list is loaded here, so the
 * count follows the events channel (NOTIFICATION_CREATED refetches it) on every page. Loaded once the page's
 * first content is on screen (features/pageLoad/firstContent.ts); until then the bell shows no count.
 */
export function NotificationBell() {
  const started = useAfterFirstContent();
  useGetNotificationsQuery(undefined, { skip: !started });
  const unread = useAppSelector(selectUnreadNotificationCount);
  return (
    <AppLink to={NOTIFICATIONS_PAGE} className="notification-bell" aria-label={bellLabel(unread)}>
      <BellIcon />
      {unread > 0 ? (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </AppLink>
  );
}
