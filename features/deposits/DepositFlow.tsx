import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import type { Account } from '../../api/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useGetDepositLimitsQuery } from '../../api/depositsApi';
import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AlertIcon, Button, EmptyState, ErrorState, Spinner } from '../../ui';
import { reviewBackPressed, selectDepositDraft, type DepositStep } from './depositDraftSlice';
import { depositAccountsArrived, depositFlowCloseChosen, depositMethodsArrived } from './depositThunks';
import { DepositGateWords, selectDepositDestinations, selectDepositGate, selectIsHighYieldDestination } from './depositSelectors';
import { resultTitle } from './depositCopy';
import { LimitExceededDialog } from './LimitExceededDialog';
import { AmountStep } from './steps/AmountStep';
import { ReviewStep } from './steps/ReviewStep';
import { ResultStep } from './steps/ResultStep';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import '../moneyFlow/moneyFlow.css';

export interface DepositFlowProps {
  presentation: 'modal' | 'page';
  /** The flow closed (Done, Dismiss, Cancel, the close button) from this step. */
  onClose: (fromStep: DepositStep) => void;
  /** Weekend days for weekly and biweekly deposits (off unless a market allows them). */
  allowWeekends?: boolean;
}

/**
 * The deposit funds flow (deposits-and-transfers.md 2 and 4): amount, From, To and Frequency; the review with
 * Confirm; then a result screen, or the limit-exceeded dialog. As a modal (the regularDeposit flag) or a page.
 */
export default function DepositFlow({ presentation, onClose, allowWeekends = false }: DepositFlowProps) {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const draft = useAppSelector(selectDepositDraft);
  const accounts = useGetAccountsQuery();
  const methods = useGetPaymentMethodsQuery();
  useGetDepositLimitsQuery();
  const isHighYield = useAppSelector(selectIsHighYieldDestination);
  const highYield = useGetHighYieldAccountQuery(undefined, { skip: !isHighYield });
  const destinations = useAppSelector(selectDepositDestinations);
  const gate = useAppSelector(selectDepositGate);
  const navigate = useNavigate();

  // Open (or resume) the draft once the accounts are known, so ?destination= can be resolved.
  const opened = useRef(false);
  // The link and the accounts as they are when they arrive; the effect runs on their arrival only.
  const accountsArrived = useEffectEvent((arrived: Account[]) => {
    dispatch(depositAccountsArrived(arrived, params, new Date().toISOString()));
  });
  useEffect(() => {
    if (opened.current || !accounts.isSuccess) return;
    opened.current = true;
    accountsArrived(Object.values(accounts.data.entities));
  }, [accounts.isSuccess, accounts.data]);

  // Preselect a source once per draft, and again when the linked methods change (a relink in place): ?id= (a
  // payment method) the first time, else the preselect rule (selectSourceToPreselect), which keeps a usable choice.
  const sourcedDraft = useRef<{ draftId: string; methods: unknown } | null>(null);
  // The link's ?id= and whether the draft has a source, as they are when the methods arrive.
  const methodsArrived = useEffectEvent((firstForDraft: boolean) => {
    const requestedId = !firstForDraft || draft.source ? null : params.get('id');
    dispatch(depositMethodsArrived(requestedId, new Date().toISOString()));
  });
  useEffect(() => {
    // Only while the source can still be chosen: a review or result keeps the source it was made with.
    if (!draft.draftId || !draft.destinationAccountUuid || !methods.isSuccess || draft.step !== 'root') return;
    const last = sourcedDraft.current;
    if (last?.draftId === draft.draftId && last.methods === methods.data) return;
    sourcedDraft.current = { draftId: draft.draftId, methods: methods.data };
    methodsArrived(last?.draftId !== draft.draftId);
  }, [draft.draftId, draft.destinationAccountUuid, draft.step, methods.isSuccess, methods.data]);

  const close = () => onClose(dispatch(depositFlowCloseChosen()));

  // Only a first load that failed blocks the flow: a refetch that fails (a confirmation's invalidation while the
  // server is unreachable) keeps what was loaded, so a result screen and its Try again stay on screen.
  const loadFailed = (accounts.isError && !accounts.data) || (methods.isError && !methods.data);
  const ready = accounts.data !== undefined && methods.data !== undefined && draft.draftId !== null;

  // A high-yield deposit shows the account's rate and balance and needs its status (it decides whether recurring
  // is allowed), so the amount step waits for a first answer; a failure offers Try again. The spec has no copy
  // for this: the title names what failed, the body is the API's message (a 429's says how long to wait). The
  // draft keeps anything already chosen, so nothing is lost meanwhile.
  const highYieldFailed = isHighYield && highYield.isError && !highYield.data && draft.step === 'root';

  /** The application's page: the deposit closes first, so the flow does not stay open over it. */
  const finishApplication = () => {
    close();
    navigate(APPLICATION_PATH);
  };

  let body: ReactNode;
  if (gate === 'finishApplication') {
    // An application not yet complete: no form the server would refuse ("account pending"), only the way on.
    body = (
      <EmptyState
        icon={<AlertIcon size={24} />}
        title={DepositGateWords.finishTitle}
        body={<p>{DepositGateWords.finishBody}</p>}
        action={<Button onClick={finishApplication}>{DepositGateWords.finishButton}</Button>}
      />
    );
  } else if (loadFailed) {
    body = (
      <ErrorState
        title="We couldn't load your accounts"
        body="Please try again."
        onRetry={() => void Promise.all([accounts.refetch(), methods.refetch()])}
      />
    );
  } else if (highYieldFailed) {
    body = (
      <ErrorState
        title="We couldn't load your high-yield cash account"
        body={errorMessage(highYield.error)}
        onRetry={() => void highYield.refetch()}
      />
    );
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (draft.step === 'root') {
    body = (
      <AmountStep
        allowWeekends={allowWeekends}
        highYield={isHighYield ? (highYield.data?.highYieldAccount ?? null) : null}
        showDestinationChoice={destinations.length > 1}
      />
    );
  } else if (draft.step === 'deposit-review') {
    body = <ReviewStep />;
  } else {
    body = <ResultStep onClose={close} highYieldRate={highYield.data?.highYieldAccount?.rate ?? null} />;
  }

  const title = stepTitle(draft.step, draft.source?.kind === 'internalAccount');
  const onBack = draft.step === 'deposit-review' ? () => dispatch(reviewBackPressed()) : undefined;
  const dialog = draft.limitDialog ? <LimitExceededDialog /> : null;

  return (
    <FlowFrame
      presentation={presentation}
      page="bar"
      block="ff-deposit"
      title={title}
      onClose={close}
      onBack={onBack}
      step={draft.step}
      onCancel={draft.step === 'root' || draft.step === 'deposit-review' ? close : undefined}
      overlay={dialog}
    >
      {body}
    </FlowFrame>
  );
}

/** Where an incomplete application is finished (routeTable: 'Finish your application'). */
const APPLICATION_PATH = '/setup-investing';

function stepTitle(step: DepositStep, transfer: boolean): string {
  if (step === 'root') return 'Deposit funds';
  if (step === 'deposit-review') return transfer ? 'Review transfer' : 'Review deposit';
  return resultTitle(step);
}
