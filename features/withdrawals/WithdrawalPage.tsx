import { useEffect, useEffectEvent, type ReactNode } from 'react';
import type { Account, PaymentMethod } from '../../api/contract';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import type { WithdrawalVariant } from '../../api/contract/values';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { safeOrigin } from '../../src/routes/safeOrigin';
import { ErrorState, Spinner } from '../../ui';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import { withdrawalVariantForPath } from './withdrawalRules';
import { reviewBackPressed, selectWithdrawalState, withdrawalClosed, type WithdrawalStep } from './withdrawalSlice';
import { withdrawalAccountsArrived } from './withdrawalThunks';
import { WithdrawalMessages } from './withdrawalCopy';
import { AmountStep } from './steps/AmountStep';
import { ReviewStep } from './steps/ReviewStep';
import { ResultStep } from './steps/ResultStep';
import '../moneyFlow/moneyFlow.css';
import './withdrawals.css';

const STEP_TITLES: Record<Exclude<WithdrawalStep, 'result'>, (variant: WithdrawalVariant) => string> = {
  amount: (variant) => WithdrawalMessages.titles[variant],
  review: () => WithdrawalMessages.review,
};

/**
 * The withdrawal pages: /settings/v2/withdrawal (brokerage), /ira/withdrawal (traditional or Roth IRA, with a
 * tax withholding choice and a distribution reason) and /high-yield/withdraw. Available to withdraw, amount,
 * destination bank; the review with Confirm; then the result. Closing returns to ?origin=, else the portfolio.
 */
export default function WithdrawalPage({ variant: forced }: { variant?: WithdrawalVariant }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const variant = forced ?? withdrawalVariantForPath(location.pathname);
  const accounts = useGetAccountsQuery();
  const methods = useGetPaymentMethodsQuery();
  const flow = useAppSelector(selectWithdrawalState);

  // Open the flow once accounts and banks are known (again after a close): the account on show when the page
  // offers it, and the default bank.
  // The accounts and banks as they are when the flow opens; the effect runs on their arrival (or a new variant) only.
  const openWith = useEffectEvent((arrived: Account[], banks: PaymentMethod[]) => {
    dispatch(withdrawalAccountsArrived(variant, arrived, banks));
  });
  useEffect(() => {
    if (!accounts.isSuccess || !methods.isSuccess || flow.variant === variant) return;
    openWith(Object.values(accounts.data.entities), Object.values(methods.data.entities));
  }, [accounts.isSuccess, accounts.data, methods.isSuccess, methods.data, flow.variant, variant]);
  useEffect(() => () => void dispatch(withdrawalClosed()), [dispatch]);

  const close = () => {
    dispatch(withdrawalClosed());
    navigate(safeOrigin(params.get('origin')) ?? '/portfolio');
  };

  const ready = accounts.isSuccess && methods.isSuccess && flow.variant === variant;
  let body: ReactNode;
  if (accounts.isError || methods.isError) {
    body = (
      <ErrorState
        title={WithdrawalMessages.loadFailed}
        body={errorMessage(accounts.error ?? methods.error)}
        onRetry={() => void Promise.all([accounts.refetch(), methods.refetch()])}
      />
    );
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (flow.step === 'amount') {
    body = <AmountStep variant={variant} />;
  } else if (flow.step === 'review') {
    body = <ReviewStep />;
  } else {
    body = <ResultStep onClose={close} />;
  }

  const title = flow.step === 'result' || !ready ? WithdrawalMessages.titles[variant] : STEP_TITLES[flow.step](variant);
  return (
    <div className="page">
      <FlowFrame
        presentation="page"
        page="bar"
        block="ff-deposit"
        className="ff-withdrawal"
        title={title}
        onClose={close}
        step={flow.step}
        onBack={ready && flow.step === 'review' && !flow.submitting ? () => dispatch(reviewBackPressed()) : undefined}
        onCancel={flow.step !== 'result' ? close : undefined}
      >
        {body}
      </FlowFrame>
    </div>
  );
}
