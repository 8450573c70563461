import type { Address } from './funding';
import type { AddressCandidate, AddressPlace } from './address';

/**
 * Address rules (funding-methods.md 2.11, 4.8, 5, 7.6) as plain values and pure functions. The server
 * validates with them, the app's forms (Formik + yup) and its verification outcome use the same ones.
 */

export const ADDRESS_MAX_LENGTH = 30;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_MAX_SUGGESTIONS = 5;
/** Shorter queries are not sent to the places service (each call costs money and says little). */
export const AUTOCOMPLETE_MIN_QUERY_LENGTH = 3;
/** Autocomplete is restricted to US addresses. */
export const AUTOCOMPLETE_REGION = 'us';
/** The verification service call: candidates=10, match=invalid. */
export const VERIFICATION_MAX_CANDIDATES = 10;
export const VERIFICATION_MATCH = 'invalid';

export const AddressErrorCode = {
  INVALID: 'ADDRESS_INVALID',
  NOT_RESIDENTIAL: 'ADDRESS_NOT_RESIDENTIAL',
  VERIFICATION_UNAVAILABLE: 'ADDRESS_VERIFICATION_UNAVAILABLE',
  AUTOCOMPLETE_UNAVAILABLE: 'ADDRESS_AUTOCOMPLETE_UNAVAILABLE',
  PLACE_NOT_FOUND: 'ADDRESS_PLACE_NOT_FOUND',
} as const;
export type AddressErrorCode = (typeof AddressErrorCode)[keyof typeof AddressErrorCode];

/** The spec's texts word for word (2.11), and ours where it gives none. */
export const AddressCaptureMessages = {
  selectCandidate: 'Select the correct address.',
  notResidential: "We couldn't verify that this is a residential address.",
  useAnotherAddress: 'Use another address',
  reenterAddress: 'Re-enter this address',
  notProperTitle: 'Choose a full street address',
  notProper:
    'That result is not a complete address. Pick one with a street number, city, state and ZIP code, or enter your address manually.',
  needsApartment: "We couldn't confirm this address. Add your apartment, suite or unit number, or check the street number.",
  poBoxRefused: "A P.O. box can't be your home address. Please enter the address where you live.",
} as const;

export interface AddressDraft {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
}

export const emptyAddressDraft: AddressDraft = { address1: '', address2: '', city: '', state: '', zipcode: '' };

export const AddressMessages = {
  address1Required: 'Please enter your street address',
  cityRequired: 'Please enter your city',
  stateInvalid: 'Please enter a 2-letter state code',
  zipInvalid: 'Please enter a 5-digit ZIP code',
  tooLong: `Must be at most ${ADDRESS_MAX_LENGTH} characters`,
} as const;

/** Trimmed, runs of whitespace collapsed to one space. */
export const normaliseAddressText = (value: string) => value.trim().replace(/\s+/g, ' ');

/** What the state field keeps while typing: letters only, upper-cased, at most two. */
export const sanitiseStateInput = (value: string) =>
  value
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, 2);

/** What the zip field keeps while typing: digits only, at most five. */
export const sanitiseZipInput = (value: string) => value.replace(/\D/g, '').slice(0, 5);

export type AddressField = keyof AddressDraft;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The problem of one field (judged on the normalised text), or undefined. */
export function addressFieldError(field: AddressField, value: string): string | undefined {
  const text = normaliseAddressText(value);
  switch (field) {
    case 'address1':
      if (text === '') return AddressMessages.address1Required;
      return text.length > ADDRESS_MAX_LENGTH ? AddressMessages.tooLong : undefined;
    case 'address2':
      return text.length > ADDRESS_MAX_LENGTH ? AddressMessages.tooLong : undefined;
    case 'city':
      if (text === '') return AddressMessages.cityRequired;
      return text.length > ADDRESS_MAX_LENGTH ? AddressMessages.tooLong : undefined;
    case 'state':
      // ASCII letters before upper-casing: 'ß' or 'ﬀ' upper-case to two letters but are not a state.
      return /^[A-Za-z]{2}$/.test(text) ? undefined : AddressMessages.stateInvalid;
    case 'zipcode':
      return /^\d{5}$/.test(text) ? undefined : AddressMessages.zipInvalid;
  }
}

