import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate, IsoDateTime, Obj, StringEnum } from './common';
import { DOCUMENT_KINDS, TAX_FORMS } from './documentKinds';

// Account documents (our paths; the spec names the pages only): the list with its filters and paging, and the
// PDF download (GET ApiPaths.documentDownload answers application/pdf, not JSON).

const IsoDate = CalendarDate;

/** Query strings arrive as text (the server does not coerce): numbers are digit strings here. */
export const DocumentsQuery = Obj({
  kind: Type.Optional(StringEnum(DOCUMENT_KINDS)),
  accountUuid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  year: Type.Optional(Type.String({ pattern: '^\\d{4}$' })),
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$' })),
  /** nextCursor of the previous page, as given. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type DocumentsQuery = Static<typeof DocumentsQuery>;

export const AccountDocument = Obj({
  id: Type.String(),
  kind: StringEnum(DOCUMENT_KINDS),
  /** Tax statements only. */
  form: Type.Union([StringEnum(TAX_FORMS), Type.Null()]),
  title: Type.String(),
  accountUuid: Type.String(),
  accountName: Type.String(),
  /** Last 4 digits of the account number; the full number never leaves the server here. */
  accountMask: Type.String({ pattern: '^\\d{4}$' }),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  /** The year filter's year: the tax year of a tax form, the year of the period's end otherwise. */
  year: Type.Integer(),
  /** A corrected tax form, issued after the original (both stay available). */
  corrected: Type.Boolean(),
  issuedAt: IsoDateTime,
  fileName: Type.String(),
});
export type AccountDocument = Static<typeof AccountDocument>;

export const DocumentsResponse = Obj({
  documents: Type.Array(AccountDocument),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** How many documents match the filters (all pages). */
  total: Type.Integer({ minimum: 0 }),
  /** Years that have documents for the kind and account filters (newest first): the year filter's options. */
  years: Type.Array(Type.Integer()),
});
export type DocumentsResponse = Static<typeof DocumentsResponse>;

export const DocumentParams = Obj({ documentId: Type.String({ minLength: 1, maxLength: 64 }) });
export type DocumentParams = Static<typeof DocumentParams>;
