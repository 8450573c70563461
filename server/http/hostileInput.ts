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
    throw new Error(
      `${methods} ${route.url}: its querystring schema must be a closed object (additionalProperties: false), so unknown parameters are refused`,
    );
  }
}

type UnstorableText = 'nul' | 'loneSurrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What makes a text unstorable: a NUL character, or a lone UTF-16 surrogate (half of a pair, or a broken one). */
function unstorable(text: string): UnstorableText | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'loneSurrogate';
  return null;
}

/** The first unstorable text in a parsed JSON value (or a query or path part), in any key or string. */
function findUnstorable(value: unknown, depth = 0): UnstorableText | null {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnstorable(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = unstorable(key) ?? findUnstorable(item, depth + 1);
    if (found) return found;
  }
  return null;
}

const UNSTORABLE_MESSAGES: Record<UnstorableText, string> = {
  nul: 'Text in the request must not contain the NUL character (\\u0000).',
  loneSurrogate: 'Text in the request contains a broken character (half of a UTF-16 surrogate pair). Please check the text and try again.',
};

/**
 * A preValidation hook: text the database cannot store is refused as invalid input, wherever it is (any field
 * or key of the body at any depth, the query, the path). No field of the contract can hold a NUL character or a
 * lone UTF-16 surrogate: PostgreSQL refuses NUL in text and jsonb and a lone surrogate in jsonb (a 500 when let
 * through), and in a text column a lone surrogate would silently become U+FFFD.
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const found = findUnstorable(request.body) ?? findUnstorable(request.query) ?? findUnstorable(request.params);
  if (found) throw new ApiError(400, ApiErrorCode.VALIDATION, UNSTORABLE_MESSAGES[found]);
}
