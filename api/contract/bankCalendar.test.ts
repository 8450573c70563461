import {
  achBatchDay,
  addBusinessDays,
  bankDepositDates,
  businessDayOnOrAfter,
  cutOffOf,
  fedHolidayOn,
  isBusinessDay,
  marketDate,
  marketTime,
  nextBusinessDay,
  previousBusinessDay,
  withdrawalDates,
} from './bankCalendar';
import { addDays, isWeekend } from './depositRules';

// Weekday Federal Reserve holidays (month-day) as the Fed observes them: a Sunday holiday on the Monday after,
// a Saturday holiday not at all. Worked out by hand from the holiday rules and checked against the Fed's published
// schedules where they exist (2026-2027).
const FED_WEEKDAY_HOLIDAYS: Record<number, string[]> = {
  2026: ['01-01', '01-19', '02-16', '05-25', '06-19', '09-07', '10-12', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '07-05', '09-06', '10-11', '11-11', '11-25'],
  2028: ['01-17', '02-21', '05-29', '06-19', '07-04', '09-04', '10-09', '11-23', '12-25'],
  2029: ['01-01', '01-15', '02-19', '05-28', '06-19', '07-04', '09-03', '10-08', '11-12', '11-22', '12-25'],
  2030: ['01-01', '01-21', '02-18', '05-27', '06-19', '07-04', '09-02', '10-14', '11-11', '11-28', '12-25'],
  2031: ['01-01', '01-20', '02-17', '05-26', '06-19', '07-04', '09-01', '10-13', '11-11', '11-27', '12-25'],
  2032: ['01-01', '01-19', '02-16', '05-31', '07-05', '09-06', '10-11', '11-11', '11-25'],
  2033: ['01-17', '02-21', '05-30', '06-20', '07-04', '09-05', '10-10', '11-11', '11-24', '12-26'],
  2034: ['01-02', '01-16', '02-20', '05-29', '06-19', '07-04', '09-04', '10-09', '11-23', '12-25'],
  2035: ['01-01', '01-15', '02-19', '05-28', '06-19', '07-04', '09-03', '10-08', '11-12', '11-22', '12-25'],
};

