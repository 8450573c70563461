import type { FastifyRequest, RouteOptions } from 'fastify';
import { ApiErrorCode } from '../../api/contract';
import { NoBody, NoQuery } from '../../api/contract/common';
import { ApiError } from '../errors';
import { isApiPath } from './apiPaths';

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

/**
 * An onRoute hook: an API route that names no querystring schema gets NoQuery, so `?anything=` is refused (400,
 * "Unknown query parameter") instead of being parsed and silently ignored. A route that names one must name a
 * closed object (`Obj` of api/contract): an open one would let unknown parameters through, so the app refuses
 * to start with it. Paths outside the API (the web app's pages and files) keep any query string: the app's own
 * links carry ?redirect=, ?m=debit and the like, which its router reads.
 */
export function closeQueryStrings(route: RouteOptions): void {
  if (!isApiPath(route.url)) return;
  const declared = route.schema?.querystring as { type?: unknown; additionalProperties?: unknown } | undefined;
  if (declared === undefined) {
    route.schema = { ...route.schema, querystring: NoQuery };
    return;
  }
  if (declared.type !== 'object' || declared.additionalProperties !== false) {
    const methods = ([] as string[]).concat(route.method).join(',');
    throw new Error(`${methods} ${route.url}: its querystring schema must be a closed object (additionalProperties: false), so unknown parameters are refused`);
  }
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
