import { useGetPaymentMethodsQuery, useRemovePaymentMethodMutation } from '../../api/paymentMethodsApi';
import { FundingMessages } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, Modal } from '../../src/ui';
import { toastShown } from '../notifications/toastsSlice';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { removalClosed, selectRemovalId } from './manageFundingMethodsSlice';
import './fundingMethods.css';

export const REMOVE_TEXT = {
  confirm: 'Confirm that you want to remove your funding method.',
  warning: 'Adding another funding source could require extra verification.',
} as const;

/** The remove confirmation (2.9) for the method in manageFundingMethods.removalId. */
export default function RemoveMethodModal() {
  const dispatch = useAppDispatch();
  const removalId = useAppSelector(selectRemovalId);
  useGetPaymentMethodsQuery();
const method = useAppSelector(selectPaymentMethodsList).find((item) => item.id === removalId);
  const [remove, { isLoading }] = useRemovePaymentMethodMutation();
  if (!removalId) return null;
  const close = () => dispatch(removalClosed());

  async function confirm() {
    if (!removalId) return;
    try {
      await remove(removalId).unwrap();
      dispatch(toastShown(`${method?.displayName ?? 'Your funding method'} was removed`, 'success'));
      close();
    } catch {
      dispatch(toastShown(method?.type === 'DEBIT_CARD' ? FundingMessages.removeCardFailed : FundingMessages.removeBankFailed, 'error'));
      close();
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
      </div>
    </Modal>
  );
}
