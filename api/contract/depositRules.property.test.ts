import fc from 'fast-check';
import {
  addDays,
  catchUpEligible,
  contributionYearsOpen,
  dayNumber,
  firstOccurrenceOnOrAfter,
  FREQUENCIES,
  fromDayNumber,
  iraContributionDeadline,
  iraLimitCents,
  iraRemainingCents,
  nextOccurrenceAfter,
  recurringStartDate,
  scheduleProblem,
  upcomingOccurrences,
  WEEKDAYS,
  weekdayOf,
  runOn,
  upcomingRuns,
  firstRunOnOrAfter,
  type Schedule,
} from './depositRules';
import { businessDayOnOrAfter, isBusinessDay, nextBusinessDay } from './bankCalendar';

// Laws of the deposit rules (deposits-and-transfers.md sections 4, 5 and 9): calendar days, schedules and their
// occurrences, IRA room and contribution years.

const calendarDay = fc.integer({ min: dayNumber('1990-01-01'), max: dayNumber('2099-12-31') }).map(fromDayNumber);
const weekday = fc.constantFrom(...WEEKDAYS);
const weekendDay = fc.constantFrom('SATURDAY' as const, 'SUNDAY' as const);
const workday = fc.constantFrom('MONDAY' as const, 'TUESDAY' as const, 'WEDNESDAY' as const, 'THURSDAY' as const, 'FRIDAY' as const);
const monthDay = fc.integer({ min: 1, max: 31 });
const lastDayOf = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** Schedules the rules accept (weekend days allowed). */
const validSchedule: fc.Arbitrary<Schedule> = fc.oneof(
  fc.constantFrom<Schedule>({ frequency: 'ONE_TIME' }, { frequency: 'DAILY' }),
  fc.record({ frequency: fc.constantFrom('WEEKLY' as const, 'FORTNIGHTLY' as const), dayOfWeek: weekday }),
  fc.record({ frequency: fc.constant('MONTHLY' as const), dayOfMonth: monthDay }),
);

describe('calendar days', () => {
  it('day numbers and dates convert both ways, and a day is a weekday seven days later too', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -1000, max: 1000 }), (date, days) => {
        expect(fromDayNumber(dayNumber(date))).toBe(date);
        expect(dayNumber(addDays(date, days)) - dayNumber(date)).toBe(days);
        expect(weekdayOf(addDays(date, 7))).toBe(weekdayOf(date));
      }),
    );
  });

  it('refuses dates that do not exist and text that is not yyyy-MM-dd in ASCII digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .record({
              year: fc.integer({ min: 1990, max: 2099 }),
              month: fc.integer({ min: 1, max: 12 }),
              extra: fc.integer({ min: 1, max: 5 }),
            })
            .map(({ year, month, extra }) => {
              const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
              return `${year}-${String(month).padStart(2, '0')}-${String(last + extra).padStart(2, '0')}`;
            }),
          fc.integer({ min: 13, max: 99 }).map((month) => `2026-${month}-01`),
          calendarDay.chain((date) =>
            fc.constantFrom(
              ` ${date}`,
              `${date}T00:00`,
              date.replace(/-/g, '/'),
              date.replace(/\d/, (digit) => String.fromCharCode(0xff10 + Number(digit))),
              date.replace(/-0?/, '-+'),
            ),
          ),
          fc.constantFrom('2026-00-10', '2026-01-00', '2025-02-29', '26-01-01', ''),
        ),
        (text) => {
          expect(() => dayNumber(text)).toThrow();
        },
      ),
    );
  });
});

