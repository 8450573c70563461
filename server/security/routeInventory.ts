import { useTestApp, type TestAppOptions } from '../testing/useTestApp';

/** One route as the app registered it: the method and the URL template (`:param` style). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Top-level fields of the body and querystring schemas, if the route declares them. */
  bodyFields: string[];
  queryFields: string[];
  /** The route's schemas as Fastify validates them (after the app's onRoute hooks filled in the defaults). */
  schemas: { body?: unknown; params?: unknown; querystring?: unknown };
  /** A WebSocket route (a GET that upgrades). */
  websocket: boolean;
}

const fieldsOf = (schema: unknown): string[] => {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
};

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/**
 * useTestApp that also lists every route the app registers (through an onRoute hook added before the
 * route plugins load), so the security suites walk the real route table instead of a hand-written list that
 * would miss the next route someone adds. HEAD twins of GET routes are left out.
 */
export function useTestAppWithRoutes(options: TestAppOptions = {}) {
  const routes: RegisteredRoute[] = [];
  const testApp = useTestApp({
    ...options,
    beforeReady: (app) => {
      options.beforeReady?.(app);
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          routes.push({
            method,
            url: route.url,
            bodyFields: fieldsOf(route.schema?.body),
            queryFields: fieldsOf(route.schema?.querystring),
            schemas: { body: route.schema?.body, params: route.schema?.params, querystring: route.schema?.querystring },
            websocket: (route as { websocket?: boolean }).websocket === true,
          });
        }
      });
    },
  });
  return {
    ...testApp,
    /** Every registered route; filled once beforeAll has run. */
    routes,
  };
}

/** The :params of a route template, in order. */
export const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

/** Fills every :param of a template with the value `valueOf` gives (URL-encoded). */
export function fillPath(url: string, valueOf: (param: string) => string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(valueOf(name)));
}
