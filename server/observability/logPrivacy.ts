import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

// What the log may say about a request. Customers' emails (the spec puts them in the account-transfer URLs),
// tokens and live-events subscription ids travel in query strings, so no query value is ever written down: a
// parameter the route declares keeps its name, any other is "[undeclared]", and every value is "[redacted]".
// Headers are not logged at all (Fastify's default logs Accept-Version; we do not). An email address in a path
// or in an error's message is replaced too, and a database error's `detail` (PostgreSQL quotes the row's values
// there: "Key (email)=(...) already exists") is dropped.

export const REDACTED = '[redacted]';
const UNDECLARED = '[undeclared]';
export const EMAIL_PLACEHOLDER = '[email]';

/** Something shaped like an email address in free text (a stack's "node_modules/@scope/..." is not). */
const EMAIL_IN_TEXT = /[^\s"'/<>()]+(?:@|%40)[^\s"'/<>()]+\.[^\s"'/<>()]+/gi;

export const withoutEmails = (text: string): string => text.replace(EMAIL_IN_TEXT, EMAIL_PLACEHOLDER);

/** A path with every segment that holds an at sign (plain or %40) replaced. */
const pathWithoutEmails = (path: string): string =>
  path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? EMAIL_PLACEHOLDER : segment))
    .join('/');

/** Query parameter names the route declares (its querystring schema); nothing else is named in the log. */
function declaredQueryNames(request: FastifyRequest): Set<string> {
  const schema = request.routeOptions?.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  return new Set(Object.keys(schema?.properties ?? {}));
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

/** The URL as the log may show it: the path (emails replaced), then each query parameter's name or [undeclared], with its value redacted. */
export function loggableUrl(url: string, declared: ReadonlySet<string> = new Set()): string {
  const mark = url.indexOf('?');
  const path = pathWithoutEmails(mark === -1 ? url : url.slice(0, mark));
  if (mark === -1) return path;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodedName(equals === -1 ? pair : pair.slice(0, equals));
      return `${declared.has(name) ? name : UNDECLARED}=${REDACTED}`;
    });
  return `${path}?${pairs.join('&')}`;
}

/** Serializers for Fastify's logger; `req` replaces Fastify's default (which logs the raw URL and Accept-Version). */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    // Anything logged under `req` comes here, not only Fastify's requests: only these fields, and only strings.
    const { method, url, host, ip } = request as Partial<FastifyRequest>;
    return {
      method,
      url: typeof url === 'string' ? loggableUrl(url, declaredQueryNames(request)) : undefined,
      host,
      remoteAddress: ip,
      remotePort: (request as Partial<FastifyRequest>).socket?.remotePort,
    };
  },
  err(error: Error) {
    const {
      detail: _detail,
      parameters: _parameters,
      ...kept
    } = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { detail?: unknown; parameters?: unknown };
    return { ...kept, message: withoutEmails(kept.message ?? ''), stack: withoutEmails(kept.stack ?? '') };
  },
};

/** Log keys whose values never reach a line, besides the credential paths of app.ts. */
export const PRIVATE_LOG_PATHS = [
  'email',
  '*.email',
  'eventsSubscriptionId',
  '*.eventsSubscriptionId',
  'req.query',
  'req.body',
  'req.headers',
];
