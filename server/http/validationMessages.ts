import type { FastifySchemaValidationError } from 'fastify';
import { EARLIEST_DATE, LATEST_DATE } from '../../api/contract/dateBounds';
import { SHOWN_TEXT_FORMAT } from '../../api/contract/shownText';

const PART_LABELS: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

const FORMAT_LABELS: Record<string, string> = {
  email: 'an email address',
  'date-time': `a date and time (ISO 8601) from ${EARLIEST_DATE} to ${LATEST_DATE}`,
  date: `a real date (yyyy-MM-dd) from ${EARLIEST_DATE} to ${LATEST_DATE}`,
  uuid: 'a UUID',
};

/** One sentence a person can act on, naming the field: ajv's own text ("must be string") names none. */
export function describeValidationError(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const part = PART_LABELS[context ?? 'body'] ?? 'request';
  // In a union (a transfer's fragments) each branch reports its first problem; hidden characters in shown-back
  // text are named rather than the first branch's missing field.
  const error =
    errors.find((item) => item.keyword === 'format' && (item.params as { format?: unknown }).format === SHOWN_TEXT_FORMAT) ?? errors[0];
  if (!error) return `The ${part} is not valid.`;
  const params = error.params;
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const field = (name: string) => `"${path ? `${path}.${name}` : name}"`;
  const here = path ? `"${path}"` : `The ${part}`;

  switch (error.keyword) {
    case 'required':
      return `${field(String(params.missingProperty))} is required in the ${part}.`;
    case 'additionalProperties':
      // A top-level extra in the query string is a parameter, not a field; either way the name is quoted.
      if (context === 'querystring' && !path) return `Unknown query parameter ${quoted(String(params.additionalProperty))}.`;
      return `Unknown field ${field(String(params.additionalProperty))} in the ${part}.`;
    case 'type':
      return `${here} must be ${article(String(params.type))}.`;
    case 'format':
      if (params.format === SHOWN_TEXT_FORMAT) return `${here} can't contain control characters or hidden text-direction marks.`;
      return `${here} must be ${FORMAT_LABELS[String(params.format)] ?? `in ${String(params.format)} format`}.`;
    case 'enum':
      return `${here} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'minLength':
      return `${here} must be at least ${String(params.limit)} character${params.limit === 1 ? '' : 's'} long.`;
    case 'maxLength':
      return `${here} must be at most ${String(params.limit)} characters long.`;
    case 'pattern':
      return `${here} is not in the expected format.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${here} ${error.message ?? 'is out of range'}.`;
    default:
      return `${here} ${error.message ?? 'is not valid'}.`;
  }
}

/** A name from the request, quoted; a very long one is cut (the message stays readable and small). */
function quoted(name: string): string {
  return `"${name.length > 80 ? `${name.slice(0, 80)}…` : name}"`;
}

function article(type: string): string {
  if (type === 'object') return 'a JSON object';
  if (type === 'array') return 'a list';
  if (type === 'null') return 'null';
  if (type.includes(',')) return `one of: ${type}`;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
