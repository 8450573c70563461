import type { AddressCandidate, AddressPlace, AddressSuggestion } from '../../api/contract';
import { ADDRESS_MAX_LENGTH, normaliseAddressText } from '../../api/contract';
import { liveGooglePlaces, liveSmartyStreets } from './addressLive';
import { sandboxPlaces, sandboxStreetAddress } from './addressSandbox';
import type { AddressServices, PlaceDetailsAnswer, PlacePrediction, StreetAddressCandidate } from './addressServiceTypes';

export * from './addressServiceTypes';

// The two address services of funding-methods.md 7.6, behind seams. Both implementations speak the
// vendors' own wire shapes (Smarty's US Street API, Google's Places API), so the mapping below is the
// same code in the sandbox and live, and the sandbox tests exercise it.

/**
 * The environment variables that turn each service live; each stays in its sandbox until its keys are set.
 * Keys stay on the server: the browser only ever calls our /api/address/... routes.
 */
export interface AddressServiceEnvironment {
  SMARTY_AUTH_ID?: string;
  SMARTY_AUTH_TOKEN?: string;
  /** Smarty's license query parameter (e.g. us-core-cloud); optional. */
  SMARTY_LICENSE?: string;
  /** A server-side Google Maps Platform key with the Places API (New) enabled. */
  GOOGLE_PLACES_API_KEY?: string;
}

export function addressServicesFromEnvironment(env: AddressServiceEnvironment, fetchImpl: typeof fetch = fetch): AddressServices {
  const verification =
    env.SMARTY_AUTH_ID && env.SMARTY_AUTH_TOKEN
      ? liveSmartyStreets({
          authId: env.SMARTY_AUTH_ID,
          authToken: env.SMARTY_AUTH_TOKEN,
          license: env.SMARTY_LICENSE || null,
          fetch: fetchImpl,
        })
      : sandboxStreetAddress;
  const places = env.GOOGLE_PLACES_API_KEY ? liveGooglePlaces({ apiKey: env.GOOGLE_PLACES_API_KEY, fetch: fetchImpl }) : sandboxPlaces;
  return { verification, places };
}

export const sandboxAddressServices = (): AddressServices => ({ verification: sandboxStreetAddress, places: sandboxPlaces });

// ---- mapping vendor answers to the contract ----

const text = (value: string | undefined | null) => normaliseAddressText(value ?? '');
const orNull = (value: string | undefined | null) => (text(value) === '' ? null : text(value));

/** "AABBN1" → ["AA", "BB", "N1"] */
export const splitFootnotes = (footnotes: string | undefined) =>
  (
    text(footnotes)
      .toUpperCase()
      .match(/[A-Z0-9]{2}/g) ?? []
  ).slice(0, 12);

/**
 * A Smarty candidate in our shape: the delivery line split into street and unit. A candidate whose street or
 * city does not fit our 30-character fields is left out (null): the customer could not keep it anyway.
 */
export function toAddressCandidate(raw: StreetAddressCandidate): AddressCandidate | null {
  const c = raw.components ?? {};
  const deliveryLine1 = text(raw.delivery_line_1);
  const designator = orNull(c.secondary_designator);
  const number = orNull(c.secondary_number);
  let street = deliveryLine1;
  let unit: string | null = null;
  if (number) {
    const suffix = designator ? `${designator} ${number}` : `# ${number}`;
    if (street.toUpperCase().endsWith(` ${suffix.toUpperCase()}`)) street = street.slice(0, -suffix.length - 1);
    unit = suffix;
  }
  const city = text(c.city_name);
  const state = text(c.state_abbreviation).toUpperCase();
  const zipcode = text(c.zipcode);
  if (street === '' || street.length > ADDRESS_MAX_LENGTH || city === '' || city.length > ADDRESS_MAX_LENGTH) return null;
  if (!/^[A-Z]{2}$/.test(state) || !/^\d{5}$/.test(zipcode)) return null;
  const rdi = raw.metadata?.rdi === 'Residential' || raw.metadata?.rdi === 'Commercial' ? raw.metadata.rdi : null;
  return {
    deliveryLine1,
    deliveryLine2: orNull(raw.delivery_line_2),
    lastLine: text(raw.last_line),
    city,
    state,
    zipcode,
    plus4Code: orNull(c.plus4_code),
    secondaryDesignator: designator,
    secondaryNumber: number,
    recordType: orNull(raw.metadata?.record_type),
    rdi,
    dpvMatchCode: orNull(raw.analysis?.dpv_match_code),
    dpvFootnotes: splitFootnotes(raw.analysis?.dpv_footnotes),
    cmra: raw.analysis?.dpv_cmra === 'Y',
    address: { address1: street, address2: unit && unit.length <= ADDRESS_MAX_LENGTH ? unit : null, city, state, zipcode, country: 'USA' },
  };
}

export function toSuggestion(prediction: PlacePrediction): AddressSuggestion {
  const description = text(prediction.text?.text);
  const mainText = text(prediction.structuredFormat?.mainText?.text) || description.split(',')[0];
  const secondaryText = text(prediction.structuredFormat?.secondaryText?.text) || description.split(',').slice(1).join(',').trim();
  return { placeId: prediction.placeId, description, mainText, secondaryText };
}

/** The formatted address detail of a place, each part or null. */
export function toPlace(details: PlaceDetailsAnswer): AddressPlace {
  const components = details.addressComponents ?? [];
  const part = (type: string, form: 'longText' | 'shortText' = 'longText') =>
    orNull(components.find((component) => component.types.includes(type))?.[form]);
  return {
    placeId: details.id,
    formattedAddress: text(details.formattedAddress),
    streetNumber: part('street_number'),
    route: part('route', 'shortText'),
    secondary: part('subpremise'),
    // New York's boroughs come as sublocalities, with no locality.
    city: part('locality') ?? part('postal_town') ?? part('sublocality_level_1'),
    state: part('administrative_area_level_1', 'shortText'),
    zipcode: part('postal_code'),
    country: part('country', 'shortText'),
  };
}
