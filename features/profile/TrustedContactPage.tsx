import { useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import {
  ADDRESS_MAX_LENGTH,
  addressDraftFrom,
  emptyAddressDraft,
  formatAddressLine,
  formatUsPhone,
  optionLabel,
  PERSON_NAME_MAX_LENGTH,
  ProfileErrorCode,
  sanitiseStateInput,
  sanitiseZipInput,
  toAddress,
  TRUSTED_CONTACT_RELATIONSHIP_OPTIONS,
  TrustedContactMessages,
  trustedContactErrors,
  type AddressDraft,
  type TrustedContactDraft,
} from '../../api/contract/values';
import type { TrustedContact, TrustedContactRequest, TrustedContactRelationship } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useGetTrustedContactQuery, useRemoveTrustedContactMutation, useSaveTrustedContactMutation } from '../../api/profileApi';
import {
  AlertIcon,
  Button,
  Card,
  CheckCircleIcon,
  EmptyState,
  ErrorState,
  Modal,
  Notice,
  SelectField,
  Spinner,
  Stack,
  TextField,
} from '../../ui';
import { ProfilePageFrame } from './ProfileNav';

const draftFrom = (contact: TrustedContact | null): TrustedContactDraft =>
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

function TrustedContactForm({ contact, onDone, onCancel }: { contact: TrustedContact | null; onDone: () => void; onCancel: () => void }) {
  const [save] = useSaveTrustedContactMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const formik = useFormik<TrustedContactDraft>({
    initialValues: draftFrom(contact),
    validate: validateTrustedContact,
    onSubmit: async (values) => {
      setSaveError(null);
      try {
        await save(toTrustedContactRequest(values)).unwrap();
        onDone();
      } catch (error) {
        setSaveError(isApiError(error) && error.message ? error.message : 'We could not save your trusted contact. Please try again.');
      }
    },
  });
  const shown = (touched: boolean | undefined) => touched || formik.submitCount > 0;
  const error = (field: 'firstName' | 'lastName' | 'relationship' | 'email' | 'phone') =>
    shown(formik.touched[field]) ? formik.errors[field] : undefined;
  const addressError = (field: keyof AddressDraft) => {
    const errors = formik.errors.address;
    return shown(formik.touched.address?.[field]) ? errors?.[field] : undefined;
  };
  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: error(field),
  });
  const addressText = (field: keyof AddressDraft) => ({
    name: `address.${field}`,
    value: formik.values.address[field],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: addressError(field),
  });

  return (
    <form className="ff-profile-form" noValidate onSubmit={formik.handleSubmit} aria-label="Trusted contact">
      {saveError ? (
        <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive" title="Your trusted contact was not saved">
          <p>{saveError}</p>
        </Notice>
      ) : null}
      <div className="ff-profile-form__row">
        <TextField label="First name" autoComplete="off" maxLength={PERSON_NAME_MAX_LENGTH} {...text('firstName')} />
        <TextField label="Last name" autoComplete="off" maxLength={PERSON_NAME_MAX_LENGTH} {...text('lastName')} />
      </div>
      <SelectField
        id="trusted-contact-relationship"
        name="relationship"
        label="Relationship to you"
        value={formik.values.relationship}
        options={TRUSTED_CONTACT_RELATIONSHIP_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
        placeholder="Choose a relationship"
        onChange={(value) => {
          void formik.setFieldValue('relationship', value);
          void formik.setFieldTouched('relationship', true, false);
        }}
        onBlur={() => void formik.setFieldTouched('relationship', true)}
        error={error('relationship')}
      />
      <p className="ff-profile-muted">Give us at least one way to reach them: an email address, a phone number, or both.</p>
      <div className="ff-profile-form__row">
        <TextField label="Email" type="email" inputMode="email" autoComplete="off" {...text('email')} />
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" hint="US number, e.g. (415) 555-0132" {...text('phone')} />
      </div>
      <label className="ff-profile-checkbox">
        <input type="checkbox" name="includeAddress" checked={formik.values.includeAddress} onChange={formik.handleChange} />
        Add a mailing address (optional)
      </label>
      {formik.values.includeAddress ? (
        <fieldset className="ff-profile-tier">
          <legend>Mailing address</legend>
          <TextField label="Street address" maxLength={ADDRESS_MAX_LENGTH} {...addressText('address1')} />
          <TextField label="Apartment, suite or unit (optional)" maxLength={ADDRESS_MAX_LENGTH} {...addressText('address2')} />
          <TextField label="City" maxLength={ADDRESS_MAX_LENGTH} {...addressText('city')} />
          <div className="ff-profile-form__row">
            <TextField
              label="State"
              {...addressText('state')}
              onChange={(event) => void formik.setFieldValue('address.state', sanitiseStateInput(event.target.value))}
            />
            <TextField
              label="ZIP code"
              inputMode="numeric"
              {...addressText('zipcode')}
              onChange={(event) => void formik.setFieldValue('address.zipcode', sanitiseZipInput(event.target.value))}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="ff-profile-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={formik.isSubmitting}>
          Save trusted contact
        </Button>
      </div>
    </form>
  );
}

/**
 * /settings/v2/trusted-contact (and /settings/trusted-contact): one trusted contact person (FINRA Rule 4512),
 * added, changed or removed; we explain what they may and may not do.
 */
export default function TrustedContactPage() {
  const query = useGetTrustedContactQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, removal] = useRemoveTrustedContactMutation();
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const contact = query.data ?? null;

  const confirmRemoval = async () => {
    setRemoveError(null);
    try {
      await remove().unwrap();
      setConfirmingRemoval(false);
      setMessage(TrustedContactMessages.removed);
    } catch (error) {
      // Nothing on file is what the customer asked for: an earlier press went through and only its answer was
      // lost, so this is the removal's success, not an error.
      if (isApiError(error) && error.errorCode === ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND) {
        setConfirmingRemoval(false);
        setMessage(TrustedContactMessages.removed);
        return;
      }
      setRemoveError(isApiError(error) && error.message ? error.message : 'We could not remove your trusted contact. Please try again.');
    }
  };

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your trusted contact" />;
  } else if (query.isError) {
    body = <ErrorState title="We couldn't load your trusted contact" body="Please try again." onRetry={() => void query.refetch()} />;
  } else if (editing) {
    body = (
      <TrustedContactForm
        contact={contact}
        onCancel={() => setEditing(false)}
        onDone={() => {
          setEditing(false);
          setMessage(TrustedContactMessages.saved);
        }}
      />
    );
  } else {
    body = (
      <Stack gap={4}>
        {message ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            {message}
          </Notice>
        ) : null}
        {contact ? (
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
        ) : (
          <EmptyState title="No trusted contact yet" body="Adding one is optional, and it can help protect your account." />
        )}
        <div className="ff-profile-actions" style={{ justifyContent: 'flex-start' }}>
          <Button
            variant={contact ? 'secondary' : 'primary'}
            onClick={() => {
              setMessage(null);
              setEditing(true);
            }}
          >
            {contact ? 'Edit trusted contact' : 'Add trusted contact'}
          </Button>
          {contact ? (
            <Button variant="ghost" onClick={() => setConfirmingRemoval(true)}>
              Remove trusted contact
            </Button>
          ) : null}
        </div>
      </Stack>
    );
  }

  return (
    <ProfilePageFrame title="Trusted contact" titleId="ff-trusted-contact-title">
      <Card title="What is a trusted contact?">
        <Stack gap={2}>
          <p className="ff-profile-muted">
            A trusted contact is someone 18 or older we may reach out to if we cannot reach you, if we suspect financial exploitation, or to
            confirm your health status or the name of a legal guardian, executor, trustee or power of attorney.
          </p>
          <p className="ff-profile-muted">
            They cannot see your account, trade or move money, and we never share your balances with them. This is FINRA Rule 4512.
          </p>
        </Stack>
      </Card>
      <Card title="Your trusted contact">{body}</Card>
      <Modal
        open={confirmingRemoval}
        title="Remove trusted contact?"
        onClose={() => setConfirmingRemoval(false)}
        footer={
          <div className="ff-profile-actions">
            <Button variant="secondary" onClick={() => setConfirmingRemoval(false)}>
              Keep
            </Button>
            <Button variant="danger" loading={removal.isLoading} onClick={() => void confirmRemoval()}>
              Remove
            </Button>
          </div>
        }
      >
        <Stack gap={3}>
          {removeError ? (
            <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive">
              {removeError}
            </Notice>
          ) : null}
          <p>
            {contact ? `${contact.firstName} ${contact.lastName}` : 'This person'} will no longer be your trusted contact. You can add one
            again at any time.
          </p>
        </Stack>
      </Modal>
    </ProfilePageFrame>
  );
}
