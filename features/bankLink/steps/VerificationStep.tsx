import { BankIcon, Button, Stack } from '../../../ui';
import { maskedNumber } from '../../paymentMethods/paymentMethodSelectors';

export interface VerificationStepProps {
  bankName: string;
  accountLast4: string;
  routingNumber: string;
  submitting: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** The bank the routing number belongs to, and the account's last digits: the customer confirms before the link. */
export function VerificationStep({ bankName, accountLast4, routingNumber, submitting, onConfirm, onEdit }: VerificationStepProps) {
  return (
    <Stack gap={5}>
      <div className="ff-bank-link__account">
        <BankIcon size={28} />
        <dl className="ff-bank-link__account-details">
          <dt>Bank</dt>
          <dd>{bankName}</dd>
          <dt>Account</dt>
          <dd>{maskedNumber(accountLast4)}</dd>
          <dt>Routing number</dt>
          <dd>{routingNumber}</dd>
        </dl>
      </div>
      <div className="ff-bank-link__actions">
        <Button fullWidth onClick={onConfirm} loading={submitting}>
          Yes, link this account
        </Button>
        <Button fullWidth variant="secondary" onClick={onEdit} disabled={submitting}>
          No, edit the numbers
        </Button>
      </div>
    </Stack>
  );
}
