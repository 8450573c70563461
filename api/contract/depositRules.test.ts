import fc from 'fast-check';
import {
  addDays,
  contributionYearsOpen,
  dayNumber,
  firstOccurrenceOnOrAfter,
  iraContributionDeadline,
  iraLimitCents,
  iraLimitsFor,
  iraRemainingCents,
  isWeekend,
  nextOccurrenceAfter,
  recurringStartDate,
  scheduleProblem,
  upcomingOccurrences,
  weekdayOf,
  WEEKDAYS,
  firstRunOnOrAfter,
  runOfOccurrence,
  runOn,
  upcomingRuns,
  type ScheduledRun,
} from './depositRules';

describe('calendar days', () => {
  it('knows the weekday of a date (21 November 2026 is a Saturday)', () => {
    expect(weekdayOf('2026-11-21')).toBe('SATURDAY');
    expect(weekdayOf('2026-11-23')).toBe('MONDAY');
    expect(weekdayOf('1970-01-01')).toBe('THURSDAY');
    expect(isWeekend('2026-11-22')).toBe(true);
    expect(isWeekend('2026-11-23')).toBe(false);
  });

  it('refuses dates that do not exist', () => {
    expect(() => dayNumber('2026-02-29')).toThrow();
    expect(() => dayNumber('2026-13-01')).toThrow();
    expect(() => dayNumber('21/11/2026')).toThrow();
    expect(dayNumber('2028-02-29')).toBeGreaterThan(0);
  });

  it('a recurring deposit starts tomorrow, across month and year ends', () => {
    expect(recurringStartDate('2026-11-21')).toBe('2026-11-22');
    expect(recurringStartDate('2026-12-31')).toBe('2027-01-01');
    expect(recurringStartDate('2028-02-28')).toBe('2028-02-29');
  });
});

