import { ADDRESS_MAX_LENGTH, emptyAddressDraft, sanitiseZipInput, type AddressDraft } from '../../api/contract/values';

// The address rules of section 5 live in the contract (api/contract/addressRules.ts, tested there), shared with
// the server and the address capture; the debit-card flow adds only its prefill from the setup intent.

/** The form's starting values from the setup intent (the address the server has on file, if any). */
export const addressDraftFromSetupIntent = (
  setupIntent: { addressLine1: string | null; zipcode: string | null } | undefined,
): AddressDraft => ({
  ...emptyAddressDraft,
  address1: (setupIntent?.addressLine1 ?? '').slice(0, ADDRESS_MAX_LENGTH),
  zipcode: sanitiseZipInput(setupIntent?.zipcode ?? ''),
});
