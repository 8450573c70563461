import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FREQUENCIES, formatCents, recurringStartDate, WEEKDAYS, type Frequency, type Weekday } from '../../api/contract/values';
import type { Account } from '../../api/contract';
import { selectAllAccounts, useGetAccountsQuery } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { selectFlags, useGetConfigQuery } from '../../api/configApi';
import { useGetIraContributionsQuery, useGetUserPropertiesQuery, usePatchUserPropertiesMutation } from '../../api/depositsApi';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import {
  amountCommitted,
  depositFlowClosed,
  destinationChosen,
  iraContributionYearChosen,
  reviewBackPressed,
  scheduleChosen,
  selectDepositDraft,
  sourceChosen,
  tryAgainChosen,
  type DepositResultScreen,
  type DepositStep,
} from '../deposits/depositDraftSlice';
import { depositConfirmPressed, depositNextPressed, openDepositFlow } from '../deposits/depositThunks';
import { QuoteSummary } from '../moneyFlow/QuoteSummary';
import { resultDates } from '../moneyFlow/quoteWords';
import { amountInputToCents, amountProblemMessage, centsToAmountInput, isRecurringFrequency, linkSchedule } from '../deposits/depositRules';
import { selectDepositNextState, selectRecurringDisabledReason } from '../deposits/depositSelectors';
import { depositSupportMailto, RESULT_BUTTON_LABELS, REVIEW_FOOTNOTES, type ResultButton } from '../moneyFlow/moneyCopy';
import { resultCopy } from '../deposits/depositCopy';
import { accountLabel, describeSchedule, formatCalendarDate, FREQUENCY_LABELS, ordinal, WEEKDAY_LABELS } from '../moneyFlow/moneyFormat';
import { firstRecurringRun, useMarketToday } from '../config/marketClock';
import { LimitExceededDialog } from '../deposits/LimitExceededDialog';
import { AlertIcon, AmountField, Button, buttonClassName, CheckCircleIcon, Chips, ClockIcon, EmptyState, ErrorState, Notice, SelectField, Spinner, Stack } from '../../src/ui';
import {
  chooseIraDestination,
  defaultIraYear,
  iraAmountPresets,
  iraLimitText,
  IraMessages,
  iraRoomProblem,
  iraYearLabel,
  iraYearOptions,
  isRetirementAccount,
  MAX_PRESET,
  priorYearText,
  rothIncomeLimitText,
  selectedPreset,
  sourceKey,
} from './iraDepositRules';
import {
  IRA_MATCH_WELCOME_SEEN,
  matchCents,
  selectIraChosenSource,
  selectIraDefaultSource,
  selectIraSourceOptions,
  selectShowIraMatchWelcome,
} from './iraDepositSelectors';
import { IraMatchWelcome } from './IraMatchWelcome';
import { MoneySummary } from './MoneySummary';
import { FlowFrame, useFlowPageButtons } from '../moneyFlow/FlowFrame';
import './iraDeposit.css';

export interface IraDepositFlowProps {
  presentation: 'page' | 'modal';
  /** The IRA to deposit into: the last digits of its number (the `account` query parameter). */
  accountDigits?: string | null;
  onClose(): void;
  /** Today's calendar date ('yyyy-MM-dd'); tests pass a fixed one. */
  today?: string;
}

const IRA_MODAL_WIDTH_PX = 496;
export const ADD_FUNDING_METHOD_PATH = '/settings/v2/add-funding-methods';

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
  useEffect(() => {
    if (!destinationUuid || openedFor === destinationUuid) return;
    // The link's schedule wins over the draft's, as in the deposit flow (a prior tax year then makes it one-time).
    dispatch(openDepositFlow({ destinationAccountUuid: destinationUuid, ...linkSchedule(params) }, new Date().toISOString()));
    setOpenedFor(destinationUuid);
  }, [dispatch, destinationUuid, openedFor]);
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
    body = <ErrorState title="We couldn't load your accounts" body={errorMessage(accountsQuery.error)} onRetry={() => void accountsQuery.refetch()} />;
  } else if (!destination) {
    body = <EmptyState title="No retirement account yet" body="Open a traditional or Roth IRA to contribute to it." />;
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (step === 'root') {
    body = (
<AmountStep iras={iras} destination={destination} today={today} onDestinationChange={pickDestination} />
    );
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
      onBack={step === 'deposit-review' ? () => dispatch(reviewBackPressed()) : undefined}
      onCancel={close}
      intro={welcome}
      overlay={limitDialog}
    >
      {body}
    </FlowFrame>
  );
}

// ---- amount ----

interface AmountStepProps {
  iras: Account[];
  destination: Account;
  today: string;
  onDestinationChange(accountUuid: string): void;
}

