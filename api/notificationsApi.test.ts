import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionEstablished } from './authEvents';
import { ApiPaths, type NotificationsResponse } from './contract';
import { bellLabel, notificationsApi, selectUnreadNotificationCount } from './notificationsApi';
import { notificationsPageApi } from './notificationsPageApi';
import { makeStore } from '../store/store';
import { sessionFixture } from '../test/fixtures';
import { API_ORIGIN } from '../test/msw/handlers';
import { mswServer } from '../test/msw/server';

const item = (id: string, readAt: string | null): NotificationsResponse['notifications'][number] => ({
  id,
  kind: 'DEPOSIT_INITIATED',
  title: 'Your $50.00 deposit was initiated',
  body: 'It goes to your bank at the cut-off.',
  link: '/settings/v2/transfers/history',
  createdAt: '2026-03-02T15:00:00.000Z',
  readAt,
});

function signedInStore() {
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture()));
  return store;
}

describe('the unread count', () => {
  it('the bell names itself with the count, and only "Notifications" when nothing is unread', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
  });

  it('is 0 before the list loads, then the server’s count; marking one read refetches the list (its tag)', async () => {
    let unread = 2;
    let gets = 0;
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.notifications}`, () => {
        gets += 1;
        return HttpResponse.json<NotificationsResponse>({
          notifications: [item('n1', null), item('n2', unread === 2 ? null : 'x')],
          unreadCount: unread,
        });
      }),
      http.post(`${API_ORIGIN}/api/notifications/n2/read`, () => {
        unread = 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = signedInStore();
    expect(selectUnreadNotificationCount(store.getState())).toBe(0);
    const list = store.dispatch(notificationsApi.endpoints.getNotifications.initiate());
    await list;
    expect(selectUnreadNotificationCount(store.getState())).toBe(2);
    // Same input, same answer (memoised): the header does not re-render for unrelated actions.
    expect(selectUnreadNotificationCount(store.getState())).toBe(selectUnreadNotificationCount(store.getState()));

    await store.dispatch(notificationsPageApi.endpoints.markNotificationRead.initiate('n2')).unwrap();
    await waitFor(() => expect(selectUnreadNotificationCount(store.getState())).toBe(1));
    expect(gets).toBe(2);
    list.unsubscribe();
  });

  it('mark all read refetches the list; an email setting answer is written into its cache without a refetch', async () => {
    let gets = 0;
    let preferenceGets = 0;
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.notifications}`, () => {
        gets += 1;
        return HttpResponse.json<NotificationsResponse>({ notifications: [], unreadCount: 0 });
      }),
      http.post(`${API_ORIGIN}${ApiPaths.notificationsReadAll}`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${API_ORIGIN}${ApiPaths.notificationEmailPreferences}`, () => {
        preferenceGets += 1;
        return HttpResponse.json({ emailsOff: [] });
      }),
      http.put(`${API_ORIGIN}${ApiPaths.notificationEmailPreferences}`, () => HttpResponse.json({ emailsOff: ['DEPOSIT_SENT'] })),
    );
    const store = signedInStore();
    const list = store.dispatch(notificationsApi.endpoints.getNotifications.initiate());
    const preferences = store.dispatch(notificationsPageApi.endpoints.getNotificationEmailPreferences.initiate());
    await list;
    await preferences;
    await store.dispatch(notificationsPageApi.endpoints.markAllNotificationsRead.initiate()).unwrap();
    await waitFor(() => expect(gets).toBe(2));
    await store.dispatch(notificationsPageApi.endpoints.setNotificationEmail.initiate({ kind: 'DEPOSIT_SENT', email: false })).unwrap();
    await waitFor(() =>
      expect(notificationsPageApi.endpoints.getNotificationEmailPreferences.select()(store.getState()).data).toEqual({
        emailsOff: ['DEPOSIT_SENT'],
      }),
    );
    expect(preferenceGets).toBe(1);
    list.unsubscribe();
    preferences.unsubscribe();
  });

  it('an email setting shows at once and is put back when the server refuses it', async () => {
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.notificationEmailPreferences}`, () => HttpResponse.json({ emailsOff: ['DEPOSIT_SENT'] })),
      http.put(`${API_ORIGIN}${ApiPaths.notificationEmailPreferences}`, () =>
        HttpResponse.json({ errorCode: 'VALIDATION_FAILED', message: 'No.' }, { status: 400 }),
      ),
    );
    const store = signedInStore();
    const preferences = store.dispatch(notificationsPageApi.endpoints.getNotificationEmailPreferences.initiate());
    await preferences;
    const emailsOff = () => notificationsPageApi.endpoints.getNotificationEmailPreferences.select()(store.getState()).data?.emailsOff;
    const saving = store.dispatch(notificationsPageApi.endpoints.setNotificationEmail.initiate({ kind: 'DEPOSIT_ARRIVED', email: false }));
    expect(emailsOff()).toEqual(['DEPOSIT_SENT', 'DEPOSIT_ARRIVED']);
    await expect(saving.unwrap()).rejects.toMatchObject({ status: 400 });
    await waitFor(() => expect(emailsOff()).toEqual(['DEPOSIT_SENT']));
    preferences.unsubscribe();
  });
});
