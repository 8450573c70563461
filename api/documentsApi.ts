import { api } from './baseApi';
import { listTag } from './tags';
import { apiPath, ApiPaths, DOCUMENTS_PAGE_SIZE } from './contract/values';
import type { DocumentKind, DocumentsResponse } from './contract';

/** The list's filters; each value left out means "all". */
export interface DocumentsFilter {
  kind?: DocumentKind;
  accountUuid?: string;
  year?: number;
}

/** What a finished download reports (the file itself goes to the browser's downloads, never into the store). */
export interface DownloadedDocument {
  fileName: string;
  bytes: number;
}

/** The file name from `Content-Disposition: attachment; filename="..."`, or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * Hands a downloaded file to the browser as a normal download: an object URL on a temporary link, released
 * once the click has been dispatched.
 */
export function saveBlobAsFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Account documents: the list (paged by the server's cursor, "Show more" fetches the next page) and the PDF
 * download. The download goes through the base query so it carries the access token and refreshes it like any
 * call; a plain link could not send the Authorization header.
 */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocuments: build.infiniteQuery<DocumentsResponse, DocumentsFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => {
        const params: Record<string, string> = { limit: String(DOCUMENTS_PAGE_SIZE) };
        if (queryArg.kind) params.kind = queryArg.kind;
        if (queryArg.accountUuid) params.accountUuid = queryArg.accountUuid;
        if (queryArg.year !== undefined) params.year = String(queryArg.year);
        if (pageParam) params.cursor = pageParam;
        return { url: ApiPaths.documents, params };
      },
      providesTags: [listTag('Document')],
    }),
    downloadDocument: build.mutation<DownloadedDocument, { documentId: string; fileName: string }>({
      async queryFn({ documentId, fileName }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: apiPath(ApiPaths.documentDownload, { documentId }),
          // Errors still arrive as JSON { errorCode, message }: read those as text, then JSON.
          responseHandler: async (response) => (response.ok ? response.blob() : (response.json() as Promise<unknown>).catch(() => ({}))),
        });
        if (result.error) return { error: result.error };
        const blob = result.data as Blob;
        const meta: { response?: Response } | undefined = result.meta;
        const name = fileNameFromDisposition(meta?.response?.headers.get('content-disposition') ?? null, fileName);
        saveBlobAsFile(blob, name);
        return { data: { fileName: name, bytes: blob.size } };
      },
    }),
  }),
});

export const { useGetDocumentsInfiniteQuery, useDownloadDocumentMutation } = documentsApi;