function AmountStep({ iras, destination, today, onDestinationChange }: AmountStepProps) {
  const dispatch = useAppDispatch();
  // On its own page the amount step offers Cancel (a dialog has its close button).
  const { onCancel } = useFlowPageButtons();
  const draft = useAppSelector(selectDepositDraft);
  const sourceOptions = useAppSelector(selectIraSourceOptions);
  const chosen = useAppSelector(selectIraChosenSource);
  const defaultSource = useAppSelector((state) => selectIraDefaultSource(state, `${today}T12:00:00.000Z`));
  const [amountText, setAmountText] = useState(() => (draft.amountCents !== null ? centsToAmountInput(draft.amountCents) : ''));
  const [maxChosen, setMaxChosen] = useState(false);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const amountCents = amountInputToCents(amountText);
  const next = useAppSelector((state) => selectDepositNextState(state, amountCents));
  const flags = useAppSelector(selectFlags);
  const recurringDisabled = useAppSelector(selectRecurringDisabledReason);

  const contributions = useGetIraContributionsQuery(destination.accountUuid);
  const yearOptions = useMemo(() => (contributions.data ? iraYearOptions(contributions.data, today) : []), [contributions.data, today]);
  const selectedYear = yearOptions.find((option) => option.year === draft.iraContributionYear) ?? null;
  const room = selectedYear?.remainingCents ?? 0;

  // A year the server does not offer (or none yet) falls back to the default year.
  useEffect(() => {
    if (yearOptions.length === 0 || selectedYear) return;
    dispatch(iraContributionYearChosen(defaultIraYear(yearOptions)));
  }, [dispatch, yearOptions, selectedYear]);

  // The previous tax year is one-time only: no schedule.
  useEffect(() => {
    if (selectedYear?.oneTimeOnly && draft.frequency !== 'ONE_TIME') dispatch(scheduleChosen({ frequency: 'ONE_TIME' }));
  }, [dispatch, selectedYear, draft.frequency]);

  // No usable source chosen (none yet, or it can no longer fund this): the default source.
  useEffect(() => {
    if (chosen || !defaultSource) return;
    if (draft.source && sourceKey(draft.source) === sourceKey(defaultSource)) return;
    dispatch(sourceChosen(defaultSource));
  }, [dispatch, chosen, defaultSource, draft.source]);

  // An amount set from outside the field (the limit dialog's Edit amount) shows in it.
  const committedCents = draft.amountCents;
  useEffect(() => {
    if (committedCents === null) return;
    setAmountText((text) => (amountInputToCents(text) === committedCents ? text : centsToAmountInput(committedCents)));
  }, [committedCents]);

  // Max follows the remaining room of the selected year.
  useEffect(() => {
    if (!maxChosen || !selectedYear) return;
    setAmountText(centsToAmountInput(room));
    dispatch(amountCommitted(room));
  }, [dispatch, maxChosen, selectedYear, room]);

  const presets = iraAmountPresets(room);
  const flowProblem = amountProblemMessage(next.problem, next);
  const roomProblem = iraRoomProblem(amountCents, selectedYear);
  const amountError = (amountText !== '' || touched) && (flowProblem ?? roomProblem);
  const canContinue = next.problem === null && roomProblem === null && selectedYear !== null && chosen !== null && !submitting;
  const enabledSources = sourceOptions.filter((option) => option.disabledReason === null);
  const recurring = isRecurringFrequency(draft.frequency);
  const scheduleBlocked = selectedYear?.oneTimeOnly ? IraMessages.priorYearOneTime(selectedYear.year) : recurringDisabled;

  const onNext = async () => {
    if (!canContinue || amountCents === null) return;
    setSubmitting(true);
    try {
      await dispatch(depositNextPressed(amountCents));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="ff-ira-deposit__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
    >
      <Stack gap={5}>
        <Chips
          label="Preset amounts"
          hideLabel
          options={presets.map(({ value, label, disabled }) => ({ value, label, disabled }))}
          value={selectedPreset(amountCents, presets, maxChosen)}
          onChange={(value) => {
            const preset = presets.find((option) => option.value === value);
            if (!preset) return;
            setAmountText(centsToAmountInput(preset.cents));
            setMaxChosen(value === MAX_PRESET);
            dispatch(amountCommitted(preset.cents));
          }}
        />
        <AmountField
          label="Amount"
          size="lg"
          name="amount"
          value={amountText}
          onChange={(value) => {
            setAmountText(value);
            setMaxChosen(false);
          }}
          onBlur={() => {
            setTouched(true);
            dispatch(amountCommitted(amountCents));
          }}
          error={amountError || undefined}
          hint={selectedYear ? IraMessages.roomLeft(selectedYear.year, room) : undefined}
        />

        {iras.length > 1 ? (
          <SelectField
            label="To"
            name="destination"
            value={destination.accountUuid}
            onChange={onDestinationChange}
            options={iras.map((account) => ({ value: account.accountUuid, label: accountLabel(account) }))}
          />
        ) : (
          <p className="ff-ira-deposit__to">
            <span className="ff-ira-deposit__to-label">To</span> {accountLabel(destination)}
          </p>
        )}

        {contributions.isError ? (
          <ErrorState title="We couldn't load your contribution years" body={errorMessage(contributions.error)} onRetry={() => void contributions.refetch()} />
        ) : (
          <SelectField
            label="Contribution year"
            name="year"
            value={selectedYear ? String(selectedYear.year) : ''}
            onChange={(year) => dispatch(iraContributionYearChosen(Number(year)))}
            placeholder={selectedYear ? undefined : contributions.isLoading ? 'Loading years…' : 'Choose a year'}
            disabled={yearOptions.length === 0}
            options={yearOptions.map((option) => ({ value: String(option.year), label: iraYearLabel(option) }))}
            hint={selectedYear ? iraLimitText(selectedYear.year) : undefined}
          />
        )}
        {selectedYear?.oneTimeOnly ? <Notice tone="info">{priorYearText(selectedYear)}</Notice> : null}

        <SelectField
          label="From"
          name="source"
          value={chosen?.key ?? ''}
          onChange={(key) => {
            const option = sourceOptions.find((candidate) => candidate.key === key);
            if (option) dispatch(sourceChosen(option.source));
          }}
          placeholder={chosen ? undefined : 'Choose a source'}
          options={sourceOptions.map((option) => ({
            value: option.key,
            label: option.disabledReason ? `${option.label} (${option.disabledReason})` : option.label,
            disabled: option.disabledReason !== null,
          }))}
        />
        {enabledSources.length === 0 ? (
          <Notice
            tone="warning"
            title="No way to fund this deposit yet"
            action={
              <Link className={buttonClassName('secondary', 'sm')} to={ADD_FUNDING_METHOD_PATH}>
                Link a bank
              </Link>
            }
          >
            Link a bank account to contribute to your IRA. Debit cards can't fund retirement accounts.
          </Notice>
        ) : null}

        {flags.recurringDeposits ? (
          <ScheduleFields frequency={draft.frequency} dayOfWeek={draft.dayOfWeek} dayOfMonth={draft.dayOfMonth} blockedReason={scheduleBlocked} today={today} />
        ) : null}

        {selectedYear ? <p className="ff-ira-deposit__fine-print">{rothIncomeLimitText(selectedYear.year)}</p> : null}

        <Button type="submit" fullWidth disabled={!canContinue && !submitting} loading={submitting}>
          {recurring ? 'Review' : 'Next'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" fullWidth onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

interface ScheduleFieldsProps {
  frequency: Frequency;
  dayOfWeek: Weekday | null;
  dayOfMonth: number | null;
  /** Why only one-time is possible (the prior tax year, or the source), or null. */
  blockedReason: string | null;
  today: string;
}

/** Frequency, and the weekday or day of the month it needs (weekends disabled); one-time only when blocked. */
function ScheduleFields({ frequency, dayOfWeek, dayOfMonth, blockedReason, today }: ScheduleFieldsProps) {
  const dispatch = useAppDispatch();
  const startDay = Number(recurringStartDate(today).slice(8));
  return (
    <div className="ff-ira-deposit__schedule">
      <Chips
        label="Frequency"
        options={FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value], disabled: value !== 'ONE_TIME' && blockedReason !== null }))}
        value={frequency}
        onChange={(value) => dispatch(scheduleChosen({ frequency: value as Frequency, dayOfWeek, dayOfMonth: dayOfMonth ?? startDay }))}
      />
      {blockedReason ? <p className="ff-ira-deposit__fine-print">{blockedReason}</p> : null}
      {frequency === 'WEEKLY' || frequency === 'FORTNIGHTLY' ? (
        <Chips
          label="Day of the week"
          options={WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day].slice(0, 3), disabled: day === 'SATURDAY' || day === 'SUNDAY' }))}
          value={dayOfWeek}
          onChange={(value) => dispatch(scheduleChosen({ frequency, dayOfWeek: value as Weekday }))}
        />
      ) : null}
      {frequency === 'MONTHLY' ? (
        <SelectField
          label="Day of the month"
          value={String(dayOfMonth ?? startDay)}
          onChange={(value) => dispatch(scheduleChosen({ frequency: 'MONTHLY', dayOfMonth: Number(value) }))}
          options={Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: ordinal(index + 1) }))}
          hint="In shorter months, the deposit is made on the last day."
        />
      ) : null}
    </div>
  );
}

