import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionEstablished } from '../../api/authEvents';
import { ApiPaths, type NotificationsResponse } from '../../api/contract';
import { makeStore } from '../../store/store';
import { sessionFixture } from '../../test/fixtures';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import NotificationsPage, { NotificationsMessages } from './NotificationsPage';

const paused: NotificationsResponse['notifications'][number] = {
  id: 'n-paused',
  kind: 'RECURRING_PAUSED',
  title: 'Your weekly $50.00 deposit was paused',
  body: 'It was paused because Chase •••• 6789 needs relinking. Relink the bank under Funding methods, then resume the schedule.',
  link: '/settings/recurring-deposits',
  createdAt: '2026-03-09T15:00:00.000Z',
  readAt: null,
};

function renderPage() {
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture()));
  return renderWithProviders(<NotificationsPage />, { store, route: '/notifications' });
}

it('shows each notification with why and how to fix it, its time and its link; a click on the link marks it read', async () => {
  let marked = '';
  mswServer.use(
    http.get(`${API_ORIGIN}${ApiPaths.notifications}`, () =>
      HttpResponse.json<NotificationsResponse>({ notifications: [paused], unreadCount: marked ? 0 : 1 }),
    ),
    http.post(`${API_ORIGIN}/api/notifications/:id/read`, ({ params }) => {
      marked = String(params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderPage();
  const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
  const item = within(list).getByRole('listitem', { name: paused.title });
  expect(within(item).getByText(paused.body)).toBeInTheDocument();
  expect(within(item).getByText('Unread')).toBeInTheDocument();
  expect(item.querySelector('time')?.getAttribute('dateTime')).toBe(paused.createdAt);
  expect(screen.getByText('1 unread')).toBeInTheDocument();
  await user.click(within(item).getByRole('link', { name: 'View recurring deposits' }));
  await waitFor(() => expect(marked).toBe('n-paused'));
});

it('says so when there are none, and lists every kind in the email settings as checked by default', async () => {
  const { user } = renderPage();
  expect(await screen.findByText(NotificationsMessages.emptyTitle)).toBeInTheDocument();
  const emails = await screen.findByRole('group', { name: NotificationsMessages.emailTitle });
  expect(
    within(emails)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).checked),
  ).toEqual(Array(8).fill(true));
  // Keyboard: Space on a focused box turns that email off at once and keeps the focus there.
  const box = within(emails).getByRole('checkbox', { name: 'A deposit arrives' });
  mswServer.use(
    http.put(`${API_ORIGIN}${ApiPaths.notificationEmailPreferences}`, () => HttpResponse.json({ emailsOff: ['DEPOSIT_ARRIVED'] })),
  );
  box.focus();
  await user.keyboard(' ');
  await waitFor(() => expect(box).not.toBeChecked());
  expect(box).toHaveFocus();
});

it('a list that fails to load says so with a retry', async () => {
  mswServer.use(
    http.get(`${API_ORIGIN}${ApiPaths.notifications}`, () =>
      HttpResponse.json({ errorCode: 'NOPE', message: 'The list is not available.' }, { status: 400 }),
    ),
  );
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(NotificationsMessages.loadFailed)).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
