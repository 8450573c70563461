import { useFormik } from 'formik';
import type { InvestingProfileSection } from '../../../api/contract';
import {
  ANNUAL_INCOME_OPTIONS,
  INVESTMENT_EXPERIENCE_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  NET_WORTH_OPTIONS,
  RISK_TOLERANCE_OPTIONS,
  TIME_HORIZON_OPTIONS,
} from '../../../api/contract/values';
import { SelectField, Stack } from '../../../ui';
import { investingProfileSchema, type InvestingProfileValues } from '../applicationSchemas';
import { errorOf, type StepFormProps } from './stepForm';
import { StepFormActions } from './StepFormActions';

/** The investing profile: objective, risk, horizon, experience, income and net worth. */
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
        <StepFormActions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}
