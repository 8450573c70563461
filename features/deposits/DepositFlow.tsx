import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useGetDepositLimitsQuery } from '../../api/depositsApi';
import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { errorMessage } from '../../api/apiError';
import {
  DEPOSIT_MIN_CENTS,
  DEPOSIT_PRESETS_DOLLARS,
  FREQUENCIES,
  WEEKDAYS,
  formatCents,
  moneyToCents,
  recurringStartDate,
  splitOverBankRoom,
  type Frequency,
  type Weekday,
} from '../../api/contract/values';
import type { HighYieldAccount } from '../../api/contract';
import { dayWords } from '../moneyFlow/quoteWords';
import { QuoteSummary } from '../moneyFlow/QuoteSummary';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { AlertIcon, AmountField, Amount, Button, Chips, EmptyState, ErrorState, InfoIcon, Notice, SelectField, Spinner, Stack, Stat } from '../../src/ui';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectCurrentUser } from '../session/sessionSlice';
import {
  amountCommitted,
  depositFlowClosed,
  destinationChosen,
  reviewBackPressed,
  scheduleChosen,
  selectDepositDraft,
  sourceChosen,
  type DepositStep,
} from './depositDraftSlice';
import { depositConfirmPressed, depositNextPressed, openDepositFlow } from './depositEvents';
import {
  amountInputToCents,
  amountProblemMessage,
  centsToAmountInput,
  initialDestination,
  isRecurringFrequency,
  linkSchedule,
} from './depositRules';
import {
  DepositGateWords,
  selectDepositGate,
  selectSourceToPreselect,
  selectDepositConfirmRunning,
  selectDepositDestination,
  selectDepositDestinations,
  selectDepositNextRunning,
  selectDepositNextState,
  selectInternalOptions,
  selectIsHighYieldDestination,
  selectMethodOptions,
  selectRecurringDisabledReason,
  limitMeterOf,
} from './depositSelectors';
import { accountLabel, describeSchedule, formatCalendarDate, FREQUENCY_LABELS, methodLabel, ordinal, WEEKDAY_LABELS } from '../moneyFlow/moneyFormat';
import { useDepositStartingDate, useMarketToday } from '../config/marketClock';
import { REVIEW_FOOTNOTES } from '../moneyFlow/moneyCopy';
import { DepositResult } from './DepositResult';
import { resultTitle } from './depositCopy';
import { LimitExceededDialog } from './LimitExceededDialog';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import { ReviewRow } from '../moneyFlow/ReviewRow';
import '../moneyFlow/moneyFlow.css';
import { DepositSourceField } from './DepositSourceField';
import { useLinkBank } from './useLinkBank';

export interface DepositFlowProps {
  presentation: 'modal' | 'page';
  /** The flow closed (Done, Dismiss, Cancel, the close button) from this step. */
  onClose(fromStep: DepositStep): void;
  /** Weekend days for weekly and biweekly deposits (off unless a market allows them). */
  allowWeekends?: boolean;
}

/**
 * The deposit funds flow (deposits-and-transfers.md 2 and 4): amount, From, To and Frequency; the review with
 * Confirm; then a result screen, or the limit-exceeded dialog. As a modal (the regularDeposit flag) or a page.
 */
