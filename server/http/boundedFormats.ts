import type Ajv from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';
import { isDateInRange } from '../../api/contract/dateBounds';

const rfc3339 = fullFormats['date-time'] as { validate: (text: string) => boolean };

/** A date and time (RFC 3339) whose date, as written, is on the calendar and within the API's range. */
export const isBoundedDateTime = (text: string): boolean => rfc3339.validate(text) && isDateInRange(text.slice(0, 10));

/**
 * The validator's `onCreate`: the `date` and `date-time` formats of every schema take only dates within the
 * API's range (api/contract/dateBounds.ts), so "0000-01-01T00:00:00Z" or a schedule starting "9999-12-31" is
 * refused as invalid input (400) before a handler or the database sees it. Runs after ajv-formats, replacing
 * its two unbounded formats.
 */
export function addBoundedDateFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isDateInRange });
  ajv.addFormat('date-time', { type: 'string', validate: isBoundedDateTime });
}
