import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Request ids: a client (or the load balancer) may name its request with X-Request-Id, so one id follows a call
// from the browser through the balancer into our log. Fastify puts the id on every line its request logger
// writes (as `reqId`); we return it on every answer, errors included.

export const REQUEST_ID_HEADER = 'x-request-id';

/** 1 to 128 letters, digits and . _ : - (UUIDs, ULIDs, hex trace ids): nothing that could forge or break a log line. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the client's X-Request-Id when it is a safe id, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value) ? value : randomUUID();
}

/** onSend: every answer names its request, whatever produced it (a route, the error handler, the 404 handler). */
export async function answerWithRequestId(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header(REQUEST_ID_HEADER, request.id);
}
