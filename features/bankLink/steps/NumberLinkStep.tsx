import { useFormik } from 'formik';
import { useLazyGetBankByRoutingNumberQuery } from '../../../api/bankLinkApi';
import { Button, Stack, TextField, UNRECORDED } from '../../../ui';
import { ACCOUNT_MAX, digitsOnly, numberLinkSchema, ROUTING_MAX, type NumberLinkValues } from '../numberLinkValidation';

export interface NumberLinkSubmission {
  routingNumber: string;
  /** The full number: handed to the flow's component state for the link call, never to the store. */
  accountNumber: string;
  /** Bank found by routing number, or null (a failed lookup falls through silently). */
  bankName: string | null;
}

export interface NumberLinkStepProps {
  initialRoutingNumber?: string;
  initialAccountNumber?: string;
  /** True while the flow sends the link (when no bank was found, it is sent straight from here). */
  submitting?: boolean;
  /** Next was pressed: the bank lookup starts. */
  onLookUp?: () => void;
  onSubmit: (submission: NumberLinkSubmission) => void;
}

/**
 * number-link: routing and account number. Each field is checked when edited and shows its message once
 * touched (section 5); Next stays disabled while a field is empty or in error. On Next the bank is
 * looked up by routing number.
 */
export function NumberLinkStep({
  initialRoutingNumber = '',
  initialAccountNumber = '',
  submitting = false,
  onLookUp,
  onSubmit,
}: NumberLinkStepProps) {
  const [lookUpBank] = useLazyGetBankByRoutingNumberQuery();
  const form = useFormik<NumberLinkValues>({
    initialValues: { routingNumber: initialRoutingNumber, accountNumber: initialAccountNumber },
    validationSchema: numberLinkSchema,
    // Prefilled values (after Edit or Try Again) are judged at once, so Next reflects them.
    validateOnMount: initialRoutingNumber !== '' || initialAccountNumber !== '',
    initialTouched: { routingNumber: initialRoutingNumber !== '', accountNumber: initialAccountNumber !== '' },
    async onSubmit(values) {
      onLookUp?.();
      let bankName: string | null;
      try {
        const banks = await lookUpBank(values.routingNumber, true).unwrap();
        bankName = banks[0]?.name ?? null;
      } catch {
        bankName = null;
      }
      onSubmit({ routingNumber: values.routingNumber, accountNumber: values.accountNumber, bankName });
    },
  });

  const fieldError = (name: keyof NumberLinkValues) => (form.touched[name] ? form.errors[name] : undefined);
  const incomplete = form.values.routingNumber === '' || form.values.accountNumber === '';
  const invalid = Boolean(form.errors.routingNumber || form.errors.accountNumber);

  return (
    <form onSubmit={form.handleSubmit} noValidate className="ff-bank-link__form">
      <Stack gap={4}>
        <p className="ff-bank-link__muted">You can find both numbers at the bottom of a check or in your bank's app.</p>
        <TextField
          {...UNRECORDED}
          label="Routing number"
          name="routingNumber"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          maxLength={ROUTING_MAX}
          value={form.values.routingNumber}
          onChange={(event) => void form.setFieldValue('routingNumber', digitsOnly(event.target.value, ROUTING_MAX))}
          onBlur={form.handleBlur}
          error={fieldError('routingNumber')}
        />
        <TextField
          {...UNRECORDED}
          label="Account number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={ACCOUNT_MAX}
          value={form.values.accountNumber}
          onChange={(event) => void form.setFieldValue('accountNumber', digitsOnly(event.target.value, ACCOUNT_MAX))}
          onBlur={form.handleBlur}
          error={fieldError('accountNumber')}
        />
      </Stack>
      <div className="ff-bank-link__actions">
        <Button type="submit" fullWidth disabled={incomplete || invalid} loading={form.isSubmitting || submitting}>
          Next
        </Button>
      </div>
    </form>
  );
}
