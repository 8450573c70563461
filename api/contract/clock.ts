import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Obj } from './common';

/**
 * The server's clock as the app needs it (GET /api/clock): every "today" the app shows or sends is the server's
 * New York day, not the browser's (a browser is rarely in New York, and in the sandbox FUNDFLOW_SANDBOX_NOW moves
 * the server's clock). `marketDayEndsAt` is the next New York midnight, when the app asks again.
 */
export const MarketClock = Obj({
  now: IsoDateTime,
  marketDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-MM-dd, New York' }),
  marketDayEndsAt: IsoDateTime,
});
export type MarketClock = Static<typeof MarketClock>;
