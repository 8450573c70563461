import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  DocumentParams,
  DOCUMENTS_MAX_PAGE_SIZE,
  DOCUMENTS_PAGE_SIZE,
  DocumentsQuery,
  DocumentsResponse,
} from '../../api/contract';
import {
  DocumentRefusals,
  findOwnDocument,
  issueDueDocuments,
  listDocuments,
  presentDocument,
  renderDocumentPdf,
} from '../domain/documents';
import type { RouteDeps } from './routeDeps';

/**
 * Account documents (our paths; the spec names the pages only): the customer's statements, trade confirmations
 * and tax forms, filtered and paged, and each one's PDF. Documents due on the server's clock are issued before
 * every list. Closed customers keep access: these routes are where they land after signing in.
 */
export function documentRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    app.get<{ Querystring: DocumentsQuery; Reply: DocumentsResponse }>(
      ApiPaths.documents,
      { schema: { querystring: DocumentsQuery, response: { 200: DocumentsResponse } } },
      async (request) => {
        const { kind, accountUuid, year, limit, cursor } = request.query;
        const size = limit === undefined ? DOCUMENTS_PAGE_SIZE : Number(limit);
        if (size < 1 || size > DOCUMENTS_MAX_PAGE_SIZE) throw DocumentRefusals.badLimit(DOCUMENTS_MAX_PAGE_SIZE);
        // The first page issues what is due; the next pages read the same list on.
        if (cursor === undefined) await issueDueDocuments(db, request.userId, clock.now());
        const page = await listDocuments(db, request.userId, {
          kind,
          accountUuid,
          year: year === undefined ? undefined : Number(year),
          limit: size,
          cursor,
        });
        return { documents: page.rows.map(presentDocument), nextCursor: page.nextCursor, total: page.total, years: page.years };
      },
    );

    app.get<{ Params: DocumentParams }>(ApiPaths.documentDownload, { schema: { params: DocumentParams } }, async (request, reply) => {
      const row = await findOwnDocument(db, request.userId, request.params.documentId);
      if (!row) throw DocumentRefusals.notFound();
      const pdf = renderDocumentPdf(row);
      const { fileName } = presentDocument(row);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-length', String(pdf.length))
        .send(pdf);
    });
  };
}
