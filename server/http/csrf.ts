import type { FastifyRequest } from 'fastify';
import { ApiErrorCode, CSRF_HEADER } from '../../api/contract';
import { ApiError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cross-site form or image can make the browser send our cookies, but it cannot add a custom header
 * (that needs CORS, which we do not grant). So every state-changing request must carry CSRF_HEADER.
 */
export async function requireCsrfHeader(request: FastifyRequest): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  const value = request.headers[CSRF_HEADER];
  if (typeof value === 'string' && value.trim() !== '') return;
  throw new ApiError(
    403,
    ApiErrorCode.FORBIDDEN,
    `This request was refused because it lacks the ${CSRF_HEADER} header. Send it with any value (for example "web") on every POST, PUT, PATCH and DELETE.`,
  );
}
