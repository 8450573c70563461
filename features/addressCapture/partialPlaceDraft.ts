import type { AddressPlace } from '../../api/contract';
import {
  ADDRESS_MAX_LENGTH,
  normaliseAddressText,
  sanitiseStateInput,
  sanitiseZipInput,
  type AddressDraft,
} from '../../api/contract/values';

/**
 * What there is of a place that is not a full street address, as a manual-entry draft (each part cut to what the
 * field accepts), for the customer to complete by hand.
 */
export function partialPlaceDraft(place: AddressPlace): AddressDraft {
  const street = [place.streetNumber, place.route].filter(Boolean).join(' ');
  return {
    address1: street.slice(0, ADDRESS_MAX_LENGTH),
    address2: normaliseAddressText(place.secondary ?? ''),
    city: (place.city ?? '').slice(0, ADDRESS_MAX_LENGTH),
    state: sanitiseStateInput(place.state ?? ''),
    zipcode: sanitiseZipInput(place.zipcode ?? ''),
  };
}
