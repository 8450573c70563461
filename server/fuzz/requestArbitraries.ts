import fc from 'fast-check';

// Generators of hostile requests for the route fuzz (routes.fuzz.test.ts). A route's JSON schema (as the
// contract gives it to Fastify) shapes the bodies, so most cases get past the JSON parser and reach the
// validator or the handler with something almost right: the wrong type in one field, an unknown field, a
// prototype key, a huge string.

export type JsonSchema = { [key: string]: unknown };

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' ? (value as JsonSchema) : {});

/** A few ISO dates and moments, in range for the app's rules. */
const isoMoment = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** Values the schema accepts (best effort: the caller checks them with the schema before relying on it). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(choices)) return fc.oneof(...choices.map((choice) => validValue(choice, depth + 1)));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3));
      return depth > 6 ? fc.constant([]) : fc.array(validValue(asSchema(schema.items), depth + 1), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, depth);
    default:
      return fc.constant(null);
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date-time') return isoMoment;
  if (schema.format === 'date') return isoMoment.map((moment) => moment.slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress().filter((email) => fits(email) && /^[a-z0-9.@-]+$/i.test(email));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'shown-text') {
    const plain = fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ-.,'éøß"),
      minLength,
      maxLength: Math.min(maxLength, Math.max(minLength, 40)),
    });
    return plain.filter((value) => value.trim() !== '' || minLength === 0);
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)) });
}

function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = asSchema(schema.properties);
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    // A record (patternProperties or additionalProperties given as a schema): a couple of plain keys.
    const values = schema.patternProperties
      ? asSchema(Object.values(asSchema(schema.patternProperties))[0])
      : asSchema(schema.additionalProperties);
    if (depth > 6 || Object.keys(values).length === 0) return fc.constant({});
    return fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/), validValue(values, depth + 1), { maxKeys: 3 });
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) model[key] = validValue(asSchema(properties[key]), depth + 1);
  return fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
}

/** Values of every JSON type, with the awkward ones overrepresented. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    0.1,
    1e-7,
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
  ),
  fc.constantFrom(
    '１２３',
    '١٢٣',
    '𝟙𝟚𝟛',
    '12\u200b3',
    '\u0000',
    '\ufeff1',
    '\u202e123',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    '${7*7}',
    '{{7*7}}',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.nat({ max: 80_000 }).map((length) => 'x'.repeat(length)),
);

/** Small values of every JSON type: the unknown field's value (a huge one would trip the body limit first). */
export const smallValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 12 }),
  fc.constant({}),
  fc.constant([1]),
);

/** Names for fields the contract does not know (plain, so an echo of the name in a message stays harmless). */
export const unknownFieldName = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,15}$/).map((name) => `unexpected${name}`);

/** JSON texts with prototype keys; secure-json-parse must refuse them before any handler sees them. */
export const prototypeBody: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('"__proto__"', '"constructor"', '"\\u005f_proto__"', '"prototype"'),
    fc.constantFrom('{"isAdmin":true}', '{"prototype":{"polluted":1}}', '1', '"x"', 'null', '[]'),
    fc.boolean(),
  )
  .map(([key, value, nested]) => (nested ? `{"a":{${key}:${value}}}` : `{${key}:${value}}`));

/** Request bodies that are not what any route wants: broken JSON, deep nesting, huge texts. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '[',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    'NaN',
    '\u0000',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"a":1e999999}',
    '{"a":"\\ud800"}',
  ),
  fc.integer({ min: 100, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 3_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.integer({ min: 1_000, max: 80_000 }).map((length) => JSON.stringify({ text: 'y'.repeat(length) })),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.json({ maxDepth: 2 }),
);

/** Content types a client might send, mostly wrong for a JSON API. */
export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  'json',
  '',
);

/** Extra headers: odd names and values, sometimes a giant one (Node's parser is not in the way with inject). */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  fc.dictionary(
    fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
    fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abcXYZ019 !"#$%&\'()*+,-./:;<=>?@[]^_`{|}~'), maxLength: 60 }),
      fc.nat({ max: 80_000 }).map((n) => 'h'.repeat(n)),
    ),
    { maxKeys: 4 },
  ),
  fc.record({
    accept: fc.constantFrom('application/json', 'text/html', '*/*', '', 'application/xml;q=0.9, */*;q=0'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'x'.repeat(5_000)),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
    host: fc.constantFrom('localhost', 'evil.example', 'a'.repeat(300), ''),
  }),
);

