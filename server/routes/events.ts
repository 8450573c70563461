import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { ApiPaths, EventsSocketQuery, EventsSubscriptionResponse, LiveEventsCloseCode, LiveEventsErrorCode } from '../../api/contract';
import { ApiError } from '../errors';
import { authenticate } from '../http/authenticate';
import { LiveEventHub } from '../events/liveEventHub';
import { notifierForDatabase } from '../events/notifier';
import { claimEventsSubscription, issueEventsSubscription } from '../events/subscriptions';
import type { RouteDeps } from './routeDeps';

/**
 * A preClose hook for the root app, added before @fastify/websocket (whose own preClose closes sockets without a
 * code): a stopping server (a drain) tells every page to reconnect, which the balancer sends to another instance.
 */
export function closeEventSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer?.clients ?? []) client.close(LiveEventsCloseCode.GOING_AWAY, 'server shutting down');
  done();
}

const subscriptionInvalid = () =>
  new ApiError(401, LiveEventsErrorCode.EVENTS_SUBSCRIPTION_INVALID, 'This events subscription is not valid. Ask for a new one.');

/**
 * The live events channel (funding-methods.md 4.10). POST /api/events/subscriptions (bearer) issues a
 * short-lived, single-use eventsSubscriptionId; GET /api/events?eventsSubscriptionId=... upgrades to a
 * WebSocket that receives the customer's events as JSON with a type field. Events come from every instance
 * through the database's LISTEN/NOTIFY, so the socket may be on another instance than the change.
 * Needs @fastify/websocket registered on the app before the routes (app.ts does).
 */
export function eventRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, config } = deps;
  return async (app) => {
    const hub = new LiveEventHub();
    deps.metrics?.watchLiveSockets(() => hub.size());
    const notifier = notifierForDatabase(db, app.log);

    app.addHook('onReady', async () => {
      await notifier.listen({
        onMessage: (message) => hub.deliver(message),
        onInterrupted: () => hub.closeAll(LiveEventsCloseCode.GOING_AWAY, 'events listener reconnecting'),
      });
      hub.startHeartbeat();
    });
    app.addHook('onClose', async () => {
      hub.stopHeartbeat();
      await notifier.close();
    });

    app.register(async (authenticated) => {
      authenticated.addHook('onRequest', authenticate(config.authSecret, clock, deps.sessions));
      authenticated.post<{ Reply: EventsSubscriptionResponse }>(
        ApiPaths.eventsSubscriptions,
        { schema: { response: { 201: EventsSubscriptionResponse } } },
        async (request, reply) => reply.code(201).send(await issueEventsSubscription(db, request.userId, clock.now())),
      );
    });

    app.get<{ Querystring: EventsSocketQuery }>(
      ApiPaths.events,
      {
        websocket: true,
        schema: { querystring: EventsSocketQuery },
        // Before the upgrade: a refused id is an ordinary 401 answer and no socket is opened.
        preHandler: async (request: FastifyRequest<{ Querystring: EventsSocketQuery }>) => {
          const userId = await claimEventsSubscription(db, request.query.eventsSubscriptionId, clock.now());
          if (!userId) throw subscriptionInvalid();
          request.userId = userId;
        },
      },
      (socket: WebSocket, request) => {
        hub.add(request.userId, socket);
        // The channel is one-way; whatever a client sends is ignored.
        socket.on('message', () => undefined);
        socket.on('error', (error) => request.log.debug({ err: error }, 'events socket error'));
      },
    );
  };
}
