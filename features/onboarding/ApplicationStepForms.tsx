import { useFormik, type FormikProps } from 'formik';
import type { DisclosuresSection, EmploymentSection, InvestingProfileSection } from '../../api/contract';
import {
  ANNUAL_INCOME_OPTIONS,
  CITIZENSHIP_LABELS,
  CITIZENSHIPS,
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  INVESTMENT_EXPERIENCE_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  NET_WORTH_OPTIONS,
  RISK_TOLERANCE_OPTIONS,
  TIME_HORIZON_OPTIONS,
  employmentNeedsEmployer,
  type Citizenship,
  type EmploymentStatus,
} from '../../api/contract/values';
import { Button, Inline, SelectField, Stack, TextField, UNRECORDED } from '../../ui';
import {
  digitsOnly,
  disclosuresSchema,
  employmentSchema,
  fromIsoDate,
  identitySchema,
  investingProfileSchema,
  toIsoDate,
  type DisclosuresValues,
  type EmploymentValues,
  type IdentityValues,
  type InvestingProfileValues,
} from './applicationSchemas';
import type { IdentityDraft } from './setupInvestingSlice';

export interface StepFormProps<T> {
  initial?: T;
  onNext: (values: T) => void;
  onBack: () => void;
  /** Label of the primary button ("Next", or "Review" on the last step). */
  nextLabel: string;
}

/** A touched field's message. */
const errorOf = <V,>(form: FormikProps<V>, name: keyof V & string) =>
  form.touched[name] ? (form.errors[name] as string | undefined) : undefined;

function Actions({ onBack, nextLabel, submitting }: { onBack: () => void; nextLabel: string; submitting?: boolean }) {
  return (
    <Inline justify="between" gap={3} className="setup-investing__actions">
      <Button variant="secondary" onClick={onBack}>
        Back
      </Button>
      <Button type="submit" loading={submitting}>
        {nextLabel}
      </Button>
    </Inline>
  );
}

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
        <Actions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}

export function EmploymentForm({ initial, onNext, onBack, nextLabel }: StepFormProps<EmploymentSection>) {
  const form = useFormik<EmploymentValues>({
    initialValues: { status: initial?.status ?? '', employer: initial?.employer ?? '', occupation: initial?.occupation ?? '' },
    validationSchema: employmentSchema,
    onSubmit(values) {
      const works = employmentNeedsEmployer(values.status);
      onNext({
        status: values.status as EmploymentStatus,
        employer: works ? (values.employer ?? '').trim() : null,
        occupation: works ? (values.occupation ?? '').trim() : null,
      });
    },
  });
  const works = employmentNeedsEmployer(form.values.status);
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Employment">
      <Stack gap={4}>
        <SelectField
          label="Employment status"
          name="status"
          placeholder="Select…"
          value={form.values.status}
          onChange={(value) => void form.setFieldValue('status', value)}
          onBlur={form.handleBlur}
          options={EMPLOYMENT_STATUSES.map((value) => ({ value, label: EMPLOYMENT_LABELS[value] }))}
          error={errorOf(form, 'status')}
        />
        {works ? (
          <>
            <TextField label="Employer" autoComplete="organization" {...form.getFieldProps('employer')} error={errorOf(form, 'employer')} />
            <TextField
              label="Occupation"
              autoComplete="organization-title"
              {...form.getFieldProps('occupation')}
              error={errorOf(form, 'occupation')}
            />
          </>
        ) : null}
        <Actions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}

export function InvestingProfileForm({ initial, onNext, onBack, nextLabel }: StepFormProps<InvestingProfileSection>) {
  const form = useFormik<InvestingProfileValues>({
    initialValues: {
      investmentObjective: initial?.investmentObjective ?? '',
      riskTolerance: initial?.riskTolerance ?? '',
      timeHorizon: initial?.timeHorizon ?? '',
      investmentExperience: initial?.investmentExperience ?? '',
      annualIncome: initial?.annualIncome ?? '',
      liquidNetWorth: initial?.liquidNetWorth ?? '',
    },
    validationSchema: investingProfileSchema,
    onSubmit(values) {
      onNext(values as InvestingProfileSection);
    },
  });
  const select = (name: keyof InvestingProfileValues, label: string, options: ReadonlyArray<{ value: string; label: string }>) => (
    <SelectField
      label={label}
      name={name}
      placeholder="Select…"
      value={form.values[name]}
      onChange={(value) => void form.setFieldValue(name, value)}
      onBlur={form.handleBlur}
      options={[...options]}
      error={errorOf(form, name)}
    />
  );
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Investing profile">
      <Stack gap={4}>
        <p className="muted">We use this to check that what you invest in suits you. You can change it later in your profile.</p>
        {select('investmentObjective', 'Investment objective', INVESTMENT_OBJECTIVE_OPTIONS)}
        {select('riskTolerance', 'Risk tolerance', RISK_TOLERANCE_OPTIONS)}
        {select('timeHorizon', 'Time horizon', TIME_HORIZON_OPTIONS)}
        {select('investmentExperience', 'Investment experience', INVESTMENT_EXPERIENCE_OPTIONS)}
        {select('annualIncome', 'Annual income', ANNUAL_INCOME_OPTIONS)}
        {select('liquidNetWorth', 'Liquid net worth', NET_WORTH_OPTIONS)}
        <Actions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}

export const DisclosureQuestions = {
  brokerDealer: 'I, or someone in my household, work for a broker-dealer, an exchange or FINRA.',
  publiclyTraded: 'I am a director, officer or 10% shareholder of a publicly traded company.',
  politicallyExposed: 'I am a senior political figure, or a family member or close associate of one.',
  agreement: 'I have read and agree to the Fundflow Customer Agreement, the account disclosures and e-delivery of documents.',
} as const;

export function DisclosuresForm({ initial, onNext, onBack, nextLabel }: StepFormProps<DisclosuresSection>) {
  const form = useFormik<DisclosuresValues>({
    initialValues: {
      brokerDealer: initial?.brokerDealer ?? false,
      publiclyTraded: initial?.publiclyTraded ?? false,
      politicallyExposed: initial?.politicallyExposed ?? false,
      agreementAccepted: initial?.agreementAccepted ?? false,
    },
    validationSchema: disclosuresSchema,
    onSubmit(values) {
      onNext({ ...values, agreementAccepted: true });
    },
  });
  const box = (name: keyof DisclosuresValues, text: string) => (
    <label className="checkbox">
      <input type="checkbox" name={name} checked={form.values[name]} onChange={form.handleChange} onBlur={form.handleBlur} />
      <span>{text}</span>
    </label>
  );
  const agreementError = form.touched.agreementAccepted || form.submitCount > 0 ? form.errors.agreementAccepted : undefined;
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Disclosures and agreements">
      <Stack gap={2}>
        <fieldset className="setup-investing__fieldset">
          <legend>Check any that apply to you</legend>
          {box('brokerDealer', DisclosureQuestions.brokerDealer)}
          {box('publiclyTraded', DisclosureQuestions.publiclyTraded)}
          {box('politicallyExposed', DisclosureQuestions.politicallyExposed)}
        </fieldset>
        {box('agreementAccepted', DisclosureQuestions.agreement)}
        {agreementError ? (
          <p className="form-error" role="alert">
            {agreementError}
          </p>
        ) : null}
        <Actions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}
