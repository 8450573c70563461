import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, SandboxOutboxResponse } from '../../../api/contract';
import { outboxMessagesOf } from '../../repositories/sandbox';
import type { RouteDeps } from '../routeDeps';

/** The emails the outbox mailer wrote to the customer, newest first. */
export function sandboxOutboxRoutes({ db }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: SandboxOutboxResponse }>(
      ApiPaths.sandboxOutbox,
      { schema: { response: { 200: SandboxOutboxResponse } } },
      async (request) => {
        const rows = await outboxMessagesOf(db, request.userId);
        return {
          messages: rows.map((row) => ({
            to: row.to_address,
            subject: row.subject,
            link: row.link,
            ...(row.text ? { text: row.text } : {}),
            sentAt: row.sent_at.toISOString(),
          })),
        };
      },
    );
  };
}
