import { formatAddressLine, formatUsPhone, optionLabel, TRUSTED_CONTACT_RELATIONSHIP_OPTIONS } from '../../api/contract/values';
import type { TrustedContact } from '../../api/contract';

/** The trusted contact on file, fact by fact ('Not provided' for what is missing). */
export function TrustedContactDetails({ contact }: { contact: TrustedContact }) {
  return (
    <dl className="ff-profile-facts">
      <dt>Name</dt>
      <dd>
        {contact.firstName} {contact.lastName}
      </dd>
      <dt>Relationship</dt>
      <dd>{optionLabel(TRUSTED_CONTACT_RELATIONSHIP_OPTIONS, contact.relationship)}</dd>
      <dt>Email</dt>
      <dd>{contact.email ?? 'Not provided'}</dd>
      <dt>Phone</dt>
      <dd>{contact.phone ? formatUsPhone(contact.phone) : 'Not provided'}</dd>
      <dt>Mailing address</dt>
      <dd>{contact.address ? formatAddressLine(contact.address) : 'Not provided'}</dd>
    </dl>
  );
}
