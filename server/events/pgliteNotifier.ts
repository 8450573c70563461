import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { LIVE_EVENTS_CHANNEL, parseLiveEventMessage } from './liveEventChannel';
import type { Notifier, NotifierListener } from './notifier';

/**
 * LISTEN on PGlite. PGlite is one session shared by every app instance built on it (the tests run two), and
 * it calls each instance's callback for every NOTIFY, including its own.
 */
export function pgliteNotifier(db: Kysely<Database>, pglite: PGlite): Notifier {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    kind: 'pglite',
    async listen(listener: NotifierListener) {
      const callback = (payload: string) => {
        const message = parseLiveEventMessage(payload);
        if (message) listener.onMessage(message);
      };
      // Holding Kysely's connection while PGlite runs LISTEN: issued between another holder's BEGIN and
      // COMMIT it would belong to that transaction, and a rollback would silently undo it.
      await db.connection().execute(async () => {
        unlisten = await pglite.listen(LIVE_EVENTS_CHANNEL, callback);
      });
    },
    async close() {
      const stop = unlisten;
      unlisten = null;
      if (!stop || pglite.closed) return;
      await db.connection().execute(() => stop());
    },
  };
}
