import { useState } from 'react';
import { FieldArray, FormikProvider, useFormik, type FormikErrors } from 'formik';
import { BENEFICIARY_TIERS, maskAccountNumber, VARIANT_LABELS } from '../../api/contract/values';
import type { BeneficiaryAccount } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useSaveBeneficiariesMutation } from '../../api/profileApi';
import { AlertIcon, Button, Notice } from '../../ui';
import { useMarketToday } from '../config/marketClock';
import { toBeneficiaryInputs, validateDesignation, type DesignationDraft, type PersonDraft } from './beneficiaryDraft';
import { BeneficiaryTierFieldset } from './BeneficiaryTierFieldset';

/** One IRA's designation being edited: both tiers, saved as a whole. */
export function BeneficiaryDesignationForm({
  account,
  onDone,
  onCancel,
}: {
  account: BeneficiaryAccount;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [save] = useSaveBeneficiariesMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  // A birth date may not be after today: the server's New York day, as the server judges it.
  const today = useMarketToday();
  const formik = useFormik<DesignationDraft>({
    initialValues: {
      people: account.beneficiaries.map((person) => ({ ...person, key: person.id, sharePercent: String(person.sharePercent) })),
    },
    validate: (values) => validateDesignation(values, today),
    onSubmit: async (values) => {
      setSaveError(null);
      try {
        await save({ accountUuid: account.accountUuid, beneficiaries: toBeneficiaryInputs(values.people) }).unwrap();
        onDone();
      } catch (error) {
        setSaveError(isApiError(error) && error.message ? error.message : 'We could not save your beneficiaries. Please try again.');
      }
    },
  });
  const errors = formik.errors as FormikErrors<DesignationDraft> & { designation?: string };
  const submitted = formik.submitCount > 0;
  const personError = (index: number, field: keyof PersonDraft) => {
    const touched = formik.touched.people?.[index]?.[field];
    const error = (errors.people?.[index] as FormikErrors<PersonDraft> | undefined)?.[field];
    return touched || submitted ? error : undefined;
  };
  const accountName = `${VARIANT_LABELS[account.variant]} ${maskAccountNumber(account.accountNumberLast4)}`;

  return (
    <FormikProvider value={formik}>
      <form className="ff-profile-form" noValidate onSubmit={formik.handleSubmit} aria-label={`Beneficiaries of ${accountName}`}>
        {saveError ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive" title="Your beneficiaries were not saved">
            <p>{saveError}</p>
          </Notice>
        ) : null}
        {submitted && errors.designation ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive">
            {errors.designation}
          </Notice>
        ) : null}
        <FieldArray name="people">
          {(helpers) =>
            BENEFICIARY_TIERS.map((tier) => (
              <BeneficiaryTierFieldset key={tier} tier={tier} formik={formik} helpers={helpers} personError={personError} today={today} />
            ))
          }
        </FieldArray>
        <div className="ff-profile-actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formik.isSubmitting}>
            Save beneficiaries
          </Button>
        </div>
      </form>
    </FormikProvider>
  );
}
