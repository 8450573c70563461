import { useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  ANNUAL_INCOME_OPTIONS,
  INVESTMENT_EXPERIENCE_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  InvestingProfileMessages,
  investingProfileProblems,
  LIQUIDITY_NEEDS_OPTIONS,
  NET_WORTH_OPTIONS,
  optionLabel,
  RISK_TOLERANCE_OPTIONS,
  TIME_HORIZON_OPTIONS,
  type InvestingProfileFields,
  type ProfileOption,
} from '../../api/contract/values';
import type { InvestingProfile } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useGetInvestingProfileQuery, useUpdateInvestingProfileMutation } from '../../api/profileApi';
import { AlertIcon, Button, Card, CheckCircleIcon, EmptyState, ErrorState, Notice, SelectField, Spinner, Stack } from '../../ui';
import { ProfilePageFrame } from './ProfileNav';

type Field = keyof InvestingProfileFields;
type Draft = Record<Field, string>;

/** The questions in the order a person answers them, each with its choices. */
export const INVESTING_QUESTIONS: ReadonlyArray<{
  field: Field;
  label: string;
  options: ReadonlyArray<ProfileOption<string>>;
  hint?: string;
}> = [
  { field: 'investmentObjective', label: 'Investment objective', options: INVESTMENT_OBJECTIVE_OPTIONS },
  { field: 'riskTolerance', label: 'Risk tolerance', options: RISK_TOLERANCE_OPTIONS },
  { field: 'timeHorizon', label: 'Time horizon', options: TIME_HORIZON_OPTIONS, hint: 'How long you plan to keep this money invested.' },
  { field: 'investmentExperience', label: 'Investment experience', options: INVESTMENT_EXPERIENCE_OPTIONS },
  {
    field: 'liquidityNeeds',
    label: 'Liquidity needs',
    options: LIQUIDITY_NEEDS_OPTIONS,
    hint: 'How important it is that you can turn investments into cash quickly.',
  },
  { field: 'annualIncome', label: 'Annual income', options: ANNUAL_INCOME_OPTIONS, hint: 'Before taxes, from all sources.' },
  {
    field: 'netWorth',
    label: 'Net worth',
    options: NET_WORTH_OPTIONS,
    hint: 'Everything you own minus what you owe, not counting your home.',
  },
  {
    field: 'liquidNetWorth',
    label: 'Liquid net worth',
    options: NET_WORTH_OPTIONS,
    hint: 'Cash and investments you could sell within days.',
  },
];

const emptyDraft: Draft = {
  investmentObjective: '',
  riskTolerance: '',
  timeHorizon: '',
  investmentExperience: '',
  liquidityNeeds: '',
  annualIncome: '',
  netWorth: '',
  liquidNetWorth: '',
};

/** Each answer required and one of its choices; then the contract's consistency rules, on the field they name. */
export const investingProfileSchema = yup
  .object(
    Object.fromEntries(
      INVESTING_QUESTIONS.map(({ field, options }) => [
        field,
        yup
          .string()
          .required(InvestingProfileMessages.required)
          .oneOf(
            options.map((option) => option.value),
            InvestingProfileMessages.required,
          ),
      ]),
    ) as Record<Field, yup.StringSchema<string>>,
  )
  .test('consistent', (values, context) => {
    const problems = investingProfileProblems(values as InvestingProfileFields);
    if (problems.length === 0) return true;
    return new yup.ValidationError(problems.map((problem) => context.createError({ path: problem.field, message: problem.message })));
  });

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * /settings/v2/investing-profile (and /settings/investing-profile): the suitability answers a broker keeps
 * (FINRA 2090 and 2111), shown read-only and edited in a form; the server checks the same rules on save.
 */
export default function InvestingProfilePage() {
  const query = useGetInvestingProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateInvestingProfileMutation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const profile = query.data?.profile ?? null;

  const formik = useFormik<Draft>({
    initialValues: profile ? { ...profile } : emptyDraft,
    enableReinitialize: true,
    validationSchema: investingProfileSchema,
    onSubmit: async (values) => {
      setSaveError(null);
      try {
        await update(values as InvestingProfile).unwrap();
        setEditing(false);
        setSaved(true);
      } catch (error) {
        setSaveError(isApiError(error) && error.message ? error.message : 'We could not save your investing profile. Please try again.');
      }
    },
  });

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your investing profile" />;
  } else if (query.isError) {
    body = <ErrorState title="We couldn't load your investing profile" body="Please try again." onRetry={() => void query.refetch()} />;
  } else if (editing) {
    const fieldError = (field: Field) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
    body = (
      <form className="ff-profile-form" noValidate onSubmit={formik.handleSubmit} aria-label="Investing profile">
        {saveError ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive" title="Your investing profile was not saved">
            <p>{saveError}</p>
          </Notice>
        ) : null}
        {INVESTING_QUESTIONS.map(({ field, label, options, hint }) => (
          <SelectField
            key={field}
            id={`investing-${field}`}
            name={field}
            label={label}
            hint={hint}
            value={formik.values[field]}
            options={options.map((option) => ({ value: option.value, label: option.label }))}
            placeholder="Choose an answer"
            onChange={(value) => {
              void formik.setFieldValue(field, value);
              void formik.setFieldTouched(field, true, false);
            }}
            onBlur={() => void formik.setFieldTouched(field, true)}
            error={fieldError(field)}
          />
        ))}
        <div className="ff-profile-actions">
          <Button
            variant="secondary"
            onClick={() => {
              formik.resetForm();
              setSaveError(null);
              setEditing(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" loading={formik.isSubmitting}>
            Save investing profile
          </Button>
        </div>
      </form>
    );
  } else {
    const startEditing = () => {
      setSaved(false);
      setEditing(true);
    };
    body = (
      <Stack gap={4}>
        {saved ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            {InvestingProfileMessages.saved}
          </Notice>
        ) : null}
        {profile ? (
          <>
            <dl className="ff-profile-facts">
              {INVESTING_QUESTIONS.map(({ field, label, options }) => (
                <div key={field} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{optionLabel(options, profile[field])}</dd>
                </div>
              ))}
            </dl>
            {query.data?.updatedAt ? (
              <p className="ff-profile-muted">Last updated {savedAtFormat.format(new Date(query.data.updatedAt))}</p>
            ) : null}
          </>
        ) : (
          <EmptyState
            title="No investing profile yet"
            body="Tell us about your goals and finances so we can keep your investments suitable for you."
          />
        )}
        <div>
          <Button variant={profile ? 'secondary' : 'primary'} onClick={startEditing}>
            {profile ? 'Edit investing profile' : 'Answer the questions'}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <ProfilePageFrame
      title="Investing profile"
      titleId="ff-investing-profile-title"
      intro={
        <p>
          Securities rules ask us to know your goals and financial situation before you invest. Keep these answers up to date when your life
          changes.
        </p>
      }
    >
      <Card title="Your answers">{body}</Card>
    </ProfilePageFrame>
  );
}
