import type { FastifyRequest, RouteOptions } from 'fastify';
import { ApiErrorCode } from '../../api/contract';
import { NoBody } from '../../api/contract/common';
import { ApiError } from '../errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An onRoute hook: a route that may receive a body but names no body schema gets NoBody, so a body with
 * fields is refused as unknown fields (400) instead of being parsed and silently ignored. Every other route
 * already validates against its closed contract object.
 */
export function closeBodylessRoutes(route: RouteOptions): void {
  const methods = ([] as string[]).concat(route.method);
  if (!methods.some((method) => BODY_METHODS.has(method))) return;
  if ((route as { websocket?: boolean }).websocket) return;
  if (route.schema?.body !== undefined) return;
  route.schema = { ...route.schema, body: NoBody };
}

/** Whether a parsed JSON value (or a query or path part) holds a NUL character in any key or string. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * A preValidation hook: text with a NUL character is refused as invalid input. No field of the contract can hold
 * one, and PostgreSQL cannot store one in text or jsonb: let through, it fails the statement and becomes a 500.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
    throw new ApiError(400, ApiErrorCode.VALIDATION, 'Text in the request must not contain the NUL character (\\u0000).');
  }
}
