import { useRef, useState } from 'react';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useRemovePaymentMethodMutation } from '../../api/paymentMethodChangesApi';
import { FundingErrorCode, FundingMessages } from '../../api/contract/values';
import { asApiError, errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AlertIcon, Button, Modal, Notice } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { removalClosed, selectRemovalId } from './manageFundingMethodsSlice';
import './fundingMethods.css';

export const REMOVE_TEXT = {
  confirm: 'Confirm that you want to remove your funding method.',
  warning: 'Adding another funding source could require extra verification.',
} as const;

/**
 * The remove confirmation (2.9) for the method in manageFundingMethods.removalId.
 *
 * A failed removal keeps the confirmation open with the spec's message (section 8) and what went wrong, so the
 * customer can press Remove again where they are; one DELETE per press. The spec only names the message; keeping
 * the dialog (rather than a toast that disappears) is our choice, so the retry is one press away.
 */
export default function RemoveMethodModal() {
  const dispatch = useAppDispatch();
  const removalId = useAppSelector(selectRemovalId);
  useGetPaymentMethodsQuery();
  const methods = useAppSelector(selectPaymentMethodsList);
  const [remove, { isLoading }] = useRemovePaymentMethodMutation();
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const method = methods.find((item) => item.id === removalId);
  // Set while a DELETE is on its way: a second press before the answer sends nothing.
  const inFlight = useRef(false);
  if (!removalId) return null;
  const close = () => dispatch(removalClosed());
  const removedToast = () => dispatch(toastShown(`${method?.displayName ?? 'Your funding method'} was removed`, 'success'));

  async function confirm() {
    if (!removalId || inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await remove(removalId).unwrap();
      removedToast();
      close();
    } catch (error) {
      // Already gone: an earlier press whose answer never arrived did remove it. That is the outcome asked for.
      if (asApiError(error)?.errorCode === FundingErrorCode.METHOD_NOT_FOUND) {
        removedToast();
        close();
        return;
      }
      setFailure({
        title: method?.type === 'DEBIT_CARD' ? FundingMessages.removeCardFailed : FundingMessages.removeBankFailed,
        detail: errorMessage(error),
      });
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Modal
      open
      title="Remove funding method"
      onClose={close}
      footer={
        <div className="funding-form__actions">
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
            Remove
          </Button>
        </div>
      }
    >
      <div className="funding-form">
        {method ? <p className="funding-text funding-text--muted">{method.displayName}</p> : null}
        <p className="funding-text">{REMOVE_TEXT.confirm}</p>
        <p className="funding-text funding-text--muted">{REMOVE_TEXT.warning}</p>
        {failure ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} title={failure.title} live="assertive">
            {failure.detail} Press Remove to try again.
          </Notice>
        ) : null}
      </div>
    </Modal>
  );
}