export default function DepositFlow({ presentation, onClose, allowWeekends = false }: DepositFlowProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [params] = useSearchParams();
  const draft = useAppSelector(selectDepositDraft);
  const accounts = useGetAccountsQuery();
  const methods = useGetPaymentMethodsQuery();
  useGetDepositLimitsQuery();
  const isHighYield = useAppSelector(selectIsHighYieldDestination);
  const highYield = useGetHighYieldAccountQuery(undefined, { skip: !isHighYield });
  const selectedAccount = useAppSelector(selectSelectedAccount);
  const destinations = useAppSelector(selectDepositDestinations);
  const gate = useAppSelector(selectDepositGate);
  const navigate = useNavigate();

  // Open (or resume) the draft once the accounts are known, so ?destination= can be resolved.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !accounts.isSuccess) return;
    opened.current = true;
    const destination = params.get('destination');
    const accountDigits = params.get('account');
    const explicit = destination !== null || accountDigits !== null;
    const resolved = initialDestination({
      accounts: Object.values(accounts.data.entities),
      destination,
      accountDigits,
      selectedAccountUuid: selectedAccount?.accountUuid ?? null,
      applicationStatus: selectCurrentUser(store.getState())?.applicationStatus ?? null,
    });
    dispatch(
      openDepositFlow(
        {
          destinationAccountUuid: explicit ? (resolved?.accountUuid ?? null) : null,
          ...linkSchedule(params),
          flow: params.get('flow'),
        },
        new Date().toISOString(),
      ),
    );
    if (!selectDepositDraft(store.getState()).destinationAccountUuid && resolved) dispatch(destinationChosen(resolved.accountUuid));
  }, [accounts.isSuccess]);

  // Preselect a source once per draft, and again when the linked methods change (a relink in place): ?id= (a
  // payment method) the first time, else the preselect rule (selectSourceToPreselect), which keeps a usable choice.
  const sourcedDraft = useRef<{ draftId: string; methods: unknown } | null>(null);
  useEffect(() => {
    // Only while the source can still be chosen: a review or result keeps the source it was made with.
    if (!draft.draftId || !draft.destinationAccountUuid || !methods.isSuccess || draft.step !== 'root') return;
    const last = sourcedDraft.current;
    if (last?.draftId === draft.draftId && last.methods === methods.data) return;
    sourcedDraft.current = { draftId: draft.draftId, methods: methods.data };
    const state = store.getState();
    const requestedId = last?.draftId === draft.draftId || draft.source ? null : params.get('id');
    const requested = requestedId ? selectMethodOptions(state).find((option) => option.method.id === requestedId && option.disabledReason === null)?.method : undefined;
    if (requested) {
      dispatch(sourceChosen({ kind: 'paymentMethod', id: requested.id, fundingSourceType: requested.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'ACH' }));
      return;
    }
    const preselect = selectSourceToPreselect(state, new Date().toISOString());
    if (preselect) dispatch(sourceChosen(preselect));
  }, [draft.draftId, draft.destinationAccountUuid, draft.step, methods.isSuccess, methods.data]);

  const close = () => {
    const fromStep = selectDepositDraft(store.getState()).step;
    dispatch(depositFlowClosed());
    onClose(fromStep);
  };

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
    body = <ErrorState title="We couldn't load your accounts" body="Please try again." onRetry={() => void Promise.all([accounts.refetch(), methods.refetch()])} />;
  } else if (highYieldFailed) {
    body = <ErrorState title="We couldn't load your high-yield cash account" body={errorMessage(highYield.error)} onRetry={() => void highYield.refetch()} />;
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (draft.step === 'root') {
    body = (
      <DepositFundsStep
        allowWeekends={allowWeekends}
        highYield={isHighYield ? (highYield.data?.highYieldAccount ?? null) : null}
        showDestinationChoice={destinations.length > 1}
      />
    );
  } else if (draft.step === 'deposit-review') {
    body = <DepositReviewStep />;
  } else {
    body = <DepositResult onClose={close} highYieldRate={highYield.data?.highYieldAccount?.rate ?? null} />;
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

// ---- deposit funds ----

interface DepositFundsStepProps {
  allowWeekends: boolean;
  highYield: HighYieldAccount | null;
  showDestinationChoice: boolean;
}

const PRESET_OPTIONS = DEPOSIT_PRESETS_DOLLARS.map((dollars) => ({ value: String(dollars * 100), label: formatCents(dollars * 100, { whole: true }) }));

function DepositFundsStep({ allowWeekends, highYield, showDestinationChoice }: DepositFundsStepProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDepositDraft);
  const flags = useAppSelector(selectFlags);
  const methodOptions = useAppSelector(selectMethodOptions);
  const destinations = useAppSelector(selectDepositDestinations);
  const destination = useAppSelector(selectDepositDestination);
  const recurringDisabled = useAppSelector(selectRecurringDisabledReason);
  const oneTimeOnly = useAppSelector(selectDepositGate) === 'oneTimeUntilApproved';
  const today = useMarketToday();
  const linkBank = useLinkBank();
  const busy = useAppSelector(selectDepositNextRunning);
  // A second submit before the button re-renders busy must not send a second request.
  const inFlight = useRef(false);

  const formik = useFormik({
    initialValues: { amount: draft.amountCents === null ? '' : centsToAmountInput(draft.amountCents) },
    enableReinitialize: true,
    onSubmit: async ({ amount }) => {
      const cents = amountInputToCents(amount);
      if (cents === null || inFlight.current) return;
      inFlight.current = true;
      try {
        await dispatch(depositNextPressed(cents));
      } finally {
        inFlight.current = false;
      }
    },
  });
  const amountCents = amountInputToCents(formik.values.amount);
  const next = useAppSelector((state) => selectDepositNextState(state, amountCents));
  const amountMessage = formik.values.amount === '' ? null : amountProblemMessage(next.problem, next);
  // What is left of the bank's day or the card's limit after the amount being typed (the server's figures).
  const meter = limitMeterOf(next.limitRoom, amountCents, today);
  // Over what is left of today's bank limit (but within a day's): offer today's room now and the rest next business day.
  // Only when the bank's own deposit limit covers the whole amount: otherwise the rest would be refused.
  const chosenMethod = draft.source?.kind === 'paymentMethod' ? methodOptions.find((option) => option.method.id === draft.source?.id)?.method : undefined;
  const methodLeftCents = chosenMethod ? moneyToCents(chosenMethod.depositLimit) - moneyToCents(chosenMethod.amountDeposited) : 0;
  const split =
    next.problem === 'overBankRoom' && next.limitRoom && amountCents !== null && amountCents <= methodLeftCents && draft.frequency === 'ONE_TIME'
      ? splitOverBankRoom(amountCents, next.limitRoom, DEPOSIT_MIN_CENTS)
      : null;
  const nextWithSplit = async () => {
    if (amountCents === null || inFlight.current) return;
    inFlight.current = true;
    try {
      await dispatch(depositNextPressed(amountCents, { split: true }));
    } finally {
      inFlight.current = false;
    }
  };

  const commitAmount = () => dispatch(amountCommitted(amountCents));

  // Under review, a deposit is one-time (the server refuses a schedule): a link's or a draft's frequency gives way.
  useEffect(() => {
    if (oneTimeOnly && draft.frequency !== 'ONE_TIME') dispatch(scheduleChosen({ frequency: 'ONE_TIME' }));
  }, [oneTimeOnly, draft.frequency, dispatch]);

  const hasBank = methodOptions.some(({ method }) => method.type !== 'DEBIT_CARD');
  const recurring = isRecurringFrequency(draft.frequency);
  const frequencyOptions = FREQUENCIES.map((frequency) => ({
    value: frequency,
    label: FREQUENCY_LABELS[frequency],
    disabled: frequency !== 'ONE_TIME' && recurringDisabled !== null,
  }));
  const weekdayOptions = WEEKDAYS.map((day) => ({
    value: day,
    label: WEEKDAY_LABELS[day].slice(0, 3),
    disabled: !allowWeekends && (day === 'SATURDAY' || day === 'SUNDAY'),
  }));

  return (
    <form className="ff-deposit__form" onSubmit={formik.handleSubmit} noValidate>
      <Stack gap={5}>
        {highYield ? <HighYieldSummary account={highYield} /> : null}
        {oneTimeOnly ? (
          <Notice tone="info" icon={<InfoIcon size={20} />} title={DepositGateWords.reviewTitle}>
            <p>{DepositGateWords.reviewBody}</p>
          </Notice>
        ) : null}
        <AmountField
          label="Amount"
          name="amount"
          size="lg"
          value={formik.values.amount}
          onChange={(value) => void formik.setFieldValue('amount', value)}
          onBlur={commitAmount}
          error={amountMessage ?? undefined}
          hint={meter?.text}
          autoFocus
        />
        <Chips
          label="Preset amounts"
          hideLabel
          className="ff-deposit__presets"
          options={PRESET_OPTIONS}
          value={amountCents !== null && PRESET_OPTIONS.some((option) => option.value === String(amountCents)) ? String(amountCents) : null}
          onChange={(value) => {
            void formik.setFieldValue('amount', centsToAmountInput(Number(value)));
            dispatch(amountCommitted(Number(value)));
          }}
        />
        {/* Memoised without props: typing an amount re-renders this form, not the list of sources. */}
        <DepositSourceField />
        {showDestinationChoice ? (
          <SelectField
            label="To"
            value={draft.destinationAccountUuid ?? ''}
            onChange={(uuid) => dispatch(destinationChosen(uuid))}
            options={destinations.map((account) => ({ value: account.accountUuid, label: accountLabel(account) }))}
          />
        ) : destination ? (
          <div className="ff-deposit__fixed-field">
            <span className="ff-deposit__fixed-label">To</span>
            <span>{accountLabel(destination)}</span>
          </div>
        ) : null}
        {flags.recurringDeposits && !oneTimeOnly ? (
          <div className="ff-deposit__schedule">
            <Chips
              label="Frequency"
              options={frequencyOptions}
              value={draft.frequency}
              onChange={(value) => dispatch(scheduleChosen({ frequency: value as Frequency, dayOfWeek: draft.dayOfWeek, dayOfMonth: draft.dayOfMonth ?? tomorrowDayOfMonth(today) }))}
            />
            {recurringDisabled ? <p className="ff-deposit__hint">{recurringDisabled}</p> : null}
            {draft.frequency === 'WEEKLY' || draft.frequency === 'FORTNIGHTLY' ? (
              <Chips
                label="Day of the week"
                options={weekdayOptions}
                value={draft.dayOfWeek}
                onChange={(value) => dispatch(scheduleChosen({ frequency: draft.frequency, dayOfWeek: value as Weekday }))}
              />
            ) : null}
            {draft.frequency === 'MONTHLY' ? (
              <SelectField
                label="Day of the month"
                value={String(draft.dayOfMonth ?? 1)}
                onChange={(value) => dispatch(scheduleChosen({ frequency: 'MONTHLY', dayOfMonth: Number(value) }))}
                options={Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: ordinal(index + 1) }))}
                hint="In shorter months, the deposit is made on the last day."
              />
            ) : null}
          </div>
        ) : null}
        {!hasBank && methodOptions.length > 0 ? (
          <p className="ff-deposit__hint">
            Want to deposit from a bank?{' '}
            <button type="button" className="ff-deposit__link" onClick={linkBank}>
              Link Bank
            </button>
          </p>
        ) : null}
        {split ? (
          <div className="ff-deposit__split" role="group" aria-labelledby="ff-deposit-split-text">
            <p id="ff-deposit-split-text" className="ff-deposit__hint">
              Deposit {formatCents(split.nowCents)} today and the remaining {formatCents(split.laterCents)} on the next business day, as two deposits from the same
              bank.
            </p>
            <Button type="button" variant="secondary" fullWidth loading={busy} onClick={() => void nextWithSplit()}>
              Split into two deposits
            </Button>
          </div>
        ) : null}
        <Button type="submit" fullWidth disabled={next.problem !== null} loading={busy}>
          {recurring ? 'Review' : 'Next'}
        </Button>
      </Stack>
    </form>
  );
}

