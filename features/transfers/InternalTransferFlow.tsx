import { useEffect, type ReactNode } from 'react';
import { selectAllAccounts, useGetAccountsQuery } from '../../api/accountsApi';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EmptyState, ErrorState, Spinner } from '../../ui';
import { useMarketToday } from '../config/marketClock';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import { TransferMessages, transferSourceOptions } from './internalTransferRules';
import {
  internalTransferClosed,
  internalTransferOpened,
  selectInternalTransferState,
  transferReviewBackPressed,
  type InternalTransferStep,
} from './internalTransferSlice';
import { AmountStep } from './steps/AmountStep';
import { ReviewStep } from './steps/ReviewStep';
import { SuccessStep } from './steps/SuccessStep';
import { FailureStep } from './steps/FailureStep';
import './internalTransfer.css';

export interface InternalTransferFlowProps {
  presentation: 'modal' | 'page';
  onClose: () => void;
  /** Today's calendar date ('yyyy-MM-dd'), for the contribution years of an IRA destination; tests pass one. */
  today?: string;
}

const TRANSFER_MODAL_WIDTH_PX = 496;

const TITLES: Record<InternalTransferStep, string> = {
  amount: 'Transfer between accounts',
  'transfer-review': 'Review transfer',
  'transfer-success': 'Transfer complete',
  'deposit-failed-insufficient-funds': TransferMessages.failedTitle,
  'hyca-transfer-error': TransferMessages.failedTitle,
};

/**
 * A transfer between two of the customer's own accounts: amount, From and To (and a contribution year for an
 * IRA) → initiateTransfer → review → confirmTransfer with an idempotency key → transfer-success, or 'Transfer
 * failed' (hyca-transfer-error), or the insufficient-funds message.
 */
export default function InternalTransferFlow({ presentation, onClose, today: todayProp }: InternalTransferFlowProps) {
  const dispatch = useAppDispatch();
  const marketToday = useMarketToday();
  const today = todayProp ?? marketToday;
  const { step } = useAppSelector(selectInternalTransferState);
  const accountsQuery = useGetAccountsQuery();
  const accounts = useAppSelector(selectAllAccounts);

  useEffect(() => {
    dispatch(internalTransferOpened());
  }, [dispatch]);

  const close = () => {
    dispatch(internalTransferClosed());
    onClose();
  };

  let body: ReactNode;
  if (accountsQuery.isLoading) {
    body = <Spinner label="Loading your accounts" />;
  } else if (accountsQuery.isError) {
    body = (
      <ErrorState
        title="We couldn't load your accounts"
        body={errorMessage(accountsQuery.error)}
        onRetry={() => void accountsQuery.refetch()}
      />
    );
  } else if (transferSourceOptions(accounts, null).length === 0 || accounts.length < 2) {
    body = <EmptyState title="Nothing to transfer between" body="You need two Fundflow accounts to move money between them." />;
  } else if (step === 'amount') {
    body = <AmountStep today={today} />;
  } else if (step === 'transfer-review') {
    body = <ReviewStep />;
  } else if (step === 'transfer-success') {
    body = <SuccessStep onDone={close} />;
  } else {
    body = <FailureStep insufficientFunds={step === 'deposit-failed-insufficient-funds'} onDismiss={close} />;
  }

  return (
    <FlowFrame
      presentation={presentation}
      page="title"
      block="ff-transfer"
      title={TITLES[step]}
      onClose={close}
      width={TRANSFER_MODAL_WIDTH_PX}
      step={step}
      onBack={step === 'transfer-review' ? () => dispatch(transferReviewBackPressed()) : undefined}
      onCancel={close}
    >
      {body}
    </FlowFrame>
  );
}
