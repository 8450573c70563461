import { Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';
import { SHOWN_TEXT_FORMAT } from './shownText';

/** Closed object: the server refuses fields the contract does not name. */
export const Obj = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: false });

/**
 * The body of a call that takes none: nothing, null or {}. Anything more is an unknown field and refused like
 * one (the server gives this schema to every POST, PUT, PATCH and DELETE route that names no body).
 */
export const NoBody = Type.Object({}, { additionalProperties: false, nullable: true });

/**
 * The query string of a call that takes no parameters: any parameter is unknown and refused (the server gives
 * this schema to every API route that names no querystring schema; a route that does must name a closed one).
 */
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const StringEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** Decimal string with at most two fraction digits, e.g. "1250.00". */
export const DecimalString = Type.String({ pattern: '^-?\\d{1,12}(\\.\\d{1,2})?$', maxLength: 16 });

export const CURRENCIES = ['USD'] as const;
export const Money = Obj({ amount: DecimalString, currency: StringEnum(CURRENCIES) });
export type Money = Static<typeof Money>;

export const ErrorBody = Obj({ errorCode: Type.String(), message: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;

export const Uuid = Type.String({ minLength: 1, maxLength: 64 });
/** A moment; the server takes only dates from EARLIEST_DATE to LATEST_DATE (api/contract/dateBounds.ts). */
export const IsoDateTime = Type.String({ format: 'date-time' });

/** A calendar date, yyyy-MM-dd; the server takes only real dates from EARLIEST_DATE to LATEST_DATE (dateBounds.ts). */
export const CalendarDate = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-MM-dd' });

/** Free text the app shows back (names, addresses, transfer details): no control characters or direction marks (shownText.ts). */
export const ShownText = (options: StringOptions = {}) => Type.String({ ...options, format: SHOWN_TEXT_FORMAT });
