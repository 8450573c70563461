import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useState } from 'react';
import { useVerifyMicroDepositsMutation } from '../../api/bankLinkApi';
import { centsToDecimal } from '../../api/contract/moneyEntry';
import {
  FundingMessages,
  FundingValidationMessages,
  MICRO_DEPOSIT_VERIFY_MODAL,
  maskMicroDepositAmount,
  parseMicroDepositAmount,
} from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AmountField, Button, CheckCircleIcon, Modal } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import {
  microDepositAmountsEdited,
  microDepositAmountsRejected,
  microDepositInlineMessage,
  microDepositsVerified,
  microDepositVerifyClosed,
  selectMicroDepositVerify,
} from './microDepositVerifySlice';
import { asApiError, serverMessage } from '../../api/apiError';
import './fundingMethods.css';

export const MICRO_VERIFY_TEXT = {
  title: 'Verify Micro Deposits',
  successTitle: 'Bank account added!',
  successBody: 'Your bank account has been connected. You can now use it to deposit and withdraw money.',
  withdrawalNotice: 'Withdrawal not completed - Please wait 2 to 3 minutes and restart your withdrawal request',
  /** Ours: how the amount fields read digits typed without a point (maskMicroDepositAmount). */
  centsHint: 'You can type just the cents: 32 reads as $0.32.',
} as const;

const intro = (last4: string) => `Enter the two amounts we deposited into your account ending in ${last4}. The order does not matter.`;

type AmountName = 'amount1' | 'amount2';

/**
 * The micro-deposit verification modal (2.6), 496 by 540, for microDepositVerify.paymentMethodId. The amount
 * fields are masked as dollars by maskMicroDepositAmount ("32" shows 0.32); the AmountField hands over the value
 * without its "$", which parseMicroDepositAmount then judges.
 */
export default function MicroDepositVerifyModal({ inWithdrawal = false }: { inWithdrawal?: boolean }) {
  const dispatch = useAppDispatch();
  const { paymentMethodId, step, error } = useAppSelector(selectMicroDepositVerify);
  useGetPaymentMethodsQuery();
  const method = useAppSelector(selectPaymentMethodsList).find((item) => item.id === paymentMethodId);
  const [amounts, setAmounts] = useState<Record<AmountName, string>>({ amount1: '', amount2: '' });
  const [touched, setTouched] = useState<Partial<Record<AmountName, boolean>>>({});
  const [verify, { isLoading }] = useVerifyMicroDepositsMutation();
  if (!paymentMethodId) return null;

  const close = () => dispatch(microDepositVerifyClosed());
  const fieldError = (name: AmountName) =>
    touched[name] && parseMicroDepositAmount(amounts[name]) === null ? FundingValidationMessages.microDepositAmount : undefined;
  const valid = parseMicroDepositAmount(amounts.amount1) !== null && parseMicroDepositAmount(amounts.amount2) !== null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched({ amount1: true, amount2: true });
    if (!valid || !paymentMethodId) return;
    try {
      // Sent as the exact two-decimal amounts read ("0.5" goes as "0.50").
      const [amount1, amount2] = [amounts.amount1, amounts.amount2].map((amount) => centsToDecimal(parseMicroDepositAmount(amount) ?? 0));
      await verify({ paymentMethodId, amount1, amount2 }).unwrap();
      dispatch(microDepositsVerified());
    } catch (caught) {
      const errorCode = asApiError(caught)?.errorCode;
      dispatch(microDepositAmountsRejected({ errorCode }));
      if (!microDepositInlineMessage(errorCode)) dispatch(toastShown(serverMessage(caught) ?? FundingMessages.microFallback, 'error'));
    }
  }

  const amountField = (name: AmountName, label: string) => (
    <AmountField
      label={label}
      name={name}
      placeholder="0.00"
      mask={maskMicroDepositAmount}
      value={amounts[name]}
      error={fieldError(name)}
      onChange={(value) => {
        setAmounts((current) => ({ ...current, [name]: value }));
        if (error) dispatch(microDepositAmountsEdited());
      }}
      onBlur={() => {
        setTouched((current) => ({ ...current, [name]: true }));
        // A valid amount then shows as the money it is read as: "0.5" becomes 0.50.
        setAmounts((current) => {
          const cents = parseMicroDepositAmount(current[name]);
          return cents === null ? current : { ...current, [name]: centsToDecimal(cents) };
        });
      }}
    />
  );

  return (
    <Modal
      open
      title={MICRO_VERIFY_TEXT.title}
      width={MICRO_DEPOSIT_VERIFY_MODAL.width}
      height={MICRO_DEPOSIT_VERIFY_MODAL.height}
      step={step}
      onClose={close}
      footer={
        step === 'success' ? (
          <Button fullWidth onClick={close}>
            Done
          </Button>
        ) : (
          <div className="funding-form__actions">
            <Button variant="secondary" onClick={close} disabled={isLoading}>
              Dismiss
            </Button>
            <Button type="submit" form="micro-verify" disabled={!valid} loading={isLoading}>
              Next
            </Button>
          </div>
        )
      }
    >
      {step === 'success' ? (
        <div className="funding-success" role="status">
          <CheckCircleIcon size={40} className="funding-success__icon" />
          <p className="funding-success__title">{MICRO_VERIFY_TEXT.successTitle}</p>
          <p className="funding-text">{MICRO_VERIFY_TEXT.successBody}</p>
          {inWithdrawal ? <p className="funding-text funding-text--muted">{MICRO_VERIFY_TEXT.withdrawalNotice}</p> : null}
        </div>
      ) : (
        <form id="micro-verify" className="funding-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="funding-text">{intro(method?.paymentMethodNumber.slice(-4) ?? '····')}</p>
          {amountField('amount1', '1st Amount')}
          {amountField('amount2', '2nd Amount')}
          <p className="funding-text funding-text--muted">{MICRO_VERIFY_TEXT.centsHint}</p>
          {error ? (
            <p className="funding-inline-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
