import { formatCalendarDate } from './calendarDate';

const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('formatCalendarDate', () => {
  it('gives the text Intl.DateTimeFormat gives for every day of 2024 (a leap year) and a spread of years', () => {
    const days: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2025, 0, 1); time += 86_400_000)
      days.push(new Date(time).toISOString().slice(0, 10));
    for (const year of [1999, 2000, 2027, 2046, 2100]) days.push(`${year}-02-28`, `${year}-12-31`, `${year}-01-01`);
    for (const isoDate of days) expect(formatCalendarDate(isoDate)).toBe(intl.format(new Date(`${isoDate}T00:00:00Z`)));
  });

  it('shows text that is not a calendar date as it came', () => {
    for (const text of ['', '2046-13-01', '2046-00-10', '2046-02-00', '2046-02-32', '23/02/2046', '2046-2-3']) {
      expect(formatCalendarDate(text)).toBe(text);
    }
  });
});
