import type { FastifyPluginAsync } from 'fastify';
import {
  ApiErrorCode,
  ApiPaths,
  NOTIFICATIONS_LISTED,
  NOTIFICATION_KINDS,
  NotificationEmailPreferenceRequest,
  NotificationEmailPreferences,
  NotificationIdParams,
  NotificationsResponse,
} from '../../api/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { presentNotification } from '../domain/notifications';
import { settleDueDeposits } from '../domain/settlement';
import { isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import {
  emailOptOuts,
  markAllNotificationsRead,
  markNotificationRead,
  newestNotifications,
  setEmailOfKind,
} from '../repositories/notifications';
import type { RouteDeps } from './routeDeps';

const notificationNotFound = () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that notification.');

async function emailsOffOf(db: Kysely<Database>, userId: string): Promise<NotificationEmailPreferences> {
  const off = await emailOptOuts(db, userId);
  // In the contract's order, so the answer does not depend on when each was turned off.
  return { emailsOff: NOTIFICATION_KINDS.filter((kind) => off.has(kind)) };
}

/**
 * Money notifications (issue 18; our paths): the customer's newest notifications with the unread count, marking
 * one or all read, and which kinds they get no email about. Another customer's notification is a plain 404.
 */
export function notificationRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: NotificationsResponse }>(
      ApiPaths.notifications,
      { schema: { response: { 200: NotificationsResponse } } },
      async (request) => {
        const { userId } = request;
        // What became due is told before the list is read (as the deposit list settles before it is read).
        await settleDueDeposits(db, clock.now(), userId, deps.providers.moneyMovement, deps.providers.mailer);
        const { rows, unreadCount } = await newestNotifications(db, userId, NOTIFICATIONS_LISTED);
        return { notifications: rows.map(presentNotification), unreadCount };
      },
    );

    app.post<{ Params: NotificationIdParams }>(
      ApiPaths.notificationRead,
      { schema: { params: NotificationIdParams } },
      async (request, reply) => {
        const { notificationId } = request.params;
        if (!isUuid(notificationId)) throw notificationNotFound();
        const own = await markNotificationRead(db, request.userId, notificationId, clock.now());
        if (!own) throw notificationNotFound();
        return reply.code(204).send();
      },
    );

    app.post(ApiPaths.notificationsReadAll, async (request, reply) => {
      await markAllNotificationsRead(db, request.userId, clock.now());
      return reply.code(204).send();
    });

    app.get<{ Reply: NotificationEmailPreferences }>(
      ApiPaths.notificationEmailPreferences,
      { schema: { response: { 200: NotificationEmailPreferences } } },
      async (request) => emailsOffOf(db, request.userId),
    );

    app.put<{ Body: NotificationEmailPreferenceRequest; Reply: NotificationEmailPreferences }>(
      ApiPaths.notificationEmailPreferences,
      { schema: { body: NotificationEmailPreferenceRequest, response: { 200: NotificationEmailPreferences } } },
      async (request) => {
        const { userId } = request;
        const { kind, email } = request.body;
        await setEmailOfKind(db, userId, kind, email);
        return emailsOffOf(db, userId);
      },
    );
  };
}
