import { useFormik } from 'formik';
import { CITIZENSHIP_LABELS, CITIZENSHIPS, type Citizenship } from '../../../api/contract/values';
import { SelectField, Stack, TextField, UNRECORDED } from '../../../ui';
import { digitsOnly, fromIsoDate, identitySchema, toIsoDate, type IdentityValues } from '../applicationSchemas';
import type { IdentityDraft } from '../setupInvestingSlice';
import { errorOf, type StepFormProps } from './stepForm';
import { StepFormActions } from './StepFormActions';

export interface IdentitySubmission {
  identity: IdentityDraft;
  /** The full SSN, for the page's component state only. */
  ssn: string;
}

export interface IdentityFormProps extends Omit<StepFormProps<IdentitySubmission>, 'initial'> {
  /** The draft, or just the names on file to start from. */
  initial?: Partial<IdentityDraft>;
  initialSsn?: string;
  /** 'yyyy-MM-dd': decides the age rule. */
  today: string;
}

/** Identity: legal name, birth date, phone, citizenship and the SSN (which goes back to the page, not the store). */
export function IdentityForm({ initial, initialSsn = '', today, onNext, onBack, nextLabel }: IdentityFormProps) {
  const draft = initial ?? {};
  const form = useFormik<IdentityValues>({
    initialValues: {
      legalFirstName: draft.legalFirstName ?? '',
      legalLastName: draft.legalLastName ?? '',
      birthDate: draft.birthDate ? fromIsoDate(draft.birthDate) : '',
      phoneNumber: draft.phoneNumber ?? '',
      citizenship: draft.citizenship ?? '',
      ssn: initialSsn,
    },
    validationSchema: identitySchema(today),
    onSubmit(values) {
      onNext({
        identity: {
          legalFirstName: values.legalFirstName.trim(),
          legalLastName: values.legalLastName.trim(),
          birthDate: toIsoDate(values.birthDate)!,
          phoneNumber: digitsOnly(values.phoneNumber, 11).slice(-10),
          citizenship: values.citizenship as Citizenship,
        },
        ssn: values.ssn,
      });
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Identity">
      <Stack gap={4}>
        <p className="muted">As it appears on your government-issued ID. We are required by law to verify who you are.</p>
        <TextField
          label="Legal first name"
          autoComplete="given-name"
          {...form.getFieldProps('legalFirstName')}
          error={errorOf(form, 'legalFirstName')}
        />
        <TextField
          label="Legal last name"
          autoComplete="family-name"
          {...form.getFieldProps('legalLastName')}
          error={errorOf(form, 'legalLastName')}
        />
        <TextField
          label="Date of birth"
          hint="MM/DD/YYYY"
          inputMode="numeric"
          autoComplete="bday"
          {...form.getFieldProps('birthDate')}
          error={errorOf(form, 'birthDate')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          {...form.getFieldProps('phoneNumber')}
          error={errorOf(form, 'phoneNumber')}
        />
        <SelectField
          label="Citizenship"
          name="citizenship"
          placeholder="Select…"
          value={form.values.citizenship}
          onChange={(value) => void form.setFieldValue('citizenship', value)}
          onBlur={form.handleBlur}
          options={CITIZENSHIPS.map((value) => ({ value, label: CITIZENSHIP_LABELS[value] }))}
          error={errorOf(form, 'citizenship')}
          hint="Fundflow accounts are open to U.S. citizens and permanent residents."
        />
        <TextField
          {...UNRECORDED}
          label="Social Security number"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          hint="9 digits. Encrypted in transit; we keep only the last 4 digits."
          name="ssn"
          value={form.values.ssn}
          onChange={(event) => void form.setFieldValue('ssn', digitsOnly(event.target.value, 9))}
          onBlur={form.handleBlur}
          error={errorOf(form, 'ssn')}
        />
        <StepFormActions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}
