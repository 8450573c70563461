import { useState } from 'react';
import { useFormik } from 'formik';
import {
  ADDRESS_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  sanitiseStateInput,
  sanitiseZipInput,
  TRUSTED_CONTACT_RELATIONSHIP_OPTIONS,
  type AddressDraft,
  type TrustedContactDraft,
} from '../../api/contract/values';
import type { TrustedContact } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useSaveTrustedContactMutation } from '../../api/profileApi';
import { AlertIcon, Button, Notice, SelectField, TextField } from '../../ui';
import { toTrustedContactRequest, trustedContactDraftFrom, validateTrustedContact } from './trustedContactDraft';

/** Adding or changing the trusted contact: name, relationship, a way to reach them, an optional address. */
export function TrustedContactForm({
  contact,
  onDone,
  onCancel,
}: {
  contact: TrustedContact | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [save] = useSaveTrustedContactMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const formik = useFormik<TrustedContactDraft>({
    initialValues: trustedContactDraftFrom(contact),
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
