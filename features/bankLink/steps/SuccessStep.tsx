import { selectPaymentMethodById, useGetPaymentMethodsQuery } from '../../../api/paymentMethodsApi';
import { useAppSelector } from '../../../store/hooks';
import { Badge, Button, CheckCircleIcon, Stack } from '../../../ui';
import { maskedNumber } from '../../paymentMethods/paymentMethodSelectors';
import { selectLinkedPaymentMethodId } from '../bankLinkSlice';
import { nicknameRoute } from '../bankLinkCopy';
import { useLeaveBankLink } from '../useLeaveBankLink';

/** The bank is linked: its name and last digits once the list is refetched, a nickname, Done. */
export function SuccessStep() {
  const { leaveTo, done } = useLeaveBankLink();
  const paymentMethodId = useAppSelector(selectLinkedPaymentMethodId);
  // Linking invalidated the list; subscribing here shows the new method as soon as it is refetched.
  useGetPaymentMethodsQuery();
  const method = useAppSelector((state) => (paymentMethodId ? selectPaymentMethodById(state, paymentMethodId) : undefined));
  return (
    <Stack gap={5} align="center" className="ff-bank-link__success">
      <CheckCircleIcon size={48} className="ff-bank-link__success-icon" />
      <p className="ff-bank-link__lead" role="status">
        {method ? (
          <>
            <strong>{method.displayName}</strong> {maskedNumber(method.paymentMethodNumber)} is ready to fund your account.
          </>
        ) : (
          'Your bank account is ready to fund your account.'
        )}
      </p>
      {method?.defaultPaymentMethod ? <Badge tone="success">Default</Badge> : null}
      <div className="ff-bank-link__actions">
        <Button
          fullWidth
          variant="secondary"
          onClick={() => paymentMethodId && leaveTo(nicknameRoute(paymentMethodId))}
          disabled={!paymentMethodId}
        >
          Set nickname
        </Button>
        <Button fullWidth onClick={done}>
          Done
        </Button>
      </div>
    </Stack>
  );
}
