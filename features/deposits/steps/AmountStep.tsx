import { useEffect, useRef } from 'react';
import { useFormik } from 'formik';
import { selectFlags } from '../../../api/configApi';
import {
  DEPOSIT_PRESETS_DOLLARS,
  FREQUENCIES,
  WEEKDAYS,
  formatCents,
  recurringStartDate,
  type Frequency,
  type Weekday,
} from '../../../api/contract/values';
import type { HighYieldAccount } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AmountField, Button, Chips, InfoIcon, Notice, SelectField, Stack } from '../../../ui';
import { useMarketToday } from '../../config/marketClock';
import { accountLabel, FREQUENCY_LABELS, ordinal, WEEKDAY_LABELS } from '../../moneyFlow/moneyFormat';
import { amountCommitted, destinationChosen, scheduleChosen, selectDepositDraft } from '../depositDraftSlice';
import { depositNextPressed } from '../depositThunks';
import { amountInputToCents, amountProblemMessage, centsToAmountInput, isRecurringFrequency } from '../depositRules';
import {
  DepositGateWords,
  limitMeterOf,
  selectDepositDestination,
  selectDepositDestinations,
  selectDepositGate,
  selectDepositNextRunning,
  selectDepositNextState,
  selectMethodOptions,
  selectRecurringDisabledReason,
} from '../depositSelectors';
import { DepositSourceField } from '../DepositSourceField';
import { useLinkBank } from '../useLinkBank';
import { HighYieldSummary } from './HighYieldSummary';

export interface AmountStepProps {
  allowWeekends: boolean;
  highYield: HighYieldAccount | null;
  showDestinationChoice: boolean;
}

const PRESET_OPTIONS = DEPOSIT_PRESETS_DOLLARS.map((dollars) => ({
  value: String(dollars * 100),
  label: formatCents(dollars * 100, { whole: true }),
}));

/**
 * The deposit funds step (deposits-and-transfers.md 2): amount and presets, From, To, Frequency and its day, the
 * limit meter and the offer to split an amount over today's bank room; Next (or Review) runs depositNextPressed.
 */
export function AmountStep({ allowWeekends, highYield, showDestinationChoice }: AmountStepProps) {
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
  // Over today's bank room: the offer of today's room now and the rest on the next business day.
  const split = next.split;
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
              onChange={(value) =>
                dispatch(
                  scheduleChosen({
                    frequency: value as Frequency,
                    dayOfWeek: draft.dayOfWeek,
                    dayOfMonth: draft.dayOfMonth ?? tomorrowDayOfMonth(today),
                  }),
                )
              }
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
              Deposit {formatCents(split.nowCents)} today and the remaining {formatCents(split.laterCents)} on the next business day, as two
              deposits from the same bank.
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