describe('schedule validity (weekly and biweekly: dayOfWeek only; monthly: dayOfMonth only; one-time and daily: neither)', () => {
  it('accepts every well-formed schedule when weekends are allowed', () => {
    fc.assert(fc.property(validSchedule, (schedule) => scheduleProblem(schedule, { allowWeekends: true }) === null));
  });

  it('weekly and biweekly: a workday passes, a weekend day only when allowed, a missing day is reported', () => {
    fc.assert(
      fc.property(fc.constantFrom('WEEKLY' as const, 'FORTNIGHTLY' as const), workday, weekendDay, (frequency, work, weekend) => {
        expect(scheduleProblem({ frequency, dayOfWeek: work })).toBeNull();
        expect(scheduleProblem({ frequency, dayOfWeek: weekend })).toBe('weekendNotAllowed');
        expect(scheduleProblem({ frequency, dayOfWeek: weekend }, { allowWeekends: true })).toBeNull();
        expect(scheduleProblem({ frequency })).toBe('dayOfWeekRequired');
        expect(scheduleProblem({ frequency, dayOfWeek: null })).toBe('dayOfWeekRequired');
      }),
    );
  });

  it('a day of the other kind is refused for every frequency that does not take it', () => {
    fc.assert(
      fc.property(weekday, monthDay, (dayOfWeek, dayOfMonth) => {
        expect(scheduleProblem({ frequency: 'WEEKLY', dayOfWeek, dayOfMonth }, { allowWeekends: true })).toBe('unexpectedDay');
        expect(scheduleProblem({ frequency: 'MONTHLY', dayOfWeek, dayOfMonth })).toBe('unexpectedDay');
        for (const frequency of ['ONE_TIME', 'DAILY'] as const) {
          expect(scheduleProblem({ frequency, dayOfWeek })).toBe('unexpectedDay');
          expect(scheduleProblem({ frequency, dayOfMonth })).toBe('unexpectedDay');
        }
      }),
    );
  });

  it('monthly: exactly the whole days 1 to 31', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -100, max: 100 }),
          fc.double({ min: -40, max: 40, noNaN: true }),
          fc.constantFrom(Number.NaN, Infinity, 1.5, 31.000001, 0.999),
        ),
        (dayOfMonth) => {
          const valid = Number.isInteger(dayOfMonth) && dayOfMonth >= 1 && dayOfMonth <= 31;
          expect(scheduleProblem({ frequency: 'MONTHLY', dayOfMonth })).toBe(valid ? null : 'dayOfMonthOutOfRange');
        },
      ),
    );
  });
});

describe('occurrences', () => {
  it('the first occurrence is on or after the start, and the right kind of day', () => {
    fc.assert(
      fc.property(validSchedule, calendarDay, (schedule, from) => {
        const first = firstOccurrenceOnOrAfter(schedule, from);
        const gap = dayNumber(first) - dayNumber(from);
        expect(gap).toBeGreaterThanOrEqual(0);
        switch (schedule.frequency) {
          case 'ONE_TIME':
            expect(gap).toBe(0);
            break;
          case 'DAILY':
            // The first business day on or after the start.
            expect(first).toBe(businessDayOnOrAfter(from));
            break;
          case 'WEEKLY':
          case 'FORTNIGHTLY':
            expect(weekdayOf(first)).toBe(schedule.dayOfWeek);
            expect(gap).toBeLessThan(7);
            break;
          case 'MONTHLY':
            // The chosen day, or the month's last day when the month is shorter; never a month skipped.
            expect(Number(first.slice(8))).toBe(Math.min(schedule.dayOfMonth!, lastDayOf(first)));
            expect(gap).toBeLessThanOrEqual(31);
            break;
        }
      }),
    );
  });

  it('occurrences step forward by the frequency: the next business day, +7, +14 days, or the same day of the next month', () => {
    fc.assert(
      fc.property(validSchedule, calendarDay, fc.integer({ min: 2, max: 14 }), (schedule, from, count) => {
        const dates = upcomingOccurrences(schedule, from, count);
        if (schedule.frequency === 'ONE_TIME') {
          expect(dates).toEqual([from]);
          expect(nextOccurrenceAfter(schedule, from)).toBeNull();
          return;
        }
        expect(dates).toHaveLength(count);
        for (let i = 1; i < dates.length; i += 1) {
          const step = dayNumber(dates[i]) - dayNumber(dates[i - 1]);
          if (schedule.frequency === 'DAILY') expect(dates[i]).toBe(nextBusinessDay(dates[i - 1]));
          if (schedule.frequency === 'WEEKLY') expect(step).toBe(7);
          if (schedule.frequency === 'FORTNIGHTLY') expect(step).toBe(14);
          if (schedule.frequency === 'MONTHLY') {
            const [y0, m0] = dates[i - 1].split('-').map(Number);
            const [y1, m1] = dates[i].split('-').map(Number);
            expect(y1 * 12 + m1 - (y0 * 12 + m0)).toBe(1);
            expect(Number(dates[i].slice(8))).toBe(Math.min(schedule.dayOfMonth!, lastDayOf(dates[i])));
          }
        }
      }),
    );
  });

  it('runs are on business days, at most three days after their own date, in order, and each found again from its stored date', () => {
    fc.assert(
      fc.property(validSchedule, calendarDay, fc.integer({ min: 1, max: 8 }), (schedule, from, count) => {
        const runs = upcomingRuns(schedule, firstRunOnOrAfter(schedule, from), count);
        for (const [index, run] of runs.entries()) {
          expect(isBusinessDay(run.date)).toBe(true);
          expect(run.date).toBe(businessDayOnOrAfter(run.nominalDate));
          expect(dayNumber(run.date) - dayNumber(run.nominalDate)).toBeLessThanOrEqual(3);
          expect(run.movedReason === null).toBe(run.date === run.nominalDate);
          if (schedule.frequency !== 'ONE_TIME') expect(runOn(schedule, run.date)).toEqual(run);
          if (index > 0) expect(run.date > runs[index - 1].date).toBe(true);
        }
      }),
    );
  });

  it('a recurring deposit starts tomorrow', () => {
    fc.assert(fc.property(calendarDay, (today) => dayNumber(recurringStartDate(today)) === dayNumber(today) + 1));
  });

  it('every frequency is covered by the generator', () => {
    expect(new Set(fc.sample(validSchedule, 500).map((schedule) => schedule.frequency))).toEqual(new Set(FREQUENCIES));
  });
});

