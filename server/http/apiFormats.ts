import type Ajv from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';
import { isDateInRange } from '../../api/contract/dateBounds';
import { hasHiddenCharacters, SHOWN_TEXT_FORMAT } from '../../api/contract/shownText';

const rfc3339 = fullFormats['date-time'] as { validate: (text: string) => boolean };

/** A date and time (RFC 3339) whose date, as written, is on the calendar and within the API's range. */
export const isBoundedDateTime = (text: string): boolean => rfc3339.validate(text) && isDateInRange(text.slice(0, 10));

/**
 * The validator's `onCreate` (issue 19): the `date` and `date-time` formats of every schema take only dates within
 * the API's range (api/contract/dateBounds.ts), so "0000-01-01T00:00:00Z" or a schedule starting "9999-12-31" is
 * refused as invalid input (400) before a handler or the database sees it; they replace ajv-formats' unbounded
 * ones. `shown-text` (api/contract/shownText.ts) refuses control characters and text-direction marks in text the
 * app shows back.
 */
export function addApiFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isDateInRange });
  ajv.addFormat('date-time', { type: 'string', validate: isBoundedDateTime });
  ajv.addFormat(SHOWN_TEXT_FORMAT, { type: 'string', validate: (text: string) => !hasHiddenCharacters(text) });
}
