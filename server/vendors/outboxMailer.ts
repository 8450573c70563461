import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer, ProviderContext } from '../providerPorts';

/** Writes each message to the outbox table; the sandbox-only outbox endpoint shows them to their customer. */
export function outboxMailer({ db, clock }: ProviderContext): Mailer {
  const sendAll = async (messages: readonly MailMessage[], executor = db) => {
    if (messages.length === 0) return;
    const sentAt = clock.now();
    await executor
      .insertInto('outbox_messages')
      .values(
        messages.map((message) => ({
          id: randomUUID(),
          user_id: message.userId,
          to_address: message.to,
          subject: message.subject,
          link: message.link,
          text: message.text ?? null,
          sent_at: sentAt,
        })),
      )
      .execute();
  };
  return { mode: 'sandbox', send: (message, executor) => sendAll([message], executor), sendAll };
}
