import type { FastifyPluginAsync } from 'fastify';
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
} from '../../../api/contract';
import { AcatErrorCode } from '../../domain/servicesAcat';
import { BROKERAGES, findBrokerage } from '../../domain/servicesReferenceData';
import { ApiError } from '../../errors';
import { instrumentsBySymbols, searchInstruments } from '../../repositories/community';
import type { RouteDeps } from '../routeDeps';

/** Instrument search with paging and the ACAT form's account-number hints, at the spec's graph-service paths (7.1). */
export function graphServiceRoutes({ db }: RouteDeps): FastifyPluginAsync {
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
        const { instruments, total } = await searchInstruments(db, text, request.query.includeCrypto === 'true', pageNumber, pageSize);
        return { instruments, pageNumber, pageSize, total, hasMore: (pageNumber + 1) * pageSize < total };
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
