import { createHash } from 'node:crypto';
import { isPoBoxLine, normaliseAddressText } from '../../api/contract';
import {
  AddressServiceError,
  type AddressVerificationService,
  type PlaceAddressComponent,
  type PlaceDetailsAnswer,
  type PlacesService,
  type StreetAddressCandidate,
  type StreetAddressQuery,
} from './addressServiceTypes';
import {
  SANDBOX_PARTIAL_PLACES,
  SANDBOX_PO_BOX_MAX,
  SANDBOX_POST_OFFICES,
  sandboxAddressRows,
  type SandboxAddressRow,
  type SandboxPlaceRow,
} from './addressSandboxData';

// Sandbox address services over the bundled US addresses (addressSandboxData.ts), answering in the vendors'
// own shapes the way their test modes do:
// - verification (Smarty's US Street API with candidates=10, match=invalid): a known address comes back
//   standardised and confirmed (dpv Y, footnotes AABB); a street typed without its direction gives every
//   street it could be; a high-rise without a unit is N1, a number not on a known street M3 (M1 without a
//   number); P.O. boxes 1-9999 exist at the post offices' ZIP codes (P1 without a number, P3 out of range);
//   anything else still comes back (match=invalid), standardised but unconfirmed (footnote A1).
// - the ZIP code 00000 makes the verification service fail, so the typed address is used.
// - places autocomplete (Google's Places API): up to 5 predictions restricted to the region asked for;
//   some places are not full addresses (a street, a city, a park) and some are outside the US.

/** The ZIP code that makes the sandbox verification service fail (documented in docs/sandbox.md). */
export const SANDBOX_VERIFICATION_DOWN_ZIP = '00000';

const SUFFIXES: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  TERRACE: 'TER',
  PARKWAY: 'PKWY',
  HIGHWAY: 'HWY',
  CIRCLE: 'CIR',
  PLAZA: 'PLZ',
  GREEN: 'GRN',
  SQUARE: 'SQ',
  TRAIL: 'TRL',
};
const DIRECTIONS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};
/** USPS writes numbered streets with figures: Fifth Avenue → 5th Ave. */
const ORDINALS: Record<string, string> = {
  FIRST: '1ST',
  SECOND: '2ND',
  THIRD: '3RD',
  FOURTH: '4TH',
  FIFTH: '5TH',
  SIXTH: '6TH',
  SEVENTH: '7TH',
  EIGHTH: '8TH',
  NINTH: '9TH',
  TENTH: '10TH',
};
const SUFFIX_ABBREVIATIONS = new Set(Object.values(SUFFIXES));
const DIRECTION_ABBREVIATIONS = new Set(Object.values(DIRECTIONS));
const EXPANSIONS: Record<string, string> = Object.fromEntries(
  Object.entries({ ...SUFFIXES, ...DIRECTIONS }).map(([long, short]) => [short, long]),
);

/** Upper-case tokens with USPS abbreviations: "500 west Main Street" → ["500", "W", "MAIN", "ST"]. */
function streetTokens(line: string): string[] {
  return normaliseAddressText(line.replace(/[.,]/g, ' '))
    .toUpperCase()
    .split(' ')
    .filter(Boolean)
    .map((token) => SUFFIXES[token] ?? DIRECTIONS[token] ?? ORDINALS[token] ?? token);
}

/** How Smarty writes a standardised line: "500 W Main St", "4118 Wallingford Ave N", "2156 N Lincoln Park W". */
function formatTokens(tokens: string[]): string {
  return tokens
    .map((token) => {
      if (DIRECTION_ABBREVIATIONS.has(token)) return token;
      if (/^\d/.test(token)) return token.toLowerCase();
      return token.charAt(0) + token.slice(1).toLowerCase();
    })
    .join(' ');
}

const sameText = (a: string, b: string) => normaliseAddressText(a).toUpperCase() === normaliseAddressText(b).toUpperCase();

interface BookEntry {
  row: SandboxAddressRow;
  key: string;
  number: string;
  /** The street name without number, directions and suffix: what a loose match compares. */
  nameCore: string;
  plus4: string;
}

const digits = (seed: string, length: number) => {
  const hash = createHash('sha256').update(seed).digest();
  return Array.from(hash.subarray(0, length), (byte) => String(byte % 10)).join('');
};

