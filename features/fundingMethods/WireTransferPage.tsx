import { AppLink } from '../navigation/AppLink';
import { useGetWireInstructionsQuery } from '../../api/verificationApi';
import { errorMessage } from '../../api/apiError';
import type { WireInstructions } from '../../api/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, buttonClassName, Card, ClockIcon, ErrorState, Notice, Spinner } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { selectCurrentUser } from '../session/sessionSlice';
import './fundingMethods.css';

export const WIRE_TEXT = {
  timing: 'Wires usually arrive in your account within 1 business day.',
  notOffered: 'Wire transfers are offered once your application is complete.',
} as const;

const FIELDS: Array<{ key: keyof WireInstructions; label: string }> = [
  { key: 'beneficiaryName', label: 'Beneficiary name' },
  { key: 'beneficiaryAccountNumber', label: 'Beneficiary account number' },
  { key: 'beneficiaryAddress', label: 'Beneficiary address' },
  { key: 'bankName', label: 'Bank name' },
  { key: 'bankAddress', label: 'Bank address' },
  { key: 'routingNumber', label: 'Routing number (ABA)' },
  { key: 'swiftCode', label: 'SWIFT code' },
  { key: 'reference', label: 'Reference / memo' },
];

function Instructions() {
  const dispatch = useAppDispatch();
  const query = useGetWireInstructionsQuery();
  if (query.isLoading) return <Spinner label="Loading wire instructions" />;
  if (query.isError || !query.data)
    return (
      <ErrorState title="We couldn't load the wire instructions" body={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  const instructions = query.data;

  async function copy(label: string, value: string) {
    try {
      await navigator.clipboard.writeText(value);
      dispatch(toastShown(`${label} copied`, 'success'));
    } catch {
      dispatch(toastShown(`Couldn't copy the ${label.toLowerCase()}; select it and copy it instead`, 'error'));
    }
  }

  return (
    <>
      <Notice tone="info" icon={<ClockIcon />} title="Timing">
        {instructions.timing || WIRE_TEXT.timing}
      </Notice>
      <dl className="wire-instructions" aria-label="Wire instructions">
        {FIELDS.map(({ key, label }) => (
          <div key={key} className="wire-instructions__row">
            <dt className="wire-instructions__label">{label}</dt>
            <dd className="wire-instructions__line">
              <span className="wire-instructions__value">{instructions[key]}</span>
              <Button size="sm" variant="ghost" onClick={() => void copy(label, instructions[key])} aria-label={`Copy ${label}`}>
                Copy
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="funding-text funding-text--muted">
        Always include the reference so the wire reaches your account. Your bank may charge a fee for sending a wire.
      </p>
    </>
  );
}

/** /settings/wire-transfer and /settings/v2/wire-transfer: instructions, offered only to COMPLETE applications. */
export default function WireTransferPage() {
  const user = useAppSelector(selectCurrentUser);
  const complete = user?.applicationStatus === 'COMPLETE';
  return (
    <div className="page">
      <h1 className="page-title">Wire transfer</h1>
      <Card as="section" title="Wire instructions">
        {complete ? (
          <Instructions />
        ) : (
          <Notice
            tone="warning"
            title={WIRE_TEXT.notOffered}
            action={
              <AppLink className={buttonClassName('secondary', 'sm')} to="/setup-investing">
                Finish application
              </AppLink>
            }
          >
            Once your account is open, this page shows where to send your wire.
          </Notice>
        )}
      </Card>
    </div>
  );
}