describe('schedule validity (section 5)', () => {
  it.each([
    [{ frequency: 'WEEKLY', dayOfWeek: 'MONDAY' }, null],
    [{ frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' }, null],
    [{ frequency: 'WEEKLY' }, 'dayOfWeekRequired'],
    [{ frequency: 'WEEKLY', dayOfWeek: 'MONDAY', dayOfMonth: 3 }, 'unexpectedDay'],
    [{ frequency: 'WEEKLY', dayOfWeek: 'SATURDAY' }, 'weekendNotAllowed'],
    [{ frequency: 'FORTNIGHTLY', dayOfWeek: 'SUNDAY' }, 'weekendNotAllowed'],
    [{ frequency: 'MONTHLY', dayOfMonth: 31 }, null],
    [{ frequency: 'MONTHLY' }, 'dayOfMonthRequired'],
    [{ frequency: 'MONTHLY', dayOfMonth: 0 }, 'dayOfMonthOutOfRange'],
    [{ frequency: 'MONTHLY', dayOfMonth: 32 }, 'dayOfMonthOutOfRange'],
    [{ frequency: 'MONTHLY', dayOfMonth: 5, dayOfWeek: 'MONDAY' }, 'unexpectedDay'],
    [{ frequency: 'ONE_TIME' }, null],
    [{ frequency: 'DAILY' }, null],
    [{ frequency: 'DAILY', dayOfWeek: 'MONDAY' }, 'unexpectedDay'],
  ] as const)('%j → %s', (schedule, problem) => {
    expect(scheduleProblem(schedule)).toBe(problem);
  });

  it('weekend days are allowed when weekends are', () => {
    expect(scheduleProblem({ frequency: 'WEEKLY', dayOfWeek: 'SATURDAY' }, { allowWeekends: true })).toBeNull();
  });
});

describe('schedule dates', () => {
  it('weekly and biweekly start on the next chosen weekday, or today when it is that day', () => {
    expect(firstOccurrenceOnOrAfter({ frequency: 'WEEKLY', dayOfWeek: 'MONDAY' }, '2026-11-21')).toBe('2026-11-23');
    expect(firstOccurrenceOnOrAfter({ frequency: 'FORTNIGHTLY', dayOfWeek: 'MONDAY' }, '2026-11-23')).toBe('2026-11-23');
    expect(upcomingOccurrences({ frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' }, '2026-12-26', 3)).toEqual([
      '2027-01-01',
      '2027-01-15',
      '2027-01-29',
    ]);
  });

  it('monthly on the 31st falls on each shorter month\u2019s last day, and comes back to the 31st', () => {
    expect(upcomingOccurrences({ frequency: 'MONTHLY', dayOfMonth: 31 }, '2026-01-31', 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('monthly on the 29th or later meets 29 February in a leap year', () => {
    expect(upcomingOccurrences({ frequency: 'MONTHLY', dayOfMonth: 30 }, '2028-01-31', 2)).toEqual(['2028-02-29', '2028-03-30']);
  });

  it('monthly moves to next month once this month\u2019s day has passed, across the year end', () => {
    expect(upcomingOccurrences({ frequency: 'MONTHLY', dayOfMonth: 15 }, '2026-11-21', 3)).toEqual([
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
    ]);
  });

  it('daily runs on business days only and one-time once', () => {
    // New Year's Day 2027 is a Friday: the Fed is closed, so the next daily run after Thursday is Monday.
    expect(upcomingOccurrences({ frequency: 'DAILY' }, '2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-04']);
    expect(upcomingOccurrences({ frequency: 'ONE_TIME' }, '2026-11-22', 3)).toEqual(['2026-11-22']);
  });

  it('a moved occurrence says its own date and why; the next one is counted from its own date', () => {
    expect(runOfOccurrence('2026-11-28')).toEqual({ date: '2026-11-30', nominalDate: '2026-11-28', movedReason: 'Saturday' });
    expect(runOfOccurrence('2026-11-29')).toEqual({ date: '2026-11-30', nominalDate: '2026-11-29', movedReason: 'Sunday' });
    expect(runOfOccurrence('2026-11-30')).toEqual({ date: '2026-11-30', nominalDate: '2026-11-30', movedReason: null });
  });

  const dates = (runs: ScheduledRun[]) => runs.map((run) => run.date);

  it('daily runs on business days only: Thanksgiving week 2026', () => {
    const runs = upcomingRuns({ frequency: 'DAILY' }, firstRunOnOrAfter({ frequency: 'DAILY' }, '2026-11-23'), 6);
    // Thursday 26 is Thanksgiving, 28 and 29 the weekend.
    expect(dates(runs)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30', '2026-12-01']);
    expect(runs.every((run) => run.movedReason === null)).toBe(true);
  });

  it('daily runs on business days only: Christmas 2026 and New Year 2027', () => {
    const runs = upcomingRuns({ frequency: 'DAILY' }, firstRunOnOrAfter({ frequency: 'DAILY' }, '2026-12-23'), 7);
    // Friday 25 December and Friday 1 January are Fed holidays; both weekends after them too.
    expect(dates(runs)).toEqual(['2026-12-23', '2026-12-24', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-04']);
  });

  it('a daily schedule starting on a holiday or a weekend starts on the next business day, not moved', () => {
    expect(firstRunOnOrAfter({ frequency: 'DAILY' }, '2026-11-26')).toEqual({
      date: '2026-11-27',
      nominalDate: '2026-11-27',
      movedReason: null,
    });
    expect(firstRunOnOrAfter({ frequency: 'DAILY' }, '2026-11-28').date).toBe('2026-11-30');
  });

  it('weekly on Thursday moves off Thanksgiving 2026 to Friday and comes back to Thursday', () => {
    const schedule = { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' } as const;
    expect(upcomingRuns(schedule, firstRunOnOrAfter(schedule, '2026-11-17'), 3)).toEqual([
      { date: '2026-11-19', nominalDate: '2026-11-19', movedReason: null },
      { date: '2026-11-27', nominalDate: '2026-11-26', movedReason: 'Thanksgiving Day' },
      { date: '2026-12-03', nominalDate: '2026-12-03', movedReason: null },
    ]);
  });

  it('biweekly on Friday moves off Christmas and New Year 2027 to the Mondays after', () => {
    const schedule = { frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' } as const;
    expect(upcomingRuns(schedule, firstRunOnOrAfter(schedule, '2026-12-25'), 3)).toEqual([
      { date: '2026-12-28', nominalDate: '2026-12-25', movedReason: 'Christmas Day' },
      { date: '2027-01-08', nominalDate: '2027-01-08', movedReason: null },
      { date: '2027-01-22', nominalDate: '2027-01-22', movedReason: null },
    ]);
  });

  it('monthly on the 4th: Independence Day 2027 is a Sunday observed Monday 5 July, so July runs Tuesday 6th', () => {
    const schedule = { frequency: 'MONTHLY', dayOfMonth: 4 } as const;
    expect(upcomingRuns(schedule, firstRunOnOrAfter(schedule, '2027-06-01'), 3)).toEqual([
      { date: '2027-06-04', nominalDate: '2027-06-04', movedReason: null },
      { date: '2027-07-06', nominalDate: '2027-07-04', movedReason: 'Independence Day' },
      { date: '2027-08-04', nominalDate: '2027-08-04', movedReason: null },
    ]);
  });

  it('monthly on the 19th: Juneteenth 2027 is a Saturday (not observed by the Fed), so June runs Monday 21st', () => {
    const schedule = { frequency: 'MONTHLY', dayOfMonth: 19 } as const;
    expect(upcomingRuns(schedule, firstRunOnOrAfter(schedule, '2027-05-01'), 3)).toEqual([
      { date: '2027-05-19', nominalDate: '2027-05-19', movedReason: null },
      { date: '2027-06-21', nominalDate: '2027-06-19', movedReason: 'Saturday' },
      { date: '2027-07-19', nominalDate: '2027-07-19', movedReason: null },
    ]);
  });

  it('monthly on the 15th stays on the 15th after a move (counted from its own date)', () => {
    const schedule = { frequency: 'MONTHLY', dayOfMonth: 15 } as const;
    // 15 November 2026 is a Sunday.
    expect(dates(upcomingRuns(schedule, firstRunOnOrAfter(schedule, '2026-11-01'), 3))).toEqual(['2026-11-16', '2026-12-15', '2027-01-15']);
  });

  it('the run stored for a moved occurrence is found again with its own date and reason', () => {
    expect(runOn({ frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' }, '2026-11-27')).toEqual({
      date: '2026-11-27',
      nominalDate: '2026-11-26',
      movedReason: 'Thanksgiving Day',
    });
    expect(runOn({ frequency: 'MONTHLY', dayOfMonth: 4 }, '2027-07-06')).toEqual({
      date: '2027-07-06',
      nominalDate: '2027-07-04',
      movedReason: 'Independence Day',
    });
    // Monthly on the 31st falls on 28 February 2027, a Sunday: it runs Monday 1 March, February's occurrence.
    expect(runOn({ frequency: 'MONTHLY', dayOfMonth: 31 }, '2027-03-01')).toEqual({
      date: '2027-03-01',
      nominalDate: '2027-02-28',
      movedReason: 'Sunday',
    });
    expect(runOn({ frequency: 'MONTHLY', dayOfMonth: 1 }, '2027-03-01')).toEqual({
      date: '2027-03-01',
      nominalDate: '2027-03-01',
      movedReason: null,
    });
    // A daily stored on a Saturday before the bank calendar existed runs on the Monday.
    expect(runOn({ frequency: 'DAILY' }, '2026-11-28')).toEqual({ date: '2026-11-30', nominalDate: '2026-11-30', movedReason: null });
  });

  const date = fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2040-12-31') }).map((days) => addDays('1970-01-01', days));

  it('weekly occurrences keep their weekday and are seven days apart (property)', () => {
    fc.assert(
      fc.property(date, fc.constantFrom(...WEEKDAYS.slice(0, 5)), (from, dayOfWeek) => {
        const [first, second] = upcomingOccurrences({ frequency: 'WEEKLY', dayOfWeek }, from, 2);
        expect(weekdayOf(first)).toBe(dayOfWeek);
        expect(dayNumber(first) - dayNumber(from)).toBeLessThan(7);
        expect(dayNumber(second) - dayNumber(first)).toBe(7);
      }),
    );
  });

  it('monthly occurrences are real dates, one per month, on the chosen day or the month\u2019s last (property)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 31 }), (from, dayOfMonth) => {
        const dates = upcomingOccurrences({ frequency: 'MONTHLY', dayOfMonth }, from, 3);
        for (const [index, occurrence] of dates.entries()) {
          expect(() => dayNumber(occurrence)).not.toThrow();
          const day = Number(occurrence.slice(8));
          const lastOfMonth = addDays(occurrence, 1).slice(8) === '01';
          expect(day === dayOfMonth || (day < dayOfMonth && lastOfMonth)).toBe(true);
          if (index > 0) expect(occurrence.slice(0, 7) > dates[index - 1].slice(0, 7)).toBe(true);
        }
        expect(dates[0] >= from).toBe(true);
      }),
    );
  });

  it('a one-time schedule has no next occurrence', () => {
    expect(nextOccurrenceAfter({ frequency: 'ONE_TIME' }, '2026-11-22')).toBeNull();
  });
});

describe('IRA limits by tax year', () => {
  it('2024 and 2025 allow $7,000 (+$1,000 at 50 or older); 2026 allows $7,500 (+$1,100)', () => {
    expect(iraLimitCents(2024, '1990-06-01')).toBe(700_000);
    expect(iraLimitCents(2025, '1970-06-01')).toBe(800_000);
    expect(iraLimitCents(2026, '1990-06-01')).toBe(750_000);
    expect(iraLimitCents(2026, '1976-12-31')).toBe(860_000);
    expect(iraLimitCents(2026, '1977-01-01')).toBe(750_000);
  });

  it('the Roth income-limit text follows the selected year', () => {
    expect(iraLimitsFor(2024)).toMatchObject({ rothIncomeLimitSingle: 161_000, rothIncomeLimitJoint: 240_000 });
    expect(iraLimitsFor(2026)).toMatchObject({ rothIncomeLimitSingle: 168_000, rothIncomeLimitJoint: 252_000 });
  });

  it('a year beyond the table uses the latest known figures', () => {
    expect(iraLimitsFor(2031)).toBe(iraLimitsFor(2026));
  });

  it('remaining room is the limit less what was contributed, never below zero', () => {
    expect(iraRemainingCents(2026, '1990-01-01', 200_000)).toBe(550_000);
    expect(iraRemainingCents(2026, '1990-01-01', 900_000)).toBe(0);
  });
});

describe('IRA contribution years and deadlines', () => {
  it('the previous tax year stays open until 15 April, moved past a weekend', () => {
    expect(iraContributionDeadline(2025)).toBe('2026-04-15');
    expect(iraContributionDeadline(2027)).toBe('2028-04-17');
  });

  it('offers the previous year up to and including its deadline, then only the current year', () => {
    expect(contributionYearsOpen('2026-04-15', 2025)).toEqual([2026, 2025]);
    expect(contributionYearsOpen('2026-04-16', 2025)).toEqual([2026]);
    expect(contributionYearsOpen('2026-11-21', 2025)).toEqual([2026]);
  });

  it('never offers a year before the first year (2025 or the join year)', () => {
    expect(contributionYearsOpen('2026-02-01', 2026)).toEqual([2026]);
    expect(contributionYearsOpen('2025-02-01', 2025)).toEqual([2025]);
  });
});
