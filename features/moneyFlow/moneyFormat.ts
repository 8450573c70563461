import { VARIANT_LABELS, type Frequency, type Weekday } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { maskedNumber } from '../paymentMethods/paymentMethodList';

// How money flows read on screen (deposits, IRA deposits, transfers, withdrawals, the replay timeline): dates,
// schedules, sources and destinations.

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'yyyy-MM-dd' → "June 16, 2026" (month day, year). */
export const formatCalendarDate = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  ONE_TIME: 'One-time',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  FORTNIGHTLY: 'Biweekly',
  MONTHLY: 'Monthly',
};

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** "Weekly on Monday", "Biweekly on Friday", "Monthly on the 15th", "Daily", "One-time". */
export function describeSchedule(schedule: { frequency: Frequency; dayOfWeek: Weekday | null; dayOfMonth: number | null }): string {
  switch (schedule.frequency) {
    case 'WEEKLY':
    case 'FORTNIGHTLY':
      return `${FREQUENCY_LABELS[schedule.frequency]} on ${WEEKDAY_LABELS[schedule.dayOfWeek ?? 'MONDAY']}`;
    case 'MONTHLY':
      return `Monthly on the ${ordinal(schedule.dayOfMonth ?? 1)}`;
    default:
      return FREQUENCY_LABELS[schedule.frequency];
  }
}

/** "Chase Total Checking •••• 6789". */
export const methodLabel = (method: PaymentMethod) => `${method.displayName} ${maskedNumber(method.paymentMethodNumber)}`;

/** "High-yield cash •••• 9078". */
export const accountLabel = (account: Account) => `${VARIANT_LABELS[account.variant]} ${maskedNumber(account.account)}`;
