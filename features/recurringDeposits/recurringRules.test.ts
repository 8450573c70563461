import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import { recurringDepositFixture } from '../../test/msw/recurringHandlers';
import {
  describeSource,
  formatCalendarDate,
  movedText,
  nextDates,
  shownOccurrences,
  ordinal,
  pauseReasonText,
  recurringActions,
  recurringDestinationAccounts,
  recurringScheduleInWords,
  scheduleInWords,
  sourceLabel,
} from './recurringRules';

describe('schedule in words, for each frequency', () => {
  it('weekly: Every week on Monday', () => {
    expect(scheduleInWords({ frequency: 'WEEKLY', dayOfWeek: 'MONDAY' })).toBe('Every week on Monday');
  });
  it('biweekly (FORTNIGHTLY): Every 2 weeks on Friday', () => {
    expect(scheduleInWords({ frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' })).toBe('Every 2 weeks on Friday');
  });
  it('monthly on a day every month has: Monthly on the 15th', () => {
    expect(scheduleInWords({ frequency: 'MONTHLY', dayOfMonth: 15 })).toBe('Monthly on the 15th');
    expect(scheduleInWords({ frequency: 'MONTHLY', dayOfMonth: 28 })).toBe('Monthly on the 28th');
  });
  it("monthly on a day some months lack says it falls on the month's last day then", () => {
    expect(scheduleInWords({ frequency: 'MONTHLY', dayOfMonth: 31 })).toBe("Monthly on the 31st (or the month's last day)");
    expect(scheduleInWords({ frequency: 'MONTHLY', dayOfMonth: 30 })).toBe("Monthly on the 30th (or the month's last day)");
    // 29 February exists only in leap years.
    expect(scheduleInWords({ frequency: 'MONTHLY', dayOfMonth: 29 })).toBe("Monthly on the 29th (or the month's last day)");
  });
  it('daily and one-time', () => {
    expect(scheduleInWords({ frequency: 'DAILY' })).toBe('Every day');
    expect(scheduleInWords({ frequency: 'ONE_TIME' })).toBe('Once');
  });
  it('a deposit with several schedules lists each', () => {
    expect(
      recurringScheduleInWords({
        schedules: [
          { frequency: 'WEEKLY', dayOfWeek: 'TUESDAY' },
          { frequency: 'MONTHLY', dayOfMonth: 1 },
        ],
      }),
    ).toBe('Every week on Tuesday; Monthly on the 1st');
  });
  it('ordinals: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

describe('next dates', () => {
  it("dates read 'Mon, Dec 15, 2025' whatever the machine's time zone", () => {
    expect(formatCalendarDate('2025-12-15')).toBe('Mon, Dec 15, 2025');
    expect(formatCalendarDate('2024-02-29')).toBe('Thu, Feb 29, 2024');
    expect(formatCalendarDate('2026-01-01')).toBe('Thu, Jan 1, 2026');
  });
  it('an active schedule shows its next occurrence and the two after it', () => {
    expect(
      nextDates(recurringDepositFixture({ nextOccurrenceDate: '2025-12-15', upcomingDates: ['2025-12-22', '2025-12-29', '2026-01-05'] })),
    ).toEqual(['2025-12-15', '2025-12-22', '2025-12-29']);
  });
  it('the next occurrence is never repeated when the server also lists it as upcoming', () => {
    expect(
      nextDates(recurringDepositFixture({ nextOccurrenceDate: '2025-12-15', upcomingDates: ['2025-12-15', '2025-12-22', '2025-12-29'] })),
    ).toEqual(['2025-12-15', '2025-12-22', '2025-12-29']);
  });
  it('a paused schedule has no next dates: nothing is deposited while paused', () => {
    expect(nextDates(recurringDepositFixture({ status: 'PAUSED', pauseReason: 'CUSTOMER' }))).toEqual([]);
  });
  it('a schedule without a next occurrence has no dates', () => {
    expect(nextDates(recurringDepositFixture({ nextOccurrenceDate: null, upcomingDates: [] }))).toEqual([]);
  });
});

describe('dates moved off weekends and Fed holidays', () => {
  const thanksgivingWeek = recurringDepositFixture({
    schedules: [{ frequency: 'WEEKLY', dayOfWeek: 'THURSDAY', dayOfMonth: null }],
    nextOccurrenceDate: '2026-11-19',
    upcomingDates: ['2026-11-27', '2026-12-03'],
    nextOccurrences: [
      { date: '2026-11-19', movedFrom: null },
      { date: '2026-11-27', movedFrom: { date: '2026-11-26', reason: 'Thanksgiving Day' } },
      { date: '2026-12-03', movedFrom: null },
    ],
  });

  it('a moved deposit says from which day and why: the holiday by name', () => {
    expect(shownOccurrences(thanksgivingWeek).map(movedText)).toEqual([null, 'moved from Thu, Nov 26: Thanksgiving Day', null]);
  });

  it('a deposit moved off a Saturday or Sunday says weekend', () => {
    expect(movedText({ date: '2026-11-30', movedFrom: { date: '2026-11-28', reason: 'Saturday' } })).toBe(
      'moved from Sat, Nov 28: weekend',
    );
    expect(movedText({ date: '2027-03-01', movedFrom: { date: '2027-02-28', reason: 'Sunday' } })).toBe('moved from Sun, Feb 28: weekend');
  });

  it('shows nothing moved when the server sends no moves for a date', () => {
    expect(shownOccurrences(recurringDepositFixture({ nextOccurrences: [] })).map((occurrence) => occurrence.movedFrom)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('a paused schedule shows no dates, moved or not', () => {
    expect(shownOccurrences({ ...thanksgivingWeek, status: 'PAUSED' })).toEqual([]);
  });
});

describe('which accounts can hold recurring deposits', () => {
  it('brokerage, IRAs and high-yield, brokerage first; treasury, bond and managed accounts are left out', () => {
    const accounts = [
      accountFixture({ accountUuid: 'hy', variant: 'HIGH_YIELD' }),
      accountFixture({ accountUuid: 'roth', variant: 'ROTH_IRA' }),
      accountFixture({ accountUuid: 'bond', variant: 'BOND' }),
      accountFixture({ accountUuid: 'us', variant: 'US' }),
      accountFixture({ accountUuid: 'ria', variant: 'RIA_ASSET' }),
      accountFixture({ accountUuid: 'trad', variant: 'TRADITIONAL_IRA' }),
      accountFixture({ accountUuid: 'tsy', variant: 'TREASURY' }),
    ];
    expect(recurringDestinationAccounts(accounts).map((account) => account.accountUuid)).toEqual(['us', 'trad', 'roth', 'hy']);
  });
});

describe('source of a schedule', () => {
  const chase = paymentMethodFixture({ id: 'pm-1', displayName: 'Chase Total Checking', paymentMethodNumber: '000123456789' });
  it('a bank shows its display name and masked number', () => {
    expect(sourceLabel(describeSource(recurringDepositFixture(), [chase], []))).toBe('Chase Total Checking •••• 6789');
  });
  it('a removed method is said to be removed', () => {
    const source = describeSource(recurringDepositFixture(), [paymentMethodFixture({ id: 'pm-1', status: 'CANCELED' })], []);
    expect(source).toEqual({ name: 'A removed bank account', masked: null, missing: true });
  });
  it('while the funding methods are unknown (their list failed) the source is described by its kind, not as removed', () => {
    expect(describeSource(recurringDepositFixture(), null, [])).toEqual({ name: 'Bank account', masked: null, missing: false });
  });
  it('buying power names the internal account', () => {
    const source = describeSource(
      recurringDepositFixture({ fundingSourceType: 'BUYING_POWER', fundingSourceId: 'uuid-brokerage' }),
      [],
      [accountFixture({ displayName: 'Brokerage', account: '5XY12345' })],
    );
    expect(sourceLabel(source)).toBe('Brokerage •••• 2345');
  });
});

describe('pause reasons explained', () => {
  const source = { name: 'Chase Total Checking', masked: '•••• 6789', missing: false };
  it('near the IRA limit', () => {
    expect(pauseReasonText('IRA_LIMIT', source)).toMatch(/close to this tax year's contribution limit/);
  });
  it('method needs relinking names the method', () => {
    expect(pauseReasonText('METHOD_UNAVAILABLE', source)).toMatch(/Chase Total Checking •••• 6789 needs to be relinked/);
  });
  it('method removed suggests a new schedule', () => {
    expect(pauseReasonText('METHOD_UNAVAILABLE', { name: 'A removed bank account', masked: null, missing: true })).toMatch(/was removed/);
  });
  it('insufficient funds', () => {
    expect(pauseReasonText('INSUFFICIENT_FUNDS', source)).toMatch(/did not have enough funds/);
  });
  it('paused by the customer', () => {
    expect(pauseReasonText('CUSTOMER', source)).toBe('You paused this schedule. No deposits are made until you resume it.');
  });
});

describe('which actions show per status', () => {
  const usable = [paymentMethodFixture({ id: 'pm-1' })];
  const names = (states: ReturnType<typeof recurringActions>) =>
    states.map((state) => `${state.action}${state.disabled ? ' (disabled)' : ''}`);

  it('active: pause, skip next, cancel', () => {
    expect(names(recurringActions(recurringDepositFixture(), usable))).toEqual(['pause', 'skipNext', 'cancel']);
  });
  it('active without a next date: no skip', () => {
    expect(names(recurringActions(recurringDepositFixture({ nextOccurrenceDate: null }), usable))).toEqual(['pause', 'cancel']);
  });
  it('paused: resume and cancel, no skip', () => {
    expect(names(recurringActions(recurringDepositFixture({ status: 'PAUSED', pauseReason: 'CUSTOMER' }), usable))).toEqual([
      'resume',
      'cancel',
    ]);
  });
  it('paused for insufficient funds or the IRA limit: resume is offered', () => {
    for (const pauseReason of ['INSUFFICIENT_FUNDS', 'IRA_LIMIT'] as const) {
      expect(names(recurringActions(recurringDepositFixture({ status: 'PAUSED', pauseReason }), usable))).toEqual(['resume', 'cancel']);
    }
  });
  it('paused for an unusable method: resume stays disabled while the method needs relinking or is gone', () => {
    const paused = recurringDepositFixture({ status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' });
    expect(names(recurringActions(paused, [paymentMethodFixture({ id: 'pm-1', plaidLoginRequired: true })]))).toEqual([
      'resume (disabled)',
      'cancel',
    ]);
    expect(names(recurringActions(paused, []))).toEqual(['resume (disabled)', 'cancel']);
    expect(recurringActions(paused, [])[0].reason).toMatch(/usable again/);
  });
  it('paused for a method that has since been relinked: resume is offered again', () => {
    const paused = recurringDepositFixture({ status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' });
    expect(names(recurringActions(paused, usable))).toEqual(['resume', 'cancel']);
  });
  it('paused for an unusable method while the methods are unknown: resume is not blocked (the server checks again)', () => {
    expect(names(recurringActions(recurringDepositFixture({ status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' }), null))).toEqual([
      'resume',
      'cancel',
    ]);
  });
  it('cancelled: none', () => {
    expect(recurringActions(recurringDepositFixture({ status: 'CANCELED' }), usable)).toEqual([]);
  });
});