const tomorrowDayOfMonth = (today: string) => Number(recurringStartDate(today).slice(8));

function HighYieldSummary({ account }: { account: HighYieldAccount }) {
  const pending = moneyToCents(account.pendingDeposits);
  return (
    <div className="ff-deposit__high-yield">
      <Stat label="APY" value={`${account.rate}%`} />
      <Stat label="Available balance" value={formatCents(moneyToCents(account.availableToWithdraw))} hint={pending > 0 ? `${formatCents(pending)} pending` : undefined} />
    </div>
  );
}

// ---- review ----

function DepositReviewStep() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDepositDraft);
  const destination = useAppSelector(selectDepositDestination);
  const methodOptions = useAppSelector(selectMethodOptions);
  const internalOptions = useAppSelector(selectInternalOptions);
  const busy = useAppSelector(selectDepositConfirmRunning);
  // A second click before the button re-renders busy must not send a second request.
  const inFlight = useRef(false);

  const source = draft.source;
  const sourceName =
    source?.kind === 'paymentMethod'
      ? (() => {
          const method = methodOptions.find((option) => option.method.id === source.id)?.method;
          return method ? methodLabel(method) : 'Your bank';
        })()
      : (() => {
          const account = internalOptions.find((option) => option.account.accountUuid === source?.id)?.account;
          return account ? accountLabel(account) : 'Your account';
        })();
  const recurring = isRecurringFrequency(draft.frequency);
  const amountCents = draft.amountCents ?? 0;
  const quote = draft.quote ?? null;
  const split = draft.split ?? null;
  const starting = useDepositStartingDate(draft);
  const footnote = quote?.waitsForApproval
    ? DepositGateWords.reviewFootnote
    : source?.fundingSourceType === 'DEBIT_CARD'
      ? null
      : source?.kind === 'internalAccount'
        ? REVIEW_FOOTNOTES.transfer
        : recurring
          ? REVIEW_FOOTNOTES.recurring
          : REVIEW_FOOTNOTES.bank;

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await dispatch(depositConfirmPressed());
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <div className="ff-deposit__review">
      <div className="ff-deposit__summary-amount">
        <Amount cents={amountCents} size="xl" />
        <p className="ff-deposit__caption">{recurring ? 'Recurring deposits' : 'will be deposited'}</p>
      </div>
      <dl className="ff-deposit__rows">
        <ReviewRow label="From" value={sourceName} />
        <ReviewRow label="To" value={destination ? accountLabel(destination) : ''} />
        {recurring ? <ReviewRow label="Frequency" value={describeSchedule(draft)} /> : null}
        {split ? (
          <>
            <ReviewRow label="Today" value={formatCents(split.nowCents)} />
            <ReviewRow label={split.laterOn ? `On ${dayWords(split.laterOn)}` : 'Next business day'} value={formatCents(split.laterCents)} />
          </>
        ) : !recurring && quote?.batchDay && !quote.waitsForApproval ? (
          // A one-time bank deposit goes out in its ACH batch: the batch day, not today (a holiday or after 4 pm).
          <ReviewRow label="Goes to your bank" value={dayWords(quote.batchDay)} />
        ) : (
          <ReviewRow label="Starting" value={formatCalendarDate(starting)} />
        )}
        <ReviewRow label="Total" value={formatCents(amountCents)} strong />
      </dl>
      {split ? (
        <p className="ff-deposit__footnote">
          Today's limit leaves room for {formatCents(split.nowCents)}, so this is two deposits, confirmed together. The first is below. The remaining{' '}
          {formatCents(split.laterCents)} is a one-time deposit scheduled for {split.laterOn ? dayWords(split.laterOn) : 'the next business day'}: it goes to your
          bank that day, counts toward that day's limit, and can be canceled under Recurring deposits until then.
        </p>
      ) : null}
      {quote && source?.kind === 'paymentMethod' ? <QuoteSummary quote={quote} /> : null}
      {footnote ? <p className="ff-deposit__footnote">{footnote}</p> : null}
      <Button fullWidth onClick={() => void confirm()} loading={busy}>
        Confirm
      </Button>
      {busy ? <span className="ff-visually-hidden" role="status">Confirming your deposit</span> : null}
    </div>
  );
}
