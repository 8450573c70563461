import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type { NotificationEmailPreferenceRequest, NotificationEmailPreferences } from './contract';

/**
 * The notifications page's endpoints: marking read and which kinds are emailed. Injected when the page's chunk
 * loads, so the first page does not carry them; marking read invalidates the list that notificationsApi.ts (the
 * header's bell) provides, through the shared 'Notification' tag.
 */
export const notificationsPageApi = api.injectEndpoints({
  endpoints: (build) => ({
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
          notificationsPageApi.util.updateQueryData('getNotificationEmailPreferences', undefined, (draft) => {
            draft.emailsOff = email
              ? draft.emailsOff.filter((off) => off !== kind)
              : [...draft.emailsOff.filter((off) => off !== kind), kind];
          }),
        );
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(notificationsPageApi.util.upsertQueryData('getNotificationEmailPreferences', undefined, data));
        else optimistic.undo();
      },
    }),
  }),
});

export const {
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationEmailPreferencesQuery,
  useSetNotificationEmailMutation,
} = notificationsPageApi;
