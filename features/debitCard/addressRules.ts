import type { Address } from '../../api/contract';

/**
 * Address rules of section 5: all fields but address2 present, manual entry at most 30 characters, state two
 * letters upper-cased, zip 5 digits, text normalised; the country is fixed to USA.
 */
export const ADDRESS_MAX_LENGTH = 30;

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
export const sanitiseStateInput = (value: string) => value.replace(/[^a-z]/gi, '').toUpperCase().slice(0, 2);

/** What the zip field keeps while typing: digits only, at most five. */
export const sanitiseZipInput = (value: string) => value.replace(/\D/g, '').slice(0, 5);

export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

/** Problems per field, judged on the normalised text; an empty object means the address is complete and valid. */
export function addressErrors(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  const address1 = normaliseAddressText(draft.address1);
  const address2 = normaliseAddressText(draft.address2);
  const city = normaliseAddressText(draft.city);
  if (address1 === '') errors.address1 = AddressMessages.address1Required;
  else if (address1.length > ADDRESS_MAX_LENGTH) errors.address1 = AddressMessages.tooLong;
  if (address2.length > ADDRESS_MAX_LENGTH) errors.address2 = AddressMessages.tooLong;
  if (city === '') errors.city = AddressMessages.cityRequired;
  else if (city.length > ADDRESS_MAX_LENGTH) errors.city = AddressMessages.tooLong;
  if (!/^[A-Z]{2}$/.test(normaliseAddressText(draft.state).toUpperCase())) errors.state = AddressMessages.stateInvalid;
  if (!/^\d{5}$/.test(normaliseAddressText(draft.zipcode))) errors.zipcode = AddressMessages.zipInvalid;
  return errors;
}

/** 'Address complete': every field except address2 present. */
export const isAddressComplete = (draft: AddressDraft) =>
  [draft.address1, draft.city, draft.state, draft.zipcode].every((value) => normaliseAddressText(value) !== '');

/** The request body: normalised text, upper-case state, country USA, an empty second line as null. */
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

/** The form's starting values from the setup intent (the address the server has on file, if any). */
export const addressDraftFromSetupIntent = (setupIntent: { addressLine1: string | null; zipcode: string | null } | undefined): AddressDraft => ({
  ...emptyAddressDraft,
  address1: (setupIntent?.addressLine1 ?? '').slice(0, ADDRESS_MAX_LENGTH),
  zipcode: sanitiseZipInput(setupIntent?.zipcode ?? ''),
});