const FIELDS: readonly AddressField[] = ['address1', 'address2', 'city', 'state', 'zipcode'];

/** Problems per field; an empty object means the address is complete and valid. */
export function addressErrors(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of FIELDS) {
    const error = addressFieldError(field, draft[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** 'Address complete': every field except address2 present. */
export const isAddressComplete = (draft: AddressDraft) =>
  [draft.address1, draft.city, draft.state, draft.zipcode].every((value) => normaliseAddressText(value) !== '');

/** The wire shape: normalised text, upper-case state, country USA, an empty second line as null. */
export function toAddress(draft: AddressDraft): Address {
  const address2 = normaliseAddressText(draft.address2);
  return {
    address1: normaliseAddressText(draft.address1),
    address2: address2 === '' ? null : address2,
    city: normaliseAddressText(draft.city),
    state: normaliseAddressText(draft.state).toUpperCase(),
    zipcode: normaliseAddressText(draft.zipcode),
    country: 'USA',
  };
}

export const addressDraftFrom = (
  address: Pick<Address, 'address1' | 'city' | 'state' | 'zipcode'> & { address2?: string | null },
): AddressDraft => ({
  address1: address.address1,
  address2: address.address2 ?? '',
  city: address.city,
  state: address.state,
  zipcode: address.zipcode,
});

/** One line for people: "500 Market St, Apt 4, San Francisco, CA 94105". */
export const formatAddressLine = (address: Address) =>
  [address.address1, address.address2, `${address.city}, ${address.state} ${address.zipcode}`].filter(Boolean).join(', ');

// ---- places results (2.11, 5) ----

/**
 * 'A places result must give street, city, state and zip, otherwise a not-proper-address dialog appears.'
 * Street means a number and a street name; a place outside the US is not proper either. Returns the draft
 * (the form may still find it too long), or null for the not-proper-address dialog.
 */
export function placeToAddressDraft(place: AddressPlace): AddressDraft | null {
  const parts = [place.streetNumber, place.route, place.city, place.state, place.zipcode].map((part) => normaliseAddressText(part ?? ''));
  if (parts.some((part) => part === '')) return null;
  if (place.country !== null && place.country.toUpperCase() !== 'US') return null;
  const [streetNumber, route, city, state, zipcode] = parts;
  if (!/^\d{5}/.test(zipcode) || !/^[A-Za-z]{2}$/.test(state)) return null;
  return {
    address1: `${streetNumber} ${route}`,
    address2: normaliseAddressText(place.secondary ?? ''),
    city,
    state: state.toUpperCase(),
    zipcode: zipcode.slice(0, 5),
  };
}

// ---- verification outcome (4.8) ----

/**
 * The delivery-point footnotes that make a single candidate non-residential (4.8): PO box invalid, PO box
 * missing, primary number invalid, primary number missing, primary number required. USPS has no footnote
 * literally named "primary number required"; N1 (the building needs a unit number) is the one that requires
 * a number the customer did not give, and the spec's next rule (focus the apartment field) fits it.
 */
export const NON_RESIDENTIAL_FOOTNOTES = {
  poBoxInvalid: 'P3',
  poBoxMissing: 'P1',
  primaryNumberInvalid: 'M3',
  primaryNumberMissing: 'M1',
  primaryNumberRequired: 'N1',
} as const;
const NON_RESIDENTIAL_CODES: readonly string[] = Object.values(NON_RESIDENTIAL_FOOTNOTES);

/** "PO Box 12", "P.O. Box 12", "Post Office Box 12", "POB 12". */
export const isPoBoxLine = (line: string) =>
  /^\s*(p\.?\s*o\.?\s*b(ox)?\.?|post\s+office\s+box)\b/i.test(line) || /^\s*p\.?\s*o\.?\s+\d/i.test(line);

export const isPoBoxCandidate = (candidate: Pick<AddressCandidate, 'recordType' | 'deliveryLine1'>) =>
  candidate.recordType === 'P' || isPoBoxLine(candidate.deliveryLine1);

export const hasNonResidentialFootnote = (candidate: Pick<AddressCandidate, 'dpvFootnotes'>) =>
  candidate.dpvFootnotes.some((code) => NON_RESIDENTIAL_CODES.includes(code));

/** 'A candidate that is a PO box, or that has any of these footnotes, is treated as non-residential.' */
export const isNonResidentialCandidate = (candidate: Pick<AddressCandidate, 'recordType' | 'deliveryLine1' | 'dpvFootnotes'>) =>
  isPoBoxCandidate(candidate) || hasNonResidentialFootnote(candidate);

/** Compared as people read it: case, spacing and the punctuation . and , do not count; abbreviations do. */
const comparable = (value: string | null | undefined) => normaliseAddressText((value ?? '').replace(/[.,]/g, ' ')).toUpperCase();

/** 'Exactly matches the typed one (delivery line, city, state, zip)'. */
export function candidateMatchesTyped(candidate: AddressCandidate, typed: Address): boolean {
  const typedLine = comparable([typed.address1, typed.address2].filter(Boolean).join(' '));
  return (
    comparable(candidate.deliveryLine1) === typedLine &&
    comparable(candidate.city) === comparable(typed.city) &&
    comparable(candidate.state) === comparable(typed.state) &&
    comparable(candidate.zipcode).slice(0, 5) === comparable(typed.zipcode)
  );
}

export type AddressVerificationOutcome =
  /** Use this address. verified: false when the service failed or found nothing, so the typed address is used. */
  | { kind: 'accepted'; address: Address; verified: boolean }
  /** The candidate picker: 'Select the correct address.' */
  | { kind: 'pick'; candidates: AddressCandidate[] }
  /** The not-residential dialog. */
  | { kind: 'notResidential'; candidate: AddressCandidate | null }
  /** Non-residential without an apartment line: the apartment field gets focus. */
  | { kind: 'needsApartment'; candidate: AddressCandidate };

/**
 * What a chosen candidate leads to. A PO box is never a home, so it goes to the dialog at once; for the
 * footnotes, an apartment line may be what is missing, so without one the apartment field gets focus.
 */
export function judgeCandidate(candidate: AddressCandidate, typed: Address): AddressVerificationOutcome {
  if (!isNonResidentialCandidate(candidate)) return { kind: 'accepted', address: candidate.address, verified: true };
  if (isPoBoxCandidate(candidate) || typed.address2) return { kind: 'notResidential', candidate };
  return { kind: 'needsApartment', candidate };
}

/** The customer keeps the address as typed (the service failed, found nothing, or "as entered" was picked). */
export function judgeTyped(typed: Address): AddressVerificationOutcome {
  return isPoBoxLine(typed.address1) ? { kind: 'notResidential', candidate: null } : { kind: 'accepted', address: typed, verified: false };
}

/**
 * Section 4.8: the outcome of verifying the typed address against the service's candidates (null: the
 * call failed, so the address as entered is used). A suggested address is offered unless exactly one
 * candidate matches the typed one exactly; a single candidate is judged for being residential.
 */
export function verificationOutcome(typed: Address, candidates: readonly AddressCandidate[] | null): AddressVerificationOutcome {
  if (candidates === null || candidates.length === 0) return judgeTyped(typed);
  const exact = candidates.filter((candidate) => candidateMatchesTyped(candidate, typed));
  if (exact.length === 1) return judgeCandidate(exact[0], typed);
  if (candidates.length === 1 && isNonResidentialCandidate(candidates[0])) return judgeCandidate(candidates[0], typed);
  return { kind: 'pick', candidates: [...candidates] };
}
