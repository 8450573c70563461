import { Type, type Static } from '@sinclair/typebox';
import { Obj, StringEnum } from './common';
import { Address } from './funding';

// Address capture (funding-methods.md 2.11, 3.3, 4.8, 7.6). The browser talks only to our server; the
// server calls the maps places service (autocomplete) and the address-verification service with its own
// keys, so no vendor key reaches the browser. The customer's address fields are the `Address` of
// funding.ts (address1, address2, city, state, zipcode, country USA).

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- autocomplete (maps places service) ----

/** A POST, not a GET: what the customer types is personal data and stays out of URLs and access logs. */
export const AddressAutocompleteRequest = Obj({
  query: Type.String({ minLength: 1, maxLength: 100 }),
});
export type AddressAutocompleteRequest = Static<typeof AddressAutocompleteRequest>;

export const AddressSuggestion = Obj({
  /** The places service's id, for the details call. */
  placeId: Type.String({ minLength: 1, maxLength: 300 }),
  /** The whole line, e.g. "350 5th Ave, New York, NY 10118, USA". */
  description: Type.String(),
  /** Street part, e.g. "350 5th Ave". */
  mainText: Type.String(),
  /** The rest, e.g. "New York, NY 10118, USA". */
  secondaryText: Type.String(),
});
export type AddressSuggestion = Static<typeof AddressSuggestion>;

export const AddressAutocompleteResponse = Obj({
  /** At most 5 (AUTOCOMPLETE_MAX_SUGGESTIONS), US addresses only. */
  suggestions: Type.Array(AddressSuggestion, { maxItems: 5 }),
});
export type AddressAutocompleteResponse = Static<typeof AddressAutocompleteResponse>;

/** The formatted address detail of a place; any part may be missing (a street, a city or a region has no number). */
export const AddressPlace = Obj({
  placeId: Type.String(),
  formattedAddress: Type.String(),
  streetNumber: Nullable(Type.String()),
  /** Street name, e.g. "5th Ave". */
  route: Nullable(Type.String()),
  /** Unit, e.g. "Apt 4" (the places service's subpremise), when the place has one. */
  secondary: Nullable(Type.String()),
  city: Nullable(Type.String()),
  /** Two-letter code, e.g. "NY". */
  state: Nullable(Type.String()),
  zipcode: Nullable(Type.String()),
  /** ISO 3166 alpha-2 code, e.g. "US". */
  country: Nullable(Type.String()),
});
export type AddressPlace = Static<typeof AddressPlace>;

export const AddressPlaceResponse = Obj({ place: AddressPlace });
export type AddressPlaceResponse = Static<typeof AddressPlaceResponse>;

// ---- verification (GET street-address with candidates=10, match=invalid) ----

/** The address as typed (or as the chosen place gave it). */
export const AddressVerifyRequest = Address;
export type AddressVerifyRequest = Static<typeof AddressVerifyRequest>;

export const RESIDENTIAL_DELIVERY_INDICATORS = ['Residential', 'Commercial'] as const;

/** One candidate of the verification service (section 3.3), with the fields of ours it maps to. */
export const AddressCandidate = Obj({
  /** Delivery line, e.g. "350 5th Ave Apt 4". */
  deliveryLine1: Type.String(),
  /** Second line (rare: a firm or a PMB line). */
  deliveryLine2: Nullable(Type.String()),
  /** "New York NY 10118-0110" */
  lastLine: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipcode: Type.String(),
  plus4Code: Nullable(Type.String()),
  /** Components: the unit designator and number, e.g. "Apt" and "4". */
  secondaryDesignator: Nullable(Type.String()),
  secondaryNumber: Nullable(Type.String()),
  /** Metadata record type: S street, H high-rise, P post office box, R rural route, G general delivery, F firm. */
  recordType: Nullable(Type.String()),
  /** Metadata rdi: the residential delivery indicator. */
  rdi: Type.Union([StringEnum(RESIDENTIAL_DELIVERY_INDICATORS), Type.Null()]),
  /** Analysis dpv_match_code: Y confirmed, S secondary not confirmed, D secondary missing, N not confirmed. */
  dpvMatchCode: Nullable(Type.String()),
  /** Analysis dpv_footnotes split into their two-character codes (AA, A1, BB, CC, M1, M3, N1, P1, P3, ...). */
  dpvFootnotes: Type.Array(Type.String({ pattern: '^[A-Z0-9]{2}$' })),
  /** Analysis dpv_cmra: a commercial mail-receiving agency (a mailbox shop). */
  cmra: Type.Boolean(),
  /** The candidate in our address fields (delivery line split into street and unit). */
  address: Address,
});
export type AddressCandidate = Static<typeof AddressCandidate>;

export const AddressVerifyResponse = Obj({
  /** Up to 10 (candidates=10). With match=invalid, an address that does not verify still comes back, standardised. */
  candidates: Type.Array(AddressCandidate, { maxItems: 10 }),
});
export type AddressVerifyResponse = Static<typeof AddressVerifyResponse>;

// ---- the customer's address on file (profile) ----

export const ProfileAddressResponse = Obj({ address: Type.Union([Address, Type.Null()]) });
export type ProfileAddressResponse = Static<typeof ProfileAddressResponse>;

export const AddressPlaceParams = Obj({ placeId: Type.String({ minLength: 1, maxLength: 300 }) });
export type AddressPlaceParams = Static<typeof AddressPlaceParams>;
