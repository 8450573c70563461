import type { ReactNode } from 'react';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import type { Addition } from '../../api/contract/values';
import { useAppSelector } from '../../store/hooks';
import { AlertIcon, Button, EmptyState } from '../../ui';
import { selectAdditionRefusals } from '../paymentMethods/paymentMethodSelectors';
import { selectCurrentUser } from '../session/sessionSlice';

export const ADDITION_BLOCKED_TITLE = "You can't add this funding method now";

/**
 * The addition rule refusing this addition now, or null: what AdditionGate shows, for a flow whose header must
 * say the same (the step title of a blocked flow names the refusal, not the form that is not there).
 */
export function useAdditionRefusal(addition: Addition | null) {
  const methods = useGetPaymentMethodsQuery();
  const signedIn = useAppSelector((state) => selectCurrentUser(state) !== null);
  const refusal = useAppSelector((state) => (addition === null ? null : selectAdditionRefusals(state)[addition]));
  // Nobody known yet (a session still loading): nothing to say; the server has the last word as always.
  // Until the methods are known (almost always already cached by the page under the flow) the flow shows as usual.
  if (addition === null || !signedIn || !methods.data || !refusal) return null;
  return refusal;
}

/**
 * The first screen of an adding flow (bank link, micro-deposits, debit card), however it was opened (a link, a
 * query flag, a button): while the addition rules (section 5) refuse it, the customer reads why, in the words the
 * server would answer, with a way back, instead of a form that the last step would refuse.
 */
export function AdditionGate({
  addition,
  backLabel,
  onBack,
  children,
}: {
  addition: Addition | null;
  backLabel: string;
  onBack: () => void;
  children: ReactNode;
}) {
  const refusal = useAdditionRefusal(addition);
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