/** Authorization as a browser or an attacker might send it: mostly the real token, sometimes not. */
export const authorizationFor = (token: string) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant(`Bearer ${token}`) },
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer ',
      `bearer ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -2)}`,
      'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
      `Bearer ${'a'.repeat(20_000)}`,
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((text) => `Bearer ${text}`),
  );

/** A query value: the odd constants and short strings of oddValue, and sometimes a long one (cheap to make). */
export const queryValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    2 ** 53 + 2,
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '0x10',
    'NaN',
    '１２３',
    '١٢٣',
    '\u0000',
    '\ufeff1',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.nat({ max: 20_000 }).map((length) => 'q'.repeat(length)),
);

/** Query strings: extra keys, repeated keys, broken percent escapes, prototype keys, long values. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.stringMatching(/^[a-zA-Z]{1,12}$/),
          fc.constantFrom('__proto__', 'constructor', 'limit', 'cursor', 'q', 'year', 'kind', 'a[b]', 'a[]'),
        ),
        queryValue,
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs
        .map(
          ([key, value]) =>
            `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
        )
        .join('&'),
    ),
  fc.constantFrom(
    '%',
    '%zz',
    'a=%E0%A4%A',
    '&&&',
    '=',
    'a=1&a=2&a=3',
    'limit=-1',
    'limit=1e9',
    'limit=0x10',
    '__proto__[polluted]=1',
    'constructor[prototype][x]=1',
  ),
);

/**
 * Names of query parameters no route declares: made up ones, prototype keys, the web app's own page parameters
 * (?redirect=, ?m=), tracking and cache-busting names a proxy or a page might add, bracket and blank names.
 */
export const unknownQueryName: fc.Arbitrary<string> = fc.oneof(
  // Letters and digits only: the refusal quotes the name, and text such as FST_ERR or ERR_XXXX in an answer is
  // what the fuzz reads as leaked internals.
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,15}$/).map((name) => `unexpected${name}`) },
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'redirect',
    'm',
    'next',
    'origin',
    '_',
    'v',
    't',
    'callback',
    'utm_source',
    'fbclid',
    'a[b]',
    'a[]',
    '',
    ' ',
    '%',
    'Query',
  ),
);

/** A path parameter: empty-ish, odd, long or encoded. */
export const pathParameter: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom('0', '-1', 'null', 'undefined', '..', '%2e%2e', '__proto__', 'constructor', ' ', '١٢٣', '<script>'),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.nat({ max: 5_000 }).map((n) => 'p'.repeat(n + 1)),
);

// ---- Input the database cannot store (issue 19) ----

/**
 * The classes of schema-shaped input a database refuses or cannot hold: a lone UTF-16 surrogate or a NUL
 * character in any text (PostgreSQL refuses NUL in text and jsonb, and a lone surrogate in jsonb), a date
 * outside any sane range or not on the calendar, a number past what cents or a bigint hold.
 */
export type UnstorableClass = 'loneSurrogate' | 'nul' | 'farDate' | 'hugeNumber' | 'hiddenCharacter';

/** Control characters and text-direction marks: refused in text the app shows back (api/contract/shownText.ts). */
export const hiddenCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0x01, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    '\u0007',
    '\u001b',
    '\u061c',
    '\u200e',
    '\u200f',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ),
);

interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
  /** The leaf is an object key (a record's key), not a value. */
  key?: boolean;
}

const typeOfJson = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

/** The choice of a union the value was made from (best effort: the first whose type fits). */
function choiceFor(schema: JsonSchema, value: unknown): JsonSchema | undefined {
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(choices)) return schema;
  const type = typeOfJson(value);
  return choices.find(
    (choice) => choice.type === type || (type === 'integer' && choice.type === 'number') || (choice.anyOf ?? choice.oneOf) !== undefined,
  );
}

/** Every text and number leaf of a value made by validValue(schema), with the schema it was made from. */
function leavesOf(schema: JsonSchema, value: unknown, path: (string | number)[] = [], depth = 0): Leaf[] {
  const own = choiceFor(schema, value);
  if (!own || depth > 12) return [];
  if (own !== schema) return leavesOf(own, value, path, depth + 1);
  if (typeof value === 'string' || typeof value === 'number')
    return 'const' in schema || Array.isArray(schema.enum) ? [] : [{ path, schema }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(asSchema(schema.items), item, [...path, i], depth + 1));
  if (value && typeof value === 'object') {
    const properties = asSchema(schema.properties);
    const record = schema.patternProperties
      ? asSchema(Object.values(asSchema(schema.patternProperties))[0])
      : asSchema(schema.additionalProperties);
    return Object.entries(value).flatMap(([key, item]) => {
      if (key in properties) return leavesOf(asSchema(properties[key]), item, [...path, key], depth + 1);
      return [{ path: [...path, key], schema: { type: 'string' }, key: true }, ...leavesOf(record, item, [...path, key], depth + 1)];
    });
  }
  return [];
}

