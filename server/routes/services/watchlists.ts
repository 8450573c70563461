import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorCode, ApiPaths, IdParams, UpdateWatchlistRequest, WatchlistResponse, WatchlistsResponse } from '../../../api/contract';
import { ServiceErrorCode } from '../../domain/servicesCommunity';
import { isUuid } from '../../domain/tokens';
import { ApiError } from '../../errors';
import {
  deleteOwnWatchlist,
  inCommunityTransaction,
  instrumentsBySymbols,
  listWatchlists,
  lockOwnWatchlist,
  replaceWatchlist,
} from '../../repositories/community';
import type { RouteDeps } from '../routeDeps';

const watchlistNotFound = () => new ApiError(404, ServiceErrorCode.WATCHLIST_NOT_FOUND, 'This watchlist does not exist.');

/** The customer's watchlists at the spec's community-service paths (7.1): list, replace one, delete one. */
export function watchlistRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: WatchlistsResponse }>(ApiPaths.watchlists, { schema: { response: { 200: WatchlistsResponse } } }, async (request) => ({
      watchlists: await listWatchlists(db, request.userId),
    }));

    // Replaces the list's name and symbols (in order). Only the customer's own lists; creating one is not a call of the spec.
    app.put<{ Params: IdParams; Body: UpdateWatchlistRequest; Reply: WatchlistResponse }>(
      ApiPaths.watchlist,
      { schema: { params: IdParams, body: UpdateWatchlistRequest, response: { 200: WatchlistResponse } } },
      async (request) => {
        const { id } = request.params;
        if (!isUuid(id)) throw watchlistNotFound();
        const name = request.body.name.trim();
        if (!name) throw new ApiError(400, ApiErrorCode.VALIDATION, 'A watchlist needs a name.');
        const watchlist = await inCommunityTransaction(db, async (trx) => {
          if (!(await lockOwnWatchlist(trx, request.userId, id))) throw watchlistNotFound();
          const known = await instrumentsBySymbols(trx, request.body.symbols);
          const unknown = request.body.symbols.find((symbol) => !known.some((instrument) => instrument.symbol === symbol));
          if (unknown) throw new ApiError(422, ServiceErrorCode.UNKNOWN_INSTRUMENT, `${unknown} is not a symbol we know.`);
          await replaceWatchlist(trx, id, name, request.body.symbols, clock.now());
          return (await listWatchlists(trx, request.userId, id))[0];
        });
        return { watchlist };
      },
    );

    app.delete<{ Params: IdParams }>(ApiPaths.watchlist, { schema: { params: IdParams } }, async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw watchlistNotFound();
      if (!(await deleteOwnWatchlist(db, request.userId, id))) throw watchlistNotFound();
      return reply.code(204).send();
    });
  };
}
