import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { selectAllAccounts, useGetAccountsQuery } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { selectFlags, useGetConfigQuery } from '../../api/configApi';
import { useGetUserPropertiesQuery, usePatchUserPropertiesMutation } from '../../api/depositsApi';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EmptyState, ErrorState, Spinner } from '../../ui';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import {
  depositFlowClosed,
  destinationChosen,
  reviewBackPressed,
  selectDepositDraft,
  tryAgainChosen,
  type DepositResultScreen,
  type DepositStep,
} from '../deposits/depositDraftSlice';
import { openDepositFlow } from '../deposits/depositThunks';
import { isRecurringFrequency, linkSchedule } from '../deposits/depositRules';
import { resultCopy } from '../deposits/depositCopy';
import { LimitExceededDialog } from '../deposits/LimitExceededDialog';
import { firstRecurringRun, useMarketToday } from '../config/marketClock';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import { accountLabel, describeSchedule, formatCalendarDate } from '../moneyFlow/moneyFormat';
import { resultDates } from '../moneyFlow/quoteWords';
import { chooseIraDestination, isRetirementAccount } from './iraDepositRules';
import { IRA_MATCH_WELCOME_SEEN, selectShowIraMatchWelcome } from './iraDepositSelectors';
import { IraMatchWelcome } from './IraMatchWelcome';
import { AmountStep } from './steps/AmountStep';
import { ReviewStep } from './steps/ReviewStep';
import { ResultStep } from './steps/ResultStep';
import './iraDeposit.css';

export interface IraDepositFlowProps {
  presentation: 'page' | 'modal';
  /** The IRA to deposit into: the last digits of its number (the `account` query parameter). */
  accountDigits?: string | null;
  onClose: () => void;
  /** Today's calendar date ('yyyy-MM-dd'); tests pass a fixed one. */
  today?: string;
}

const IRA_MODAL_WIDTH_PX = 496;

const isResultScreen = (step: DepositStep): step is DepositResultScreen => step !== 'root' && step !== 'deposit-review';

/**
 * The IRA deposit (deposits-and-transfers.md section 2 'IRA deposit flow'): amount, deposit-review, then a
 * success or an error screen. It runs on the deposit draft (persisted: a reload keeps it) and the deposit flow's
 * Next and Confirm, which send the contribution year with the intent and confirm with the draft's idempotency
 * key; the year, its room and Max are this flow's own. The 1% match welcome opens over it once per customer.
 */