const FAR_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1000-06-15',
  '1899-12-31',
  '2200-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-02-31',
  '2026-04-31',
  '2025-02-29',
];
const FAR_MOMENTS = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '1000-01-01T12:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999+14:00',
  '2200-01-01T00:00:00Z',
  '1899-12-31T23:59:59-05:00',
];
const HUGE_NUMBERS = [
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53 + 2,
  9.2e18,
  9.3e18,
  1e21,
  1e100,
  1e308,
  -(2 ** 53 + 2),
  -9.3e18,
  -1e308,
  1e15 + 0.5,
  92233720368547.77,
];
const HUGE_DECIMALS = ['999999999999.99', '-999999999999.99', '92233720368547758.07', '100000000000000', '0.000000000000000001'];

/** A hostile value of the leaf's own shape: what the class puts there. */
function unstorableFor(leaf: Leaf, current: unknown): fc.Arbitrary<{ value: unknown; kind: UnstorableClass }> {
  const text = typeof current === 'string' ? current : '';
  const spliced = (insert: fc.Arbitrary<string>, kind: UnstorableClass) =>
    fc.tuple(fc.nat({ max: text.length }), insert).map(([at, piece]) => ({ value: text.slice(0, at) + piece + text.slice(at), kind }));
  const inText = fc.oneof(
    {
      weight: 3,
      arbitrary: spliced(
        fc
          .oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff }))
          .map((unit) => String.fromCharCode(unit)),
        'loneSurrogate',
      ),
    },
    // A low surrogate before a high one is two lone surrogates, not a pair.
    { weight: 1, arbitrary: spliced(fc.constant('\udc00\ud800'), 'loneSurrogate') },
    { weight: 1, arbitrary: spliced(fc.constant('\u0000'), 'nul') },
  );
  const { schema } = leaf;
  if (!leaf.key && schema.format === 'shown-text')
    return fc.oneof({ weight: 3, arbitrary: spliced(hiddenCharacter, 'hiddenCharacter') }, { weight: 1, arbitrary: inText });
  if (leaf.key || typeof current === 'string') {
    if (!leaf.key && schema.format === 'date-time')
      return fc.oneof(
        fc.constantFrom(...FAR_MOMENTS).map((value) => ({ value, kind: 'farDate' as const })),
        inText,
      );
    if (
      !leaf.key &&
      (schema.format === 'date' || (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}')))
    ) {
      return fc.oneof(
        fc.constantFrom(...FAR_DATES).map((value) => ({ value, kind: 'farDate' as const })),
        inText,
      );
    }
    if (!leaf.key && typeof schema.pattern === 'string' && /\\d\{1,\d+\}/.test(schema.pattern)) {
      return fc.oneof(
        fc.constantFrom(...HUGE_DECIMALS).map((value) => ({ value, kind: 'hugeNumber' as const })),
        inText,
      );
    }
    return inText;
  }
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const fits = HUGE_NUMBERS.filter((n) => n >= min && n <= max && (schema.type !== 'integer' || Number.isInteger(n)));
  return fc
    .constantFrom(...(fits.length > 0 ? fits : [max === Infinity ? 1e308 : max]))
    .map((value) => ({ value, kind: 'hugeNumber' as const }));
}

function replaced(value: unknown, leaf: Leaf, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of leaf.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = leaf.path[leaf.path.length - 1];
  if (leaf.key) {
    const item = parent[last];
    delete parent[last];
    parent[String(next)] = item;
  } else {
    parent[last] = next;
  }
  return copy;
}

/**
 * A value valid by `schema` (as validValue makes them) with one text or number leaf, or one record key, made
 * unstorable; null when the value has no such leaf.
 */
export function withUnstorableLeaf(schema: JsonSchema, value: unknown): fc.Arbitrary<{ value: unknown; kind: UnstorableClass } | null> {
  const leaves = value === undefined ? [] : leavesOf(schema, value);
  if (leaves.length === 0) return fc.constant(null);
  return fc.nat({ max: leaves.length - 1 }).chain((i) => {
    const leaf = leaves[i];
    const current = leaf.key
      ? leaf.path[leaf.path.length - 1]
      : leaf.path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
    return unstorableFor(leaf, current).map(({ value: next, kind }) => ({ value: replaced(value, leaf, next), kind }));
  });
}
