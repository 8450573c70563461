import { FREQUENCIES, recurringStartDate, WEEKDAYS, type Frequency, type Weekday } from '../../../api/contract/values';
import { useAppDispatch } from '../../../store/hooks';
import { Chips, SelectField } from '../../../ui';
import { scheduleChosen } from '../../deposits/depositDraftSlice';
import { FREQUENCY_LABELS, ordinal, WEEKDAY_LABELS } from '../../moneyFlow/moneyFormat';

export interface ScheduleFieldsProps {
  frequency: Frequency;
  dayOfWeek: Weekday | null;
  dayOfMonth: number | null;
  /** Why only one-time is possible (the prior tax year, or the source), or null. */
  blockedReason: string | null;
  today: string;
}

/** Frequency, and the weekday or day of the month it needs (weekends disabled); one-time only when blocked. */
export function ScheduleFields({ frequency, dayOfWeek, dayOfMonth, blockedReason, today }: ScheduleFieldsProps) {
  const dispatch = useAppDispatch();
  const startDay = Number(recurringStartDate(today).slice(8));
  return (
    <div className="ff-ira-deposit__schedule">
      <Chips
        label="Frequency"
        options={FREQUENCIES.map((value) => ({
          value,
          label: FREQUENCY_LABELS[value],
          disabled: value !== 'ONE_TIME' && blockedReason !== null,
        }))}
        value={frequency}
        onChange={(value) => dispatch(scheduleChosen({ frequency: value as Frequency, dayOfWeek, dayOfMonth: dayOfMonth ?? startDay }))}
      />
      {blockedReason ? <p className="ff-ira-deposit__fine-print">{blockedReason}</p> : null}
      {frequency === 'WEEKLY' || frequency === 'FORTNIGHTLY' ? (
        <Chips
          label="Day of the week"
          options={WEEKDAYS.map((day) => ({
            value: day,
            label: WEEKDAY_LABELS[day].slice(0, 3),
            disabled: day === 'SATURDAY' || day === 'SUNDAY',
          }))}
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
