import type { ProviderMode } from '../../api/contract';

// Seams of the two address services (funding-methods.md 7.6), in the vendors' own wire shapes: Smarty's
// US Street API for verification, Google's Places API (New) for autocomplete.

/** GET street-address: street, secondary, city, zipcode (and state), candidates=10, match=invalid. */
export interface StreetAddressQuery {
  street: string;
  secondary: string;
  city: string;
  state: string;
  zipcode: string;
  candidates: number;
  match: 'invalid';
}

/** One candidate as Smarty's US Street API answers it (only the fields we read). */
export interface StreetAddressCandidate {
  input_index?: number;
  candidate_index?: number;
  delivery_line_1: string;
  delivery_line_2?: string;
  last_line: string;
  components: {
    primary_number?: string;
    street_predirection?: string;
    street_name?: string;
    street_suffix?: string;
    street_postdirection?: string;
    secondary_designator?: string;
    secondary_number?: string;
    city_name?: string;
    state_abbreviation?: string;
    zipcode?: string;
    plus4_code?: string;
  };
  metadata: { record_type?: string; rdi?: string; zip_type?: string };
  analysis: { dpv_match_code?: string; dpv_footnotes?: string; dpv_cmra?: string; dpv_vacant?: string; footnotes?: string };
}

/** The verification service failed (network, time-out, 5xx, refused keys): the typed address is used. */
export class AddressServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressServiceError';
  }
}

export interface AddressVerificationService {
  readonly mode: ProviderMode;
  /** Throws AddressServiceError when the service cannot answer. */
  streetAddress: (query: StreetAddressQuery) => Promise<StreetAddressCandidate[]>;
}

/** Google Places API (New) shapes, only the fields we read. */
export interface PlacePrediction {
  placeId: string;
  text: { text: string };
  structuredFormat?: { mainText?: { text: string }; secondaryText?: { text: string } };
}
export interface PlacesAutocompleteAnswer {
  suggestions?: Array<{ placePrediction?: PlacePrediction }>;
}
export interface PlaceAddressComponent {
  longText: string;
  shortText: string;
  types: string[];
}
export interface PlaceDetailsAnswer {
  id: string;
  formattedAddress?: string;
  addressComponents?: PlaceAddressComponent[];
}

export interface PlacesService {
  readonly mode: ProviderMode;
  /** Autocomplete restricted to one region (our app: 'us'). Throws AddressServiceError when it cannot answer. */
  autocomplete: (input: string, regionCode: string) => Promise<PlacesAutocompleteAnswer>;
  /** null when the place is unknown. */
  placeDetails: (placeId: string) => Promise<PlaceDetailsAnswer | null>;
}

export interface AddressServices {
  verification: AddressVerificationService;
  places: PlacesService;
}
