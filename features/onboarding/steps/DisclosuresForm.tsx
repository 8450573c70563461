import { useFormik } from 'formik';
import type { DisclosuresSection } from '../../../api/contract';
import { Stack } from '../../../ui';
import { disclosuresSchema, type DisclosuresValues } from '../applicationSchemas';
import { DisclosureQuestions } from './disclosureQuestions';
import { type StepFormProps } from './stepForm';
import { StepFormActions } from './StepFormActions';

/** Disclosures: three questions and the customer agreement, which must be accepted. */
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
        <StepFormActions onBack={onBack} nextLabel={nextLabel} />
      </Stack>
    </form>
  );
}
