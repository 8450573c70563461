import { http, HttpResponse } from 'msw';
import { ApiPaths, type AccountDocument, type DocumentsResponse, type ErrorBody } from '../../api/contract';
import { API_ORIGIN } from './handlers';

// Account documents for unit tests, typed by the contract. `documentsBackend` answers like the server: filters
// by kind, account and year, newest issued first, pages with an opaque cursor, and downloads a small PDF.

const url = (path: string) => `${API_ORIGIN}${path}`;

export function documentFixture(overrides: Partial<AccountDocument> = {}): AccountDocument {
  return {
    id: 'doc-1',
    kind: 'ACCOUNT_STATEMENT',
    form: null,
    title: 'January 2026 statement',
    accountUuid: 'uuid-brokerage',
    accountName: 'Brokerage',
    accountMask: '2345',
    periodStart: '2026-01-01',
    periodEnd: '2026-01-31',
    year: 2026,
    corrected: false,
    issuedAt: '2026-02-05T11:00:00.000Z',
    fileName: 'fundflow-statement-2345-2026-01.pdf',
    ...overrides,
  };
}

export const PDF_BYTES = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

export interface DocumentsBackendOptions {
  /** Answer the list with this error (status, body) instead. */
  listError?: { status: number; body: ErrorBody };
  /** Answer downloads with this error instead. */
  downloadError?: { status: number; body: ErrorBody };
}

export function documentsBackend(documents: AccountDocument[], options: DocumentsBackendOptions = {}) {
  const requests: URLSearchParams[] = [];
  const downloads: string[] = [];
  const state = { listError: options.listError, downloadError: options.downloadError };
  const sorted = [...documents].sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.id.localeCompare(a.id));
  const handlers = [
    http.get<never, never, DocumentsResponse | ErrorBody>(url(ApiPaths.documents), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      if (state.listError) return HttpResponse.json<ErrorBody>(state.listError.body, { status: state.listError.status });
      const kind = params.get('kind');
      const accountUuid = params.get('accountUuid');
      const year = params.get('year');
      const limit = Number(params.get('limit') ?? '20');
      const start = Number(params.get('cursor') ?? '0');
      const base = sorted.filter((doc) => (!kind || doc.kind === kind) && (!accountUuid || doc.accountUuid === accountUuid));
      const matching = base.filter((doc) => !year || doc.year === Number(year));
      const page = matching.slice(start, start + limit);
      const next = start + limit < matching.length ? String(start + limit) : null;
      return HttpResponse.json<DocumentsResponse>({
        documents: page,
        nextCursor: next,
        total: matching.length,
        years: [...new Set(base.map((doc) => doc.year))].sort((a, b) => b - a),
      });
    }),
    http.get(url(ApiPaths.documentDownload), ({ params }) => {
      const id = String(params.documentId);
      downloads.push(id);
      if (state.downloadError) return HttpResponse.json<ErrorBody>(state.downloadError.body, { status: state.downloadError.status });
      const doc = documents.find((candidate) => candidate.id === id);
      if (!doc)
        return HttpResponse.json<ErrorBody>({ errorCode: 'NOT_FOUND', message: 'We could not find that document.' }, { status: 404 });
      return new HttpResponse(PDF_BYTES, {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${doc.fileName}"` },
      });
    }),
  ];
  return { handlers, requests, downloads, state };
}
