import { delay, http, HttpResponse } from 'msw';
import {
  ApiPaths,
  type AcatDraft,
  type AcatDraftResponse,
  type AcatDraftsResponse,
  type AcatFragmentsRequest,
  type BrokeragesResponse,
  type CreateAcatDraftRequest,
  type ErrorBody,
  type Instrument,
  type SearchResponse,
} from '../../api/contract';
import { API_ORIGIN } from './handlers';

// The service wrappers of funding-methods.md 7.1 for unit tests, typed by the contract. The ACAT backend keeps
// its drafts like the server does (mutations change what the list answers) and counts the calls it gets.

const url = (path: string) => `${API_ORIGIN}${path}`;
const errorReply = (status: number, errorCode: string, message: string) => HttpResponse.json<ErrorBody>({ errorCode, message }, { status });

export function acatDraftFixture(overrides: Partial<AcatDraft> = {}): AcatDraft {
  return {
    id: 'draft-1',
    kind: 'ACAT',
    source: 'MANUAL',
    progress: 'IN_PROGRESS',
    transferStatus: null,
    brokerage: 'Fidelity Investments',
    fragments: [
      { type: 'BROKERAGE', brokerage: 'Fidelity Investments' },
      { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
    ],
    items: [],
    problems: ['Enter your account number at Fidelity Investments.'],
    readyToSubmit: false,
    createdAt: '2026-03-01T15:00:00.000Z',
    updatedAt: '2026-03-01T15:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}

export const brokeragesFixture: BrokeragesResponse['brokerages'] = [
  {
    name: 'Fidelity Investments',
    partnerSupported: true,
    accountNumberHint: '9 characters: a letter or digit followed by 8 digits, e.g. Z12345678',
  },
  { name: 'Charles Schwab', partnerSupported: true, accountNumberHint: '8 digits, shown at the top of your statement' },
];

export interface AcatBackendOptions {
  /** The list answers this error instead. */
  listFails?: { status: number; errorCode: string; message: string };
  /** Submit answers this error instead. */
  submitFails?: { status: number; errorCode: string; message: string };
}

/** A stateful ACAT backend: list, one, create, fragments, submit, delete and brokerages. */
export function acatBackend(initial: AcatDraft[] = [acatDraftFixture()], options: AcatBackendOptions = {}) {
  let drafts = initial.map((draft) => ({ ...draft }));
  const calls = {
    list: 0,
    submit: [] as string[],
    delete: [] as string[],
    fragments: [] as Array<{ id: string; body: AcatFragmentsRequest }>,
    create: 0,
  };
  let created = 0;
  const handlers = [
    http.get<never, never, AcatDraftsResponse | ErrorBody>(url(ApiPaths.acatDrafts), () => {
      calls.list += 1;
      if (options.listFails) return errorReply(options.listFails.status, options.listFails.errorCode, options.listFails.message);
      return HttpResponse.json<AcatDraftsResponse>({ drafts });
    }),
    http.post<never, CreateAcatDraftRequest>(url(ApiPaths.acatDrafts), async ({ request }) => {
      const body = await request.json();
      calls.create += 1;
      created += 1;
      const draft = acatDraftFixture({
        id: `draft-new-${created}`,
        brokerage: null,
        fragments: body.fragments,
        problems: ['Choose the brokerage you are transferring from.'],
      });
      drafts = [draft, ...drafts];
      return HttpResponse.json<AcatDraftResponse>({ draft }, { status: 201 });
    }),
    http.get(url(ApiPaths.acatBrokerages), () => HttpResponse.json<BrokeragesResponse>({ brokerages: brokeragesFixture })),
    http.get<{ id: string }, never, AcatDraftResponse | ErrorBody>(url(ApiPaths.acatDraft), ({ params }) => {
      const draft = drafts.find((d) => d.id === params.id);
      return draft
        ? HttpResponse.json<AcatDraftResponse>({ draft })
        : errorReply(404, 'ACAT_DRAFT_NOT_FOUND', 'This account transfer does not exist.');
    }),
    http.delete<{ id: string }>(url(ApiPaths.acatDraft), ({ params }) => {
      calls.delete.push(params.id);
      drafts = drafts.filter((d) => d.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put<{ draftId: string }, AcatFragmentsRequest>(url(ApiPaths.acatDraftFragments), async ({ params, request }) => {
      const body = await request.json();
      calls.fragments.push({ id: params.draftId, body });
      const brokerage = body.fragments.find((f) => f.type === 'BROKERAGE');
      drafts = drafts.map((d) =>
        d.id === params.draftId
          ? { ...d, fragments: body.fragments, brokerage: brokerage?.type === 'BROKERAGE' ? brokerage.brokerage : null }
          : d,
      );
      return HttpResponse.json<AcatDraftResponse>({ draft: drafts.find((d) => d.id === params.draftId)! });
    }),
    http.post<{ id: string }, never, AcatDraftResponse | ErrorBody>(url(ApiPaths.acatDraftSubmit), ({ params }) => {
      calls.submit.push(params.id);
      if (options.submitFails) return errorReply(options.submitFails.status, options.submitFails.errorCode, options.submitFails.message);
      drafts = drafts.map((d) =>
        d.id === params.id
          ? {
              ...d,
              progress: 'SUBMITTED',
              transferStatus: 'INITIATED',
              readyToSubmit: false,
              submittedAt: '2026-03-02T15:00:00.000Z',
              items: [{ description: 'All cash and positions', status: 'PENDING' }],
            }
          : d,
      );
      return HttpResponse.json<AcatDraftResponse>({ draft: drafts.find((d) => d.id === params.id)! });
    }),
  ];
  return { handlers, calls, drafts: () => drafts };
}

const SEARCHABLE: Instrument[] = Array.from({ length: 45 }, (_, index) => ({
  symbol: `A${String(index).padStart(2, '0')}`,
  name: `Apex Holdings ${index}`,
  type: 'STOCK',
  exchange: 'NASDAQ',
}));

export interface SearchBackendOptions {
  instruments?: Instrument[];
  /** Every search answers this status (an error body). */
  failWith?: number;
  /** Milliseconds before each answer. */
  latencyMs?: number;
}

/** GET /graphservice/search over a list: name or symbol contains the text (case-insensitive), paged like the server. */
export function searchBackend({ instruments = SEARCHABLE, failWith, latencyMs = 0 }: SearchBackendOptions = {}) {
  const requests: Array<{ query: string; pageNumber: number; pageSize: number; includeCrypto: boolean }> = [];
  const handler = http.get<never, never, SearchResponse | ErrorBody>(url(ApiPaths.search), async ({ request }) => {
    const params = new URL(request.url).searchParams;
    const query = params.get('query') ?? '';
    const pageNumber = Number(params.get('pageNumber') ?? '0');
    const pageSize = Number(params.get('pageSize') ?? '20');
    requests.push({ query, pageNumber, pageSize, includeCrypto: params.get('includeCrypto') === 'true' });
    if (latencyMs) await delay(latencyMs);
    if (failWith) return errorReply(failWith, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
    const text = query.toLowerCase();
    const matches = instruments.filter((i) => i.symbol.toLowerCase().includes(text) || i.name.toLowerCase().includes(text));
    const page = matches.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize);
    return HttpResponse.json<SearchResponse>({
      instruments: page,
      pageNumber,
      pageSize,
      total: matches.length,
      hasMore: (pageNumber + 1) * pageSize < matches.length,
    });
  });
  return { handler, requests };
}
