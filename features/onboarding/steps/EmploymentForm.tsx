import { useFormik } from 'formik';
import type { EmploymentSection } from '../../../api/contract';
import { EMPLOYMENT_LABELS, EMPLOYMENT_STATUSES, employmentNeedsEmployer, type EmploymentStatus } from '../../../api/contract/values';
import { SelectField, Stack, TextField } from '../../../ui';
import { employmentSchema, type EmploymentValues } from '../applicationSchemas';
import { errorOf, type StepFormProps } from './stepForm';
import { StepFormActions } from './StepFormActions';

/** Employment: the status, and employer and occupation when the status has them. */
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
        <StepFormActions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}
