import { useId, useState } from 'react';
import { useLazyGetBankByRoutingNumberQuery, useLinkMicroDepositsMutation } from '../../api/bankLinkApi';
import { errorMessage } from '../../api/apiError';
import {
  FundingValidationMessages,
  isValidMicroDepositAccount,
  MICRO_DEPOSIT_ACCOUNT_MAX,
  ROUTING_NUMBER_LENGTH,
} from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, CheckCircleIcon, cx, Modal, TextField, UNRECORDED } from '../../ui';
import { maskedNumber } from '../paymentMethods/paymentMethodSelectors';
import {
  accountTypeChosen,
  bankInfoReopened,
  bankInfoSubmitted,
  microDepositLinkFailed,
  microDepositLinkReset,
  microDepositLinkSucceeded,
  selectMicroDepositLink,
  type BankAccountType,
} from './microDepositLinkSlice';
import './fundingMethods.css';

export const MICRO_LINK_TEXT = {
  title: 'Link with micro-deposits',
  accountTypeQuestion: 'What kind of account is this?',
  successTitle: 'Look for two tiny deposits from Fundflow in 3-5 business days',
  successUnderOneDollar: 'Each deposit is under $1.',
  successNext: "When they arrive, tap 'Finalize bank link' on the home page and enter the two amounts.",
} as const;

export interface BankInfoValues {
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
}

// The micro-deposit form's routing rule is exactly 9 digits (the table in section 5); the server also checks
// the ABA checksum and answers with its own message.
const ROUTING_DIGITS = new RegExp(`^\\d{${ROUTING_NUMBER_LENGTH}}$`);

/** Field errors of the bank-info step, with the validation table's messages. */
export function bankInfoErrors(values: BankInfoValues): Partial<Record<keyof BankInfoValues, string>> {
  const errors: Partial<Record<keyof BankInfoValues, string>> = {};
  if (!ROUTING_DIGITS.test(values.routingNumber)) errors.routingNumber = FundingValidationMessages.microRoutingNumber;
  if (!isValidMicroDepositAccount(values.accountNumber)) errors.accountNumber = FundingValidationMessages.microAccountNumber;
  if (values.confirmAccountNumber !== values.accountNumber || values.confirmAccountNumber === '')
    errors.confirmAccountNumber = FundingValidationMessages.accountNumbersDiffer;
  return errors;
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');
const ACCOUNT_TYPES: Array<{ value: BankAccountType; label: string }> = [
  { value: 'CHECKING', label: 'Checking' },
  { value: 'SAVINGS', label: 'Savings' },
];

/** The micro-deposit link modal (2.5): bankInfo → accountType → success. */
export default function MicroDepositLinkModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectMicroDepositLink);
  // Full numbers live only in this component's state (the form), never in the store.
  const [values, setValues] = useState<BankInfoValues>({ routingNumber: '', accountNumber: '', confirmAccountNumber: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof BankInfoValues, boolean>>>({});
  const [lookupBank, lookup] = useLazyGetBankByRoutingNumberQuery();
  const [link, linking] = useLinkMicroDepositsMutation();
  const typeName = useId();
  const errors = bankInfoErrors(values);
  const valid = Object.keys(errors).length === 0;

  const close = () => {
    dispatch(microDepositLinkReset());
    onClose();
  };

  const field = (name: keyof BankInfoValues, label: string, maxLength: number) => (
    <TextField
      {...UNRECORDED}
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      maxLength={maxLength}
      value={values[name]}
      error={touched[name] ? errors[name] : undefined}
      onChange={(event) => setValues((current) => ({ ...current, [name]: digitsOnly(event.target.value) }))}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
    />
  );

  async function submitBankInfo(event: React.FormEvent) {
    event.preventDefault();
    setTouched({ routingNumber: true, accountNumber: true, confirmAccountNumber: true });
    if (!valid) return;
    // The bank's name is a nicety: a failed lookup falls through silently (7.2).
    const institutions = await lookupBank(values.routingNumber, true)
      .unwrap()
      .catch(() => []);
    dispatch(bankInfoSubmitted({ accountLast4: values.accountNumber.slice(-4), bankName: institutions[0]?.name ?? null }));
  }

  async function submitAccountType(event: React.FormEvent) {
    event.preventDefault();
    if (!state.bankAccountType) return;
    try {
      const result = await link({
        bankAccount: values.accountNumber,
        routingNumber: values.routingNumber,
        bankAccountType: state.bankAccountType,
      }).unwrap();
      dispatch(microDepositLinkSucceeded({ paymentMethodId: result.linkedPaymentMethod.id }));
    } catch (error) {
      dispatch(microDepositLinkFailed(errorMessage(error)));
    }
  }

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (state.step === 'bankInfo') {
    body = (
      <form id="micro-bank-info" className="funding-form" onSubmit={(event) => void submitBankInfo(event)} noValidate>
        <p className="funding-text funding-text--muted">
          We'll send two small deposits to this account. You'll find its routing and account numbers on a check or in your bank's app.
        </p>
        {field('routingNumber', 'Routing number', ROUTING_NUMBER_LENGTH)}
        {field('accountNumber', 'Account number', MICRO_DEPOSIT_ACCOUNT_MAX)}
        {field('confirmAccountNumber', 'Confirm account number', MICRO_DEPOSIT_ACCOUNT_MAX)}
      </form>
    );
    footer = (
      <Button type="submit" form="micro-bank-info" fullWidth disabled={!valid} loading={lookup.isFetching}>
        Next
      </Button>
    );
  } else if (state.step === 'accountType') {
    body = (
      <form id="micro-account-type" className="funding-form" onSubmit={(event) => void submitAccountType(event)} noValidate>
        <p className="funding-text funding-text--muted">
          {state.bankName ? `${state.bankName} · ` : ''}
          {state.accountLast4 ? maskedNumber(state.accountLast4) : ''}
        </p>
        <fieldset className="funding-choice">
          <legend className="funding-choice__legend">{MICRO_LINK_TEXT.accountTypeQuestion}</legend>
          {ACCOUNT_TYPES.map((type) => (
            <label
              key={type.value}
              className={cx('funding-choice__option', state.bankAccountType === type.value && 'funding-choice__option--checked')}
            >
              <input
                type="radio"
                name={typeName}
                value={type.value}
                checked={state.bankAccountType === type.value}
                onChange={() => dispatch(accountTypeChosen(type.value))}
              />
              <span className="funding-choice__title">{type.label}</span>
            </label>
          ))}
        </fieldset>
        {state.error ? (
          <p className="funding-inline-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </form>
    );
    footer = (
      <Button type="submit" form="micro-account-type" fullWidth disabled={!state.bankAccountType} loading={linking.isLoading}>
        Next
      </Button>
    );
  } else {
    body = (
      <div className="funding-success" role="status">
        <CheckCircleIcon size={40} className="funding-success__icon" />
        <p className="funding-success__title">{MICRO_LINK_TEXT.successTitle}</p>
        <p className="funding-text">{MICRO_LINK_TEXT.successUnderOneDollar}</p>
        <p className="funding-text funding-text--muted">{MICRO_LINK_TEXT.successNext}</p>
      </div>
    );
    footer = (
      <Button fullWidth onClick={close}>
        Done
      </Button>
    );
  }

  return (
    <Modal
      open
      title={MICRO_LINK_TEXT.title}
      onClose={close}
      onBack={state.step === 'accountType' ? () => dispatch(bankInfoReopened()) : undefined}
      step={state.step}
      footer={footer}
    >
      {body}
    </Modal>
  );
}
