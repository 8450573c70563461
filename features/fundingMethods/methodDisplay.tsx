import type { PaymentMethod } from '../../api/contract';
import { Badge, BankIcon, CardIcon, MicroDepositIcon, WireIcon } from '../../ui';
import type { PaymentMethodFlags } from '../paymentMethods/paymentMethodSelectors';

export function MethodIcon({ method }: { method: PaymentMethod }) {
  if (method.type === 'DEBIT_CARD') return <CardIcon />;
  if (method.type === 'WIRE_TRANSFER') return <WireIcon />;
  if (method.type === 'MICRO_DEPOSIT') return <MicroDepositIcon />;
  return <BankIcon />;
}

/** The one status worth telling the customer about a method, if any. */
export function MethodStatusBadge({ flags, underReview }: { flags: PaymentMethodFlags; underReview?: boolean }) {
  if (flags.rejected) return <Badge tone="danger">Rejected</Badge>;
  if (flags.partnerLoginRequired) return <Badge tone="warning">Relink needed</Badge>;
  if (flags.verifiableViaMicroDeposits) return <Badge tone="info">Awaiting micro-deposits</Badge>;
  if (underReview) return <Badge tone="info">Under review</Badge>;
  if (flags.bankNeedsVerification) return <Badge tone="warning">Needs verification</Badge>;
  if (flags.pendingAccountCreation) return <Badge tone="info">Account being created</Badge>;
  if (flags.verificationPending) return <Badge tone="info">Pending</Badge>;
  if (flags.depositLimitReached) return <Badge tone="neutral">Limit reached</Badge>;
  return null;
}
