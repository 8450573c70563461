import type { FormikErrors } from 'formik';
import {
  addressDraftFrom,
  emptyAddressDraft,
  formatUsPhone,
  toAddress,
  trustedContactErrors,
  type AddressDraft,
  type TrustedContactDraft,
} from '../../api/contract/values';
import type { TrustedContact, TrustedContactRequest, TrustedContactRelationship } from '../../api/contract';

/** The form's values for the contact on file (empty when there is none). */
export const trustedContactDraftFrom = (contact: TrustedContact | null): TrustedContactDraft =>
  contact
    ? {
        firstName: contact.firstName,
        lastName: contact.lastName,
        relationship: contact.relationship,
        email: contact.email ?? '',
        phone: contact.phone ? formatUsPhone(contact.phone) : '',
        includeAddress: contact.address !== null,
        address: contact.address ? addressDraftFrom(contact.address) : emptyAddressDraft,
      }
    : { firstName: '', lastName: '', relationship: '', email: '', phone: '', includeAddress: false, address: emptyAddressDraft };

/** The contract's rule, shaped the way Formik keeps nested errors ('address.city' → address.city). */
export function validateTrustedContact(draft: TrustedContactDraft): FormikErrors<TrustedContactDraft> {
  const errors: FormikErrors<TrustedContactDraft> = {};
  const address: FormikErrors<AddressDraft> = {};
  for (const [key, message] of Object.entries(trustedContactErrors(draft))) {
    if (key.startsWith('address.')) address[key.slice('address.'.length) as keyof AddressDraft] = message;
    else (errors as Record<string, string>)[key] = message;
  }
  if (Object.keys(address).length > 0) errors.address = address;
  return errors;
}

export const toTrustedContactRequest = (draft: TrustedContactDraft): TrustedContactRequest => ({
  firstName: draft.firstName.trim(),
  lastName: draft.lastName.trim(),
  relationship: draft.relationship as TrustedContactRelationship,
  email: draft.email.trim() === '' ? null : draft.email.trim(),
  phone: draft.phone.trim() === '' ? null : draft.phone.trim(),
  address: draft.includeAddress ? toAddress(draft.address) : null,
});