function bookEntry(row: SandboxAddressRow): BookEntry {
  const tokens = streetTokens(row.line);
  const [number, ...rest] = tokens;
  const nameCore = rest.filter((token) => !DIRECTION_ABBREVIATIONS.has(token) && !SUFFIX_ABBREVIATIONS.has(token)).join(' ');
  return { row, key: tokens.join(' '), number, nameCore, plus4: digits(`${row.line}|${row.zip}`, 4) };
}

let book: BookEntry[] | null = null;
const addressBook = () => (book ??= sandboxAddressRows().map(bookEntry));

/** "Apt 12B", "#12B", "unit 310", "12B" → designator and number. */
function parseSecondary(secondary: string): { designator: string | null; number: string } | null {
  const text = normaliseAddressText(secondary.replace(/#/g, ' # ')).toUpperCase();
  if (text === '') return null;
  const match = /^(APT|APARTMENT|UNIT|STE|SUITE|PMB|FL|FLOOR|RM|ROOM|#)?\s*#?\s*([A-Z0-9-]+)$/.exec(text);
  if (!match) return { designator: null, number: text };
  const designators: Record<string, string> = {
    APT: 'Apt',
    APARTMENT: 'Apt',
    UNIT: 'Unit',
    STE: 'Ste',
    SUITE: 'Ste',
    PMB: 'PMB',
    FL: 'Fl',
    FLOOR: 'Fl',
    RM: 'Rm',
    ROOM: 'Rm',
  };
  return { designator: match[1] && match[1] !== '#' ? designators[match[1]] : null, number: match[2] };
}

interface CandidateParts {
  line: string;
  city: string;
  state: string;
  zip: string;
  plus4: string | null;
  secondary: { designator: string; number: string } | null;
  recordType: string;
  rdi: 'Residential' | 'Commercial' | '';
  dpvMatchCode: string;
  footnotes: string;
  cmra: boolean;
}

function smartyCandidate(parts: CandidateParts, index: number): StreetAddressCandidate {
  const tokens = parts.line.split(' ');
  const deliveryLine1 = parts.secondary ? `${parts.line} ${parts.secondary.designator} ${parts.secondary.number}` : parts.line;
  return {
    input_index: 0,
    candidate_index: index,
    delivery_line_1: deliveryLine1,
    last_line: `${parts.city} ${parts.state} ${parts.zip}${parts.plus4 ? `-${parts.plus4}` : ''}`,
    components: {
      primary_number: /^\d/.test(tokens[0]) ? tokens[0] : undefined,
      street_name: tokens.slice(1).join(' ') || undefined,
      secondary_designator: parts.secondary?.designator,
      secondary_number: parts.secondary?.number,
      city_name: parts.city,
      state_abbreviation: parts.state,
      zipcode: parts.zip,
      plus4_code: parts.plus4 ?? undefined,
    },
    metadata: { record_type: parts.recordType || undefined, rdi: parts.rdi || undefined, zip_type: 'Standard' },
    analysis: {
      dpv_match_code: parts.dpvMatchCode || undefined,
      dpv_footnotes: parts.footnotes || undefined,
      dpv_cmra: parts.cmra ? 'Y' : 'N',
      dpv_vacant: 'N',
    },
  };
}

/** A known address, with the unit the customer typed judged against the building's units. */
function knownCandidate(entry: BookEntry, secondary: string): Omit<CandidateParts, never> {
  const { row } = entry;
  const typedUnit = parseSecondary(secondary);
  const base = {
    line: row.line,
    city: row.city,
    state: row.state,
    zip: row.zip,
    plus4: entry.plus4,
    rdi: row.kind === 'home' || row.kind === 'highRise' ? ('Residential' as const) : ('Commercial' as const),
    recordType: row.kind === 'highRise' ? 'H' : 'S',
    cmra: row.kind === 'cmra',
  };
  if (row.kind === 'highRise' || row.kind === 'cmra') {
    const units = row.units!;
    if (!typedUnit) {
      return row.kind === 'highRise'
        ? { ...base, secondary: null, dpvMatchCode: 'D', footnotes: 'AAN1' }
        : { ...base, secondary: null, dpvMatchCode: 'Y', footnotes: 'AABBR1' };
    }
    const known = units.numbers.includes(typedUnit.number);
    const unit = { designator: typedUnit.designator ?? units.designator, number: typedUnit.number };
    if (row.kind === 'cmra') return { ...base, secondary: unit, dpvMatchCode: 'Y', footnotes: known ? 'AABBRR' : 'AACCRR' };
    return { ...base, secondary: unit, dpvMatchCode: known ? 'Y' : 'S', footnotes: known ? 'AABB' : 'AACC' };
  }
  if (typedUnit) {
    // A house or an office does not need a unit; the one typed is kept but not confirmed.
    return {
      ...base,
      secondary: { designator: typedUnit.designator ?? 'Unit', number: typedUnit.number },
      dpvMatchCode: 'S',
      footnotes: 'AACC',
    };
  }
  return { ...base, secondary: null, dpvMatchCode: 'Y', footnotes: 'AABB' };
}

function poBoxCandidates(query: StreetAddressQuery): CandidateParts[] | null {
  const office =
    SANDBOX_POST_OFFICES.find((candidate) => candidate.zip === query.zipcode) ??
    SANDBOX_POST_OFFICES.find((candidate) => sameText(candidate.city, query.city) && sameText(candidate.state, query.state));
  if (!office) return null;
  const boxNumber = /(\d+)\s*$/.exec(query.street)?.[1] ?? null;
  const base = {
    city: office.city,
    state: office.state,
    zip: office.zip,
    secondary: null,
    recordType: 'P',
    rdi: 'Commercial' as const,
    cmra: false,
  };
  if (boxNumber === null) return [{ ...base, line: 'PO Box', plus4: null, dpvMatchCode: 'N', footnotes: 'AAP1' }];
  const box = Number(boxNumber);
  if (box < 1 || box > SANDBOX_PO_BOX_MAX)
    return [{ ...base, line: `PO Box ${boxNumber}`, plus4: null, dpvMatchCode: 'N', footnotes: 'AAP3' }];
  return [{ ...base, line: `PO Box ${box}`, plus4: digits(`box${box}|${office.zip}`, 4), dpvMatchCode: 'Y', footnotes: 'AABB' }];
}

/** What match=invalid gives back for an address it cannot confirm: the input, standardised. */
function unconfirmed(query: StreetAddressQuery, footnotes: string, line = formatTokens(streetTokens(query.street))): CandidateParts {
  const unit = parseSecondary(query.secondary);
  return {
    line,
    city: normaliseAddressText(query.city).replace(/\b\w/g, (c) => c.toUpperCase()),
    state: normaliseAddressText(query.state).toUpperCase(),
    zip: normaliseAddressText(query.zipcode),
    plus4: null,
    secondary: unit ? { designator: unit.designator ?? 'Unit', number: unit.number } : null,
    recordType: '',
    rdi: '',
    dpvMatchCode: footnotes.includes('A1') ? '' : 'N',
    footnotes,
    cmra: false,
  };
}

function verify(query: StreetAddressQuery): CandidateParts[] {
  if (isPoBoxLine(query.street)) return poBoxCandidates(query) ?? [unconfirmed(query, 'A1')];
  const tokens = streetTokens(query.street);
  const typedKey = tokens.join(' ');
  const typedNumber = /^\d+[A-Z]?$/.test(tokens[0] ?? '') ? tokens[0] : null;
  const typedCore = tokens
    .slice(typedNumber ? 1 : 0)
    .filter((token) => !DIRECTION_ABBREVIATIONS.has(token) && !SUFFIX_ABBREVIATIONS.has(token))
    .join(' ');
  const nearby = addressBook().filter(
    (entry) => entry.row.zip === query.zipcode || (sameText(entry.row.city, query.city) && sameText(entry.row.state, query.state)),
  );
  const exact = nearby.filter((entry) => entry.key === typedKey);
  const loose = exact.length > 0 ? exact : nearby.filter((entry) => entry.number === typedNumber && entry.nameCore === typedCore);
  if (loose.length > 0) return loose.map((entry) => knownCandidate(entry, query.secondary));
  // A known street with a number that is not on it (or no number): primary number invalid or missing.
  const street = nearby.find((entry) => entry.nameCore === typedCore);
  if (street) {
    const name = street.row.line.split(' ').slice(1).join(' ');
    return typedNumber
      ? [{ ...unconfirmed(query, 'AAM3', `${typedNumber} ${name}`), city: street.row.city, state: street.row.state, zip: street.row.zip }]
      : [{ ...unconfirmed(query, 'AAM1', name), city: street.row.city, state: street.row.state, zip: street.row.zip }];
  }
  return [unconfirmed(query, 'A1')];
}

export const sandboxStreetAddress: AddressVerificationService = {
  mode: 'sandbox',
  async streetAddress(query) {
    if (query.zipcode === SANDBOX_VERIFICATION_DOWN_ZIP)
      throw new AddressServiceError('The sandbox verification service is down for ZIP code 00000.');
    return verify(query)
      .slice(0, query.candidates)
      .map((parts, index) => smartyCandidate(parts, index));
  },
};

// ---- places ----

interface SandboxPlace {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
  country: string;
  components: PlaceAddressComponent[];
  /** Search tokens, with each abbreviation's long form too. */
  tokens: string[];
}

const component = (longText: string | null, types: string[], shortText = longText): PlaceAddressComponent[] =>
  longText ? [{ longText, shortText: shortText ?? longText, types }] : [];

const STATE_NAMES: Record<string, string> = {
  AK: 'Alaska',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  IA: 'Iowa',
  IL: 'Illinois',
  IN: 'Indiana',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  NC: 'North Carolina',
  NE: 'Nebraska',
  NJ: 'New Jersey',
  NY: 'New York',
  OH: 'Ohio',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

function placeId(description: string) {
  return `ChIJ${createHash('sha256').update(description).digest('base64url').slice(0, 23)}`;
}

function searchTokens(description: string): string[] {
  const tokens = streetTokens(description);
  return [...tokens, ...tokens.map((token) => EXPANSIONS[token]).filter((token): token is string => Boolean(token))];
}

function placeFromRow(row: SandboxAddressRow): SandboxPlace {
  const [number, ...rest] = row.line.split(' ');
  const description = `${row.line}, ${row.city}, ${row.state} ${row.zip}, USA`;
  return {
    placeId: placeId(description),
    description,
    mainText: row.line,
    secondaryText: `${row.city}, ${row.state} ${row.zip}, USA`,
    country: 'US',
    components: [
      ...component(number, ['street_number']),
      ...component(rest.join(' '), ['route']),
      ...component(row.city, ['locality', 'political']),
      ...component(STATE_NAMES[row.state] ?? row.state, ['administrative_area_level_1', 'political'], row.state),
      ...component('United States', ['country', 'political'], 'US'),
      ...component(row.zip, ['postal_code']),
    ],
    tokens: searchTokens(description),
  };
}

function placeFromPartial(row: SandboxPlaceRow): SandboxPlace {
  const [mainText, ...rest] = row.description.split(', ');
  return {
    placeId: placeId(row.description),
    description: row.description,
    mainText,
    secondaryText: rest.join(', '),
    country: row.country,
    components: [
      ...component(row.streetNumber, ['street_number']),
      ...component(row.route, ['route']),
      ...component(row.city, ['locality', 'political']),
      ...component(row.state, ['administrative_area_level_1', 'political']),
      ...component(row.country === 'US' ? 'United States' : row.country, ['country', 'political'], row.country),
      ...component(row.zipcode, ['postal_code']),
    ],
    tokens: searchTokens(row.description),
  };
}

let places: Map<string, SandboxPlace> | null = null;
function placeBook(): Map<string, SandboxPlace> {
  if (!places) {
    const all = [...sandboxAddressRows().map(placeFromRow), ...SANDBOX_PARTIAL_PLACES.map(placeFromPartial)];
    places = new Map(all.map((place) => [place.placeId, place]));
  }
  return places;
}

const SANDBOX_PREDICTIONS_MAX = 5;

export const sandboxPlaces: PlacesService = {
  mode: 'sandbox',
  async autocomplete(input, regionCode) {
    const query = streetTokens(input);
    if (query.length === 0) return { suggestions: [] };
    const matches = [...placeBook().values()]
      .filter((place) => place.country === regionCode.toUpperCase())
      .filter((place) => query.every((token) => place.tokens.some((candidate) => candidate.startsWith(token))))
      // House-number matches first, then the shorter (more specific) descriptions.
      .sort(
        (a, b) =>
          Number(!a.tokens[0].startsWith(query[0])) - Number(!b.tokens[0].startsWith(query[0])) ||
          a.description.length - b.description.length,
      )
      .slice(0, SANDBOX_PREDICTIONS_MAX);
    return {
      suggestions: matches.map((place) => ({
        placePrediction: {
          placeId: place.placeId,
          text: { text: place.description },
          structuredFormat: { mainText: { text: place.mainText }, secondaryText: { text: place.secondaryText } },
        },
      })),
    };
  },
  async placeDetails(id): Promise<PlaceDetailsAnswer | null> {
    const place = placeBook().get(id);
    return place ? { id: place.placeId, formattedAddress: place.description, addressComponents: place.components } : null;
  },
};
