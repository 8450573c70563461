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
import type { RouteDeps } from './routeDeps';

const notificationNotFound = () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that notification.');

async function emailsOffOf(db: Kysely<Database>, userId: string): Promise<NotificationEmailPreferences> {
  const rows = await db.selectFrom('notification_email_opt_outs').select('kind').where('user_id', '=', userId).execute();
  const off = new Set(rows.map((row) => row.kind));
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
    app.get<{ Reply: NotificationsResponse }>(ApiPaths.notifications, { schema: { response: { 200: NotificationsResponse } } }, async (request) => {
      const { userId } = request;
      // What became due is told before the list is read (as the deposit list settles before it is read).
      await settleDueDeposits(db, clock.now(), userId, deps.providers.moneyMovement, deps.providers.mailer);
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(NOTIFICATIONS_LISTED)
        .execute();
      const unread = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { notifications: rows.map(presentNotification), unreadCount: Number(unread.count) };
    });

    app.post<{ Params: NotificationIdParams }>(ApiPaths.notificationRead, { schema: { params: NotificationIdParams } }, async (request, reply) => {
      const { notificationId } = request.params;
      if (!isUuid(notificationId)) throw notificationNotFound();
      const own = await db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(clock.now())) }))
        .where('id', '=', notificationId)
        .where('user_id', '=', request.userId)
        .returning('id')
        .executeTakeFirst();
      if (!own) throw notificationNotFound();
      return reply.code(204).send();
    });

    app.post(ApiPaths.notificationsReadAll, async (request, reply) => {
      await db.updateTable('notifications').set({ read_at: clock.now() }).where('user_id', '=', request.userId).where('read_at', 'is', null).execute();
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
        if (email) await db.deleteFrom('notification_email_opt_outs').where('user_id', '=', userId).where('kind', '=', kind).execute();
        else
          await db
            .insertInto('notification_email_opt_outs')
            .values({ user_id: userId, kind })
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
            .execute();
        return emailsOffOf(db, userId);
      },
    );
  };
}
