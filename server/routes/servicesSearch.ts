import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  AcatHintsQuery,
  AcatHintsResponse,
  ApiErrorCode,
  ApiPaths,
  InstrumentsQuery,
  InstrumentsResponse,
  SEARCH_DEFAULT_PAGE_SIZE,
  SEARCH_MAX_PAGE_SIZE,
  SearchQuery,
  SearchResponse,
} from '../../api/contract';
import { BROKERAGES, findBrokerage } from '../domain/servicesReferenceData';
import { servicesDb } from '../domain/servicesSchema';
import { ApiError } from '../errors';
import { AcatErrorCode } from './servicesAcat';
import { instrumentsBySymbols } from './servicesCommunity';
import type { RouteDeps } from './routeDeps';

/** LIKE pattern text with its wildcards escaped (the default escape character is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Instrument search with paging and the ACAT form's account-number hints, at the spec's graph-service paths (7.1). */
export function graphServiceRoutes(deps: RouteDeps): FastifyPluginAsync {
  const db = servicesDb(deps.db);

  return async (app) => {
    // Ranked: exact symbol, then symbol prefix, then a name word starting with the text, then the name containing it.
    app.get<{ Querystring: SearchQuery; Reply: SearchResponse }>(
      ApiPaths.search,
      { schema: { querystring: SearchQuery, response: { 200: SearchResponse } } },
      async (request) => {
        const text = request.query.query.trim();
        if (!text) throw new ApiError(400, ApiErrorCode.VALIDATION, '"query" must contain more than spaces.');
        const pageNumber = Number(request.query.pageNumber ?? 0);
        const pageSize = Number(request.query.pageSize ?? SEARCH_DEFAULT_PAGE_SIZE);
        if (pageSize < 1 || pageSize > SEARCH_MAX_PAGE_SIZE) {
          throw new ApiError(400, ApiErrorCode.VALIDATION, `"pageSize" must be between 1 and ${SEARCH_MAX_PAGE_SIZE}.`);
        }
        const includeCrypto = request.query.includeCrypto === 'true';
        const upper = text.toUpperCase();
        const lower = escapeLike(text.toLowerCase());
        const symbolPrefix = `${escapeLike(upper)}%`;
        const nameContains = `%${lower}%`;
        const wordStart = `% ${lower}%`;

        let base = db
          .selectFrom('instruments')
          .where((eb) => eb.or([eb('symbol', 'like', symbolPrefix), eb(sql<string>`lower(name)`, 'like', nameContains)]));
        if (!includeCrypto) base = base.where('type', '!=', 'CRYPTO');

        const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
        const rank = sql<number>`case
          when symbol = ${upper} then 0
          when symbol like ${symbolPrefix} then 1
          when lower(name) like ${`${lower}%`} or lower(name) like ${wordStart} then 2
          else 3 end`;
        const rows = await base
          .select(['symbol', 'name', 'type', 'exchange'])
          .orderBy(rank)
          .orderBy('symbol')
          .limit(pageSize)
          .offset(pageNumber * pageSize)
          .execute();
        const count = Number(total);
        return { instruments: rows, pageNumber, pageSize, total: count, hasMore: (pageNumber + 1) * pageSize < count };
      },
    );

    app.get<{ Querystring: InstrumentsQuery; Reply: InstrumentsResponse }>(
      ApiPaths.searchInstruments,
      { schema: { querystring: InstrumentsQuery, response: { 200: InstrumentsResponse } } },
      async (request) => ({ instruments: await instrumentsBySymbols(db, [...new Set(request.query.symbols.split(','))]) }),
    );

    app.get<{ Querystring: AcatHintsQuery; Reply: AcatHintsResponse }>(
      ApiPaths.acatAccountNumberHints,
      { schema: { querystring: AcatHintsQuery, response: { 200: AcatHintsResponse } } },
      async (request) => {
        const wanted = request.query.brokerage;
        let brokerages = BROKERAGES;
        if (wanted !== undefined) {
          const found = findBrokerage(wanted);
          if (!found) throw new ApiError(404, AcatErrorCode.BROKERAGE_NOT_FOUND, `Transfers from ${wanted} are not supported yet.`);
          brokerages = [found];
        }
        return { acatHints: brokerages.map((b) => ({ brokerage: b.name, hint: b.hint, pattern: b.pattern, example: b.example })) };
      },
    );
  };
}