// ---- review ----

function ReviewStep({ destination, today }: { destination: Account; today: string }) {
  const dispatch = useAppDispatch();
  // On its own page the review offers Back (a dialog has its back arrow).
  const { onBack } = useFlowPageButtons();
  const draft = useAppSelector(selectDepositDraft);
  const sourceOptions = useAppSelector(selectIraSourceOptions);
  const [busy, setBusy] = useState(false);
  // Disabled once a confirmation runs; the ref also stops a second click before the re-render.
  const confirming = useRef(false);
  if (draft.amountCents === null || !draft.source) return null;
  const source = draft.source;
  const recurring = isRecurringFrequency(draft.frequency);
  const fromLabel = sourceOptions.find((option) => option.key === sourceKey(source))?.label ?? 'Your bank';

  const onConfirm = async () => {
    if (confirming.current) return;
    confirming.current = true;
    setBusy(true);
    try {
      await dispatch(depositConfirmPressed());
    } finally {
      confirming.current = false;
      setBusy(false);
    }
  };

  return (
    <Stack gap={5}>
      <MoneySummary
        amountCents={draft.amountCents}
        caption={recurring ? 'Recurring deposits' : 'will be deposited'}
        rows={[
          { label: 'From', value: fromLabel },
          { label: 'To', value: accountLabel(destination) },
          { label: 'Contribution year', value: String(draft.iraContributionYear ?? '') },
          ...(recurring
            ? [
                { label: 'Frequency', value: describeSchedule(draft) },
                // The first real deposit: tomorrow at the earliest, moved off a weekend or Fed holiday.
                { label: 'Starting', value: formatCalendarDate(firstRecurringRun(today, draft)?.date ?? today) },
              ]
            : []),
          { label: 'Total', value: formatCents(draft.amountCents) },
        ]}
        // The footnote is hidden for debit cards; they cannot fund an IRA anyway.
        footnote={
          source.kind === 'internalAccount'
            ? REVIEW_FOOTNOTES.transfer
            : source.fundingSourceType === 'DEBIT_CARD'
              ? undefined
              : recurring
                ? REVIEW_FOOTNOTES.recurring
                : REVIEW_FOOTNOTES.bank
        }
      />
      {draft.quote && source.kind === 'paymentMethod' ? <QuoteSummary quote={draft.quote} /> : null}
      <Button fullWidth loading={busy} onClick={() => void onConfirm()}>
        Confirm
      </Button>
      {onBack ? (
        <Button variant="ghost" fullWidth onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : null}
    </Stack>
  );
}

// ---- results ----

interface ResultStepProps {
  tone: 'success' | 'pending' | 'error';
  body: string;
  buttons: ResultButton[];
  year: number | null;
  matchPercent: number;
  onDone(): void;
  onTryAgain(): void;
}

function ResultStep({ tone, body, buttons, year, matchPercent, onDone, onTryAgain }: ResultStepProps) {
  const draft = useAppSelector(selectDepositDraft);
  const succeeded = tone !== 'error' && draft.outcome?.depositId != null;
  const amountCents = draft.outcome?.amountCents ?? 0;
  const match = succeeded && matchPercent > 0 ? matchCents(amountCents, matchPercent) : 0;
  const icon = tone === 'error' ? <AlertIcon size={28} /> : tone === 'pending' ? <ClockIcon size={28} /> : <CheckCircleIcon size={28} />;
  return (
    <Stack gap={5} align="center" className="ff-ira-deposit__status">
      <span className={`ff-ira-deposit__status-icon ff-ira-deposit__status-icon--${tone}`}>{icon}</span>
      <p role={tone === 'error' ? 'alert' : 'status'} className="ff-ira-deposit__message">
        {body}
      </p>
      {succeeded && year !== null ? <p className="ff-ira-deposit__muted">It counts toward your {year} contribution limit.</p> : null}
      {match > 0 ? (
        <p className="ff-ira-deposit__muted">
          With your {matchPercent}% match, we will add {formatCents(match)}.
        </p>
      ) : null}
      <div className="ff-ira-deposit__actions">
        {buttons.map((button) =>
          button === 'contactSupport' ? (
            <a key={button} className={buttonClassName('primary')} href={depositSupportMailto(body)}>
              {RESULT_BUTTON_LABELS.contactSupport}
            </a>
          ) : (
            <Button
              key={button}
              variant={button === buttons[0] ? 'primary' : 'secondary'}
              onClick={button === 'tryAgain' ? onTryAgain : onDone}
            >
              {RESULT_BUTTON_LABELS[button]}
            </Button>
          ),
        )}
      </div>
    </Stack>
  );
}
