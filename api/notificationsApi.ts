import { createSelector } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { listTag } from './tags';
import { ApiPaths } from './contract/values';
import type { NotificationsResponse } from './contract';

/**
 * Money notifications: the list with its unread count (refetched when the events channel says one was made:
 * NOTIFICATION_CREATED invalidates the 'Notification' tag), which the header's bell shows on every page. Marking
 * read and which kinds are emailed are the notifications page's (notificationsPageApi.ts, in its chunk).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => ApiPaths.notifications,
      providesTags: [listTag('Notification')],
    }),
  }),
});

export const { useGetNotificationsQuery } = notificationsApi;

const selectNotificationsResult = notificationsApi.endpoints.getNotifications.select();

/** The header's count: the server's unread count once the list has loaded, 0 before. */
export const selectUnreadNotificationCount = createSelector(selectNotificationsResult, (result) => result.data?.unreadCount ?? 0);

/** The bell's accessible name: "Notifications" or "Notifications, 2 unread". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
