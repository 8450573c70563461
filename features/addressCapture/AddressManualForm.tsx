import type { RefObject } from 'react';
import type { FormikProps } from 'formik';
import { ADDRESS_MAX_LENGTH, isAddressComplete, sanitiseStateInput, sanitiseZipInput, type AddressDraft } from '../../api/contract/values';
import { Button, Inline, Notice, Spinner, Stack, TextField } from '../../ui';

interface AddressManualFormProps {
  formik: FormikProps<AddressDraft>;
  formId: string;
  /** Verifying or handing the address to the caller: the fields wait. */
  busy: boolean;
  verifying: boolean;
  placeNotice: string | null;
  apartmentHint: string | null;
  address1Ref: RefObject<HTMLInputElement | null>;
  address2Ref: RefObject<HTMLInputElement | null>;
  submitLabel: string;
  onApartmentTyped: () => void;
  onSearchInstead: () => void;
  onCancel?: () => void;
}

/** Manual entry: street, apartment, city, state and ZIP (Formik over the contract's rules), then submit. */
export function AddressManualForm({
  formik,
  formId,
  busy,
  verifying,
  placeNotice,
  apartmentHint,
  address1Ref,
  address2Ref,
  submitLabel,
  onApartmentTyped,
  onSearchInstead,
  onCancel,
}: AddressManualFormProps) {
  const ready = isAddressComplete(formik.values) && Object.keys(formik.errors).length === 0;
  const fieldError = (field: keyof AddressDraft) => (formik.touched[field] ? formik.errors[field] : undefined);
  const text = (field: keyof AddressDraft) => ({
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: fieldError(field),
    disabled: busy,
  });
  return (
    <form id={formId} className="ff-address-capture__form" noValidate onSubmit={formik.handleSubmit} aria-busy={busy || undefined}>
      <Stack gap={4}>
        {placeNotice ? (
          <Notice tone="info" live="polite">
            {placeNotice}
          </Notice>
        ) : null}
        <TextField
          ref={address1Ref}
          label="Street address"
          autoComplete="address-line1"
          maxLength={ADDRESS_MAX_LENGTH}
          {...text('address1')}
        />
        <TextField
          ref={address2Ref}
          label="Apartment, suite, etc. (optional)"
          autoComplete="address-line2"
          maxLength={ADDRESS_MAX_LENGTH}
          {...text('address2')}
          hint={apartmentHint ?? undefined}
          onChange={(event) => {
            onApartmentTyped();
            formik.handleChange(event);
          }}
        />
        {apartmentHint ? (
          <p role="alert" className="ff-visually-hidden">
            {apartmentHint}
          </p>
        ) : null}
        <TextField label="City" autoComplete="address-level2" maxLength={ADDRESS_MAX_LENGTH} {...text('city')} />
        <Inline gap={4} wrap={false} align="start" className="ff-address-capture__row">
          <TextField
            label="State"
            autoComplete="address-level1"
            maxLength={2}
            {...text('state')}
            onChange={(event) => void formik.setFieldValue('state', sanitiseStateInput(event.target.value))}
          />
          <TextField
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
            {...text('zipcode')}
            onChange={(event) => void formik.setFieldValue('zipcode', sanitiseZipInput(event.target.value))}
          />
        </Inline>
        <TextField label="Country" name="country" value="United States (USA)" readOnly />
        <div>
          <Button variant="ghost" size="sm" disabled={busy} onClick={onSearchInstead}>
            Search for your address
          </Button>
        </div>
        {verifying ? <Spinner label="Verifying your address" size="sm" /> : null}
        <div className="ff-address-capture__actions">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={busy} disabled={!ready}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