describe('bank calendar: business days are weekdays that are not Federal Reserve holidays', () => {
  it.each(Object.entries(FED_WEEKDAY_HOLIDAYS))(
    '%s: the weekdays that are not business days are exactly the Fed holidays',
    (year, holidays) => {
      const closedWeekdays: string[] = [];
      for (let date = `${year}-01-01`; date.startsWith(year); date = addDays(date, 1)) {
        if (!isWeekend(date) && !isBusinessDay(date)) closedWeekdays.push(date.slice(5));
      }
      expect(closedWeekdays).toEqual(holidays);
    },
  );

  it('Thanksgiving 2026 (Thu Nov 26) is closed; the day after is a business day', () => {
    expect(fedHolidayOn('2026-11-26')).toBe('Thanksgiving Day');
    expect(isBusinessDay('2026-11-26')).toBe(false);
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(nextBusinessDay('2026-11-25')).toBe('2026-11-27');
    expect(previousBusinessDay('2026-11-27')).toBe('2026-11-25');
  });

  it('Christmas 2026 (Fri Dec 25) and New Year’s Day 2027 (Fri Jan 1) are closed', () => {
    expect(isBusinessDay('2026-12-25')).toBe(false);
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
    expect(isBusinessDay('2027-01-01')).toBe(false);
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04');
  });

  it('Juneteenth 2027 falls on a Saturday and is not moved: Friday Jun 18 is a business day', () => {
    expect(fedHolidayOn('2027-06-19')).toBe('Juneteenth National Independence Day');
    expect(isBusinessDay('2027-06-18')).toBe(true);
    expect(isBusinessDay('2027-06-21')).toBe(true);
  });

  it('Independence Day 2027 falls on a Sunday and is observed on Monday Jul 5', () => {
    expect(fedHolidayOn('2027-07-05')).toBe('Independence Day');
    expect(isBusinessDay('2027-07-05')).toBe(false);
    expect(nextBusinessDay('2027-07-02')).toBe('2027-07-06');
  });

  it('Veterans Day 2028 falls on a Saturday and is not observed: Friday Nov 10 is a business day', () => {
    expect(isBusinessDay('2028-11-10')).toBe(true);
    expect(isBusinessDay('2028-11-13')).toBe(true);
  });

  it('counts business days over weekends and holidays', () => {
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02');
    expect(addBusinessDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(addBusinessDays('2026-11-26', 0)).toBe('2026-11-26');
    expect(businessDayOnOrAfter('2026-11-26')).toBe('2026-11-27');
    expect(businessDayOnOrAfter('2026-11-27')).toBe('2026-11-27');
  });
});

describe('bank calendar: the 4 pm New York cut-off', () => {
  it('a bank deposit on Thanksgiving 2026 goes out Fri Nov 27 at 4 pm and settles Wed Dec 2', () => {
    const dates = bankDepositDates(new Date('2026-11-26T15:00:00Z'));
    expect(dates.batchDay).toBe('2026-11-27');
    expect(dates.sendAt.toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(dates.settlementDate).toBe('2026-12-02');
    expect(dates.settleAt.toISOString()).toBe('2026-12-02T21:00:00.000Z');
  });

  it('a deposit the day after Thanksgiving before 4 pm goes in that day’s batch; after 4 pm in Monday’s', () => {
    expect(achBatchDay(new Date('2026-11-27T20:59:00Z'))).toBe('2026-11-27');
    expect(achBatchDay(new Date('2026-11-27T21:01:00Z'))).toBe('2026-11-30');
  });

  it('a withdrawal made on Christmas Eve after the cut-off arrives two business days after Monday’s batch', () => {
    const dates = withdrawalDates(new Date('2026-12-24T21:30:00Z'));
    expect(dates.batchDay).toBe('2026-12-28');
    expect(dates.settlementDate).toBe('2026-12-30');
  });

  // Daylight saving starts Sun Mar 8 2026 (EST -5 → EDT -4) and ends Sun Nov 1 2026 (EDT → EST).
  it.each([
    ['2026-03-08', '20:00', '2026-03-09'],
    ['2026-11-01', '21:00', '2026-11-02'],
  ])(
    'on the change day %s the cut-off is %s UTC; 3:59 pm and 4:01 pm (a Sunday) both go in the next business day’s batch',
    (day, cutOffUtc, next) => {
      expect(cutOffOf(day).toISOString()).toBe(`${day}T${cutOffUtc}:00.000Z`);
      const at = (minute: number) => new Date(cutOffOf(day).getTime() + minute * 60_000);
      expect(marketDate(at(-1))).toBe(day);
      expect(achBatchDay(at(-1))).toBe(next);
      expect(achBatchDay(at(1))).toBe(next);
    },
  );

  it.each([
    ['2026-03-09', '2026-03-09T19:59:00Z', '2026-03-09T20:01:00Z', '2026-03-10'],
    ['2026-11-02', '2026-11-02T20:59:00Z', '2026-11-02T21:01:00Z', '2026-11-03'],
  ])('on %s, the first business day after the change, 3:59 pm is that day’s batch and 4:01 pm the next', (day, before, after, next) => {
    expect(achBatchDay(new Date(before))).toBe(day);
    expect(achBatchDay(new Date(after))).toBe(next);
  });

  it('New York midnight and wall-clock times survive the change days', () => {
    expect(marketTime('2026-03-08', 1, 59).toISOString()).toBe('2026-03-08T06:59:00.000Z');
    expect(marketTime('2026-03-08', 3, 0).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(marketTime('2026-11-01', 0, 0).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(marketDate(new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
  });

  it('every quarter hour across both 2026 change weeks: its New York day and wall-clock time match Intl both ways (the offset is kept per UTC hour)', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const wallOf = (instant: Date) => {
      const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
      return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
    };
    const quarterHours = (from: string, days: number) =>
      Array.from({ length: days * 96 }, (_, i) => new Date(Date.parse(from) + i * 900_000));
    for (const instant of [...quarterHours('2026-03-05T00:00:00Z', 7), ...quarterHours('2026-10-29T00:00:00Z', 7)]) {
      const wall = wallOf(instant);
      expect([instant.toISOString(), marketDate(instant)]).toEqual([instant.toISOString(), wall.date]);
      // 1:00-1:59 am on Nov 1 happens twice; marketTime gives the first (daylight) one.
      const repeated = wall.date === '2026-11-01' && wall.hour === 1;
      if (!repeated) expect([wall, marketTime(wall.date, wall.hour, wall.minute).toISOString()]).toEqual([wall, instant.toISOString()]);
    }
  });
});
