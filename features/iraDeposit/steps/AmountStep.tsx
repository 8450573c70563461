import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '../../navigation/AppLink';
import type { Account } from '../../../api/contract';
import { selectFlags } from '../../../api/configApi';
import { useGetIraContributionsQuery } from '../../../api/depositsApi';
import { errorMessage } from '../../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AmountField, Button, buttonClassName, Chips, ErrorState, Notice, SelectField, Stack } from '../../../ui';
import {
  amountCommitted,
  iraContributionYearChosen,
  scheduleChosen,
  selectDepositDraft,
  sourceChosen,
} from '../../deposits/depositDraftSlice';
import { depositNextPressed } from '../../deposits/depositThunks';
import { amountInputToCents, amountProblemMessage, centsToAmountInput, isRecurringFrequency } from '../../deposits/depositRules';
import { selectDepositNextState, selectRecurringDisabledReason } from '../../deposits/depositSelectors';
import { useFlowPageButtons } from '../../moneyFlow/FlowFrame';
import {
  defaultIraYear,
  iraAmountPresets,
  iraLimitText,
  IraMessages,
  iraRoomProblem,
  iraYearLabel,
  iraYearOptions,
  MAX_PRESET,
  priorYearText,
  rothIncomeLimitText,
  selectedPreset,
  sourceKey,
} from '../iraDepositRules';
import { selectIraChosenSource, selectIraDefaultSource, selectIraSourceOptions } from '../iraDepositSelectors';
import { DestinationField } from './DestinationField';
import { ScheduleFields } from './ScheduleFields';

/** Where the customer links a bank when nothing can fund the deposit yet. */
export const ADD_FUNDING_METHOD_PATH = '/settings/v2/add-funding-methods';

export interface AmountStepProps {
  iras: Account[];
  destination: Account;
  today: string;
  onDestinationChange: (accountUuid: string) => void;
}

/**
 * The IRA deposit's amount step (section 2 'IRA deposit flow'): presets and Max, the amount, To, the contribution
 * year and its room, From, the schedule; Next (or Review) runs the deposit flow's depositNextPressed.
 */
export function AmountStep({ iras, destination, today, onDestinationChange }: AmountStepProps) {
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

        <DestinationField iras={iras} destination={destination} onDestinationChange={onDestinationChange} />

        {contributions.isError ? (
          <ErrorState
            title="We couldn't load your contribution years"
            body={errorMessage(contributions.error)}
            onRetry={() => void contributions.refetch()}
          />
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
              <AppLink className={buttonClassName('secondary', 'sm')} to={ADD_FUNDING_METHOD_PATH}>
                Link a bank
              </AppLink>
            }
          >
            Link a bank account to contribute to your IRA. Debit cards can't fund retirement accounts.
          </Notice>
        ) : null}

        {flags.recurringDeposits ? (
          <ScheduleFields
            frequency={draft.frequency}
            dayOfWeek={draft.dayOfWeek}
            dayOfMonth={draft.dayOfMonth}
            blockedReason={scheduleBlocked}
            today={today}
          />
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
