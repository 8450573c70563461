/**
 * How column values come back from PostgreSQL, the same for PGlite and node-postgres:
 * - int8 (bigint) columns hold money in cents and counts; they become JS numbers, refusing unsafe values
 *   instead of silently rounding money.
 * - date columns stay 'yyyy-MM-dd' strings: a Date would shift with the process time zone.
 */
export const PG_OID = { INT8: 20, DATE: 1082 } as const;

export function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} does not fit a safe JS integer`);
  return parsed;
}

export const parseDate = (value: string): string => value;

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [PG_OID.INT8]: parseInt8,
  [PG_OID.DATE]: parseDate,
};
