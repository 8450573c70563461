import { createSelector } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type { NotificationEmailPreferenceRequest, NotificationEmailPreferences, NotificationsResponse } from './contract';

/**
 * Money notifications: the list with its unread count (refetched when the events channel says one was made:
 * NOTIFICATION_CREATED invalidates the 'Notification' tag), marking read, and which kinds are emailed.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => ApiPaths.notifications,
      providesTags: [listTag('Notification')],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (notificationId) => ({ url: apiPath(ApiPaths.notificationRead, { notificationId }), method: 'POST' }),
      invalidatesTags: unlessRefused([listTag('Notification')]),
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: ApiPaths.notificationsReadAll, method: 'POST' }),
      invalidatesTags: unlessRefused([listTag('Notification')]),
    }),
    getNotificationEmailPreferences: build.query<NotificationEmailPreferences, void>({
      query: () => ApiPaths.notificationEmailPreferences,
      providesTags: [idTag('Notification', 'EMAIL_PREFERENCES')],
    }),
    setNotificationEmail: build.mutation<NotificationEmailPreferences, NotificationEmailPreferenceRequest>({
      query: (body) => ({ url: ApiPaths.notificationEmailPreferences, method: 'PUT', body }),
      // The box shows the choice at once; a refusal puts it back. The answer is the whole setting: written into
      // the cache, nothing to refetch.
      async onQueryStarted({ kind, email }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          notificationsApi.util.updateQueryData('getNotificationEmailPreferences', undefined, (draft) => {
            draft.emailsOff = email
              ? draft.emailsOff.filter((off) => off !== kind)
              : [...draft.emailsOff.filter((off) => off !== kind), kind];
          }),
        );
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(notificationsApi.util.upsertQueryData('getNotificationEmailPreferences', undefined, data));
        else optimistic.undo();
      },
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationEmailPreferencesQuery,
  useSetNotificationEmailMutation,
} = notificationsApi;

const selectNotificationsResult = notificationsApi.endpoints.getNotifications.select();

/** The header's count: the server's unread count once the list has loaded, 0 before. */
export const selectUnreadNotificationCount = createSelector(selectNotificationsResult, (result) => result.data?.unreadCount ?? 0);

/** The bell's accessible name: "Notifications" or "Notifications, 2 unread". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
