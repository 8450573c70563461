import type { FastifyPluginAsync } from 'fastify';
import { addDays, ApiPaths, MarketClock } from '../../api/contract';
import { marketDate, startOfMarketDay } from '../../api/contract/bankCalendar';
import type { RouteDeps } from './routeDeps';

/**
 * The server's clock for the app (no auth: it is the same for everyone and says nothing private). In the sandbox
 * with FUNDFLOW_SANDBOX_NOW it is the shifted clock, so the app's dates follow the scheduler's and settlement's.
 */
export function clockRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: MarketClock }>(ApiPaths.clock, { schema: { response: { 200: MarketClock } } }, async () => {
      const now = deps.clock.now();
      const today = marketDate(now);
      return { now: now.toISOString(), marketDate: today, marketDayEndsAt: startOfMarketDay(addDays(today, 1)).toISOString() };
    });
  };
}