export default function IraDepositFlow({ presentation, accountDigits = null, onClose, today: todayProp }: IraDepositFlowProps) {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const marketToday = useMarketToday();
  const today = todayProp ?? marketToday;
  const draft = useAppSelector(selectDepositDraft);
  const accountsQuery = useGetAccountsQuery();
  const methodsQuery = useGetPaymentMethodsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  const flags = useAppSelector(selectFlags);
  useGetConfigQuery();
  useGetUserPropertiesQuery();
  const welcomeDue = useAppSelector(selectShowIraMatchWelcome);
  const [welcomeAnswered, setWelcomeAnswered] = useState(false);
  const [patchUserProperties] = usePatchUserPropertiesMutation();

  const iras = useMemo(() => accounts.filter(isRetirementAccount), [accounts]);
  // The IRA picked in the To field wins over the address and the draft.
  const [picked, setPicked] = useState<string | null>(null);
  const destination =
    iras.find((account) => account.accountUuid === picked) ??
    chooseIraDestination(iras, { accountDigits, draftDestination: draft.destinationAccountUuid, selected });
  const destinationUuid = destination?.accountUuid ?? null;
  const pickDestination = (uuid: string) => {
    // The draft keeps the amount, year and source; only the attempt is forgotten.
    dispatch(destinationChosen(uuid));
    setPicked(uuid);
  };

  // The draft follows this IRA: a draft in progress for it is kept (a reload), any other starts afresh.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  // The link's schedule as it is when the draft opens; the effect runs when the IRA changes only.
  const openDraftFor = useEffectEvent((uuid: string) => {
    // The link's schedule wins over the draft's, as in the deposit flow (a prior tax year then makes it one-time).
    dispatch(openDepositFlow({ destinationAccountUuid: uuid, ...linkSchedule(params) }, new Date().toISOString()));
  });
  useEffect(() => {
    if (!destinationUuid || openedFor === destinationUuid) return;
    openDraftFor(destinationUuid);
    setOpenedFor(destinationUuid);
  }, [destinationUuid, openedFor]);
  const ready = destinationUuid !== null && openedFor === destinationUuid && draft.destinationAccountUuid === destinationUuid;

  const close = () => {
    dispatch(depositFlowClosed());
    onClose();
  };

  const answerWelcome = () => {
    setWelcomeAnswered(true);
    void patchUserProperties({ properties: { [IRA_MATCH_WELCOME_SEEN]: true } });
  };

  const step = draft.step;
  const result = isResultScreen(step) && ready ? resultFor(step) : null;
  const title = step === 'root' ? 'IRA deposit' : step === 'deposit-review' ? 'Review deposit' : (result?.title ?? 'IRA deposit');

  function resultFor(screen: DepositResultScreen) {
    const source = draft.source;
    const sourceName =
      source?.kind === 'internalAccount'
        ? (() => {
            const account = accounts.find((candidate) => candidate.accountUuid === source.id);
            return account ? accountLabel(account) : 'your account';
          })()
        : 'your bank';
    return resultCopy(screen, {
      outcome: draft.outcome,
      sourceName,
      destinationName: destination ? accountLabel(destination) : 'your IRA',
      scheduleText: describeSchedule(draft),
      startText: formatCalendarDate(firstRecurringRun(today, draft)?.date ?? today),
      highYieldRate: null,
      // Next that got no answer made no intent: Try again goes back to the amount, which the draft still holds.
      canRetry: draft.intentId !== null || isRecurringFrequency(draft.frequency) || draft.outcome?.depositId === null,
      dates: resultDates(draft.outcome?.made ?? null),
    });
  }

  let body: ReactNode;
  if (accountsQuery.isLoading || methodsQuery.isLoading) {
    body = <Spinner label="Loading your accounts" />;
  } else if (accountsQuery.isError && !accountsQuery.data) {
    body = (
      <ErrorState
        title="We couldn't load your accounts"
        body={errorMessage(accountsQuery.error)}
        onRetry={() => void accountsQuery.refetch()}
      />
    );
  } else if (!destination) {
    body = <EmptyState title="No retirement account yet" body="Open a traditional or Roth IRA to contribute to it." />;
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (step === 'root') {
    body = <AmountStep iras={iras} destination={destination} today={today} onDestinationChange={pickDestination} />;
  } else if (step === 'deposit-review') {
    body = <ReviewStep destination={destination} today={today} />;
  } else if (result) {
    body = (
      <ResultStep
        tone={result.tone}
        body={result.body}
        buttons={result.buttons}
        year={draft.iraContributionYear}
        matchPercent={flags.iraMatchPercent}
        onDone={close}
        onTryAgain={() => dispatch(tryAgainChosen())}
      />
    );
  }

  const welcome = (closeFlow: (() => void) | undefined) =>
    welcomeDue && !welcomeAnswered ? (
      <IraMatchWelcome
        matchPercent={flags.iraMatchPercent}
        onDeposit={answerWelcome}
        onClose={() => {
          answerWelcome();
          // As a dialog over another page, closing the welcome closes the deposit; on its own page it stays.
          closeFlow?.();
        }}
      />
    ) : null;
  const limitDialog = ready && draft.limitDialog ? <LimitExceededDialog /> : null;

  return (
    <FlowFrame
      presentation={presentation}
      page="title"
      block="ff-ira-deposit"
      title={title}
      onClose={close}
      width={IRA_MODAL_WIDTH_PX}
      step={step}
      onBack={step === 'deposit-review' ? () => dispatch(reviewBackPressed()) : undefined}
      onCancel={close}
      intro={welcome}
      overlay={limitDialog}
    >
      {body}
    </FlowFrame>
  );
}