describe('IRA contribution room and years', () => {
  const taxYear = fc.integer({ min: 2020, max: 2040 });
  const birthDate = fc.option(fc.integer({ min: dayNumber('1930-01-01'), max: dayNumber('2008-12-31') }).map(fromDayNumber), { nil: null });
  const contributed = fc.integer({ min: 0, max: 2_000_000 });

  it('room is never negative, never above the limit, and shrinks cent for cent with what is contributed', () => {
    fc.assert(
      fc.property(taxYear, birthDate, contributed, contributed, (year, born, first, more) => {
        const limit = iraLimitCents(year, born);
        const room = iraRemainingCents(year, born, first);
        expect(room).toBeGreaterThanOrEqual(0);
        expect(room).toBeLessThanOrEqual(limit);
        expect(room).toBe(Math.max(0, limit - first));
        expect(iraRemainingCents(year, born, first + more)).toBeLessThanOrEqual(room);
      }),
    );
  });

  it('the catch-up is added exactly for people 50 or older by the end of the tax year', () => {
    fc.assert(
      fc.property(taxYear, birthDate, (year, born) => {
        expect(catchUpEligible(born, year)).toBe(born !== null && year - Number(born.slice(0, 4)) >= 50);
        expect(iraLimitCents(year, born)).toBeGreaterThanOrEqual(iraLimitCents(year, null));
      }),
    );
  });

  it('the filing deadline is the first workday on or after 15 April of the next year', () => {
    fc.assert(
      fc.property(taxYear, (year) => {
        const deadline = iraContributionDeadline(year);
        expect(deadline >= `${year + 1}-04-15` && deadline <= `${year + 1}-04-17`).toBe(true);
        expect(['SATURDAY', 'SUNDAY']).not.toContain(weekdayOf(deadline));
      }),
    );
  });

  it('open years: the current year, plus the previous one until its deadline, never before the first year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2040-12-31') }).map(fromDayNumber),
        fc.integer({ min: 2020, max: 2041 }),
        (today, firstYear) => {
          const year = Number(today.slice(0, 4));
          const open = contributionYearsOpen(today, firstYear);
          const expected = [year, ...(today <= iraContributionDeadline(year - 1) ? [year - 1] : [])].filter(
            (candidate) => candidate >= firstYear,
          );
          expect(open).toEqual(expected);
        },
      ),
    );
  });
});
