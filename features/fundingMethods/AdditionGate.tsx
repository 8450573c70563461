import type { ReactNode } from 'react';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import type { Addition } from '../../api/contract/values';
import { useAppSelector } from '../../store/hooks';
import { AlertIcon, Button, EmptyState, Spinner } from '../../src/ui';
import { selectAdditionRefusals } from '../paymentMethods/paymentMethodSelectors';

export const ADDITION_BLOCKED_TITLE = "You can't add this funding method now";

/**
 * The first screen of an adding flow (bank link, micro-deposits, debit card), however it was opened (a link, a
 * query flag, a button): while the addition rules (section 5) refuse it, the customer reads why, in the words the
 * server would answer, with a way back, instead of a form that the last step would refuse.
 */
export function AdditionGate({ addition, backLabel, onBack, children }: { addition: Addition | null; backLabel: string; onBack(): void; children: ReactNode }) {
  const methods = useGetPaymentMethodsQuery();
  const refusal = useAppSelector((state) => (addition === null ? null : selectAdditionRefusals(state)[addition]));
  if (addition === null) return <>{children}</>;
  if (!methods.data) return methods.isError ? <>{children}</> : <Spinner label="Loading" />;
  if (!refusal) return <>{children}</>;
  return (
    <div role="alert" className="ff-addition-blocked" data-error-code={refusal.errorCode}>
      <EmptyState
        icon={<AlertIcon size={24} />}
        title={ADDITION_BLOCKED_TITLE}
        body={<p>{refusal.message}</p>}
        action={
          <Button variant="secondary" onClick={onBack}>
            {backLabel}
          </Button>
        }
      />
    </div>
  );
}
