import { randomUUID } from 'node:crypto';
import type { Mailer, ProviderContext } from '../providers';

/** Writes each message to the outbox table; the sandbox-only outbox endpoint shows them to their customer. */
export function outboxMailer({ db, clock }: ProviderContext): Mailer {
  return {
    async send(message, executor = db) {
      await executor
        .insertInto('outbox_messages')
        .values({ id: randomUUID(), user_id: message.userId, to_address: message.to, subject: message.subject, link: message.link, text: message.text ?? null, sent_at: clock.now() })
        .execute();
    },
  };
}
