/**
 * Where the app shows the notifications and their email settings. Apart from notificationKinds.ts so that the
 * header's bell, in the first bundle, links here without carrying the kinds and their words.
 */
export const NOTIFICATIONS_PAGE = '/notifications';
