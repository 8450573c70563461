import type { FastifyBaseLogger } from 'fastify';
import { Client, type ClientConfig } from 'pg';
import { RECONNECT_MAX_DELAY_SECONDS } from '../../api/contract';
import { LIVE_EVENTS_CHANNEL, parseLiveEventMessage } from './liveEventChannel';
import type { Notifier, NotifierListener } from './notifier';

/**
 * LISTEN on PostgreSQL over a dedicated connection (not one of the pool's: a pooled connection goes back to
 * the pool and its LISTEN with it). When that connection drops, the listener hears onInterrupted and the
 * connection is made again after min(30, 2^attempts - 1) seconds, as the browser's reconnect does.
 */
export function pgNotifier(
  config: ClientConfig,
  log: FastifyBaseLogger,
  options: { createClient?: (config: ClientConfig) => Client } = {},
): Notifier {
  const createClient = options.createClient ?? ((clientConfig: ClientConfig) => new Client(clientConfig));
  let client: Client | null = null;
  let listener: NotifierListener | null = null;
  let closed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const candidate = createClient(config);
    candidate.on('notification', (notification) => {
      if (notification.channel !== LIVE_EVENTS_CHANNEL || !notification.payload) return;
      const message = parseLiveEventMessage(notification.payload);
      if (message) listener?.onMessage(message);
    });
    candidate.on('error', (error) => {
      log.warn({ err: error }, 'live events: the listening connection failed');
      lost(candidate);
    });
    candidate.on('end', () => lost(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
    } catch (error) {
      candidate.removeAllListeners('end');
      await candidate.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    attempts = 0;
  }

  function lost(which: Client): void {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    listener?.onInterrupted();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    attempts += 1;
    const seconds = Math.min(RECONNECT_MAX_DELAY_SECONDS, 2 ** attempts - 1);
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        log.warn({ err: error, attempts }, 'live events: could not listen again yet');
        scheduleReconnect();
      });
    }, seconds * 1000);
    retry.unref();
  }

  return {
    kind: 'pg',
    async listen(next: NotifierListener) {
      listener = next;
      await connect();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
