// A bond's maturity as the positions table shows it ("Feb 23, 2046"), from the contract's calendar date
// ("2046-02-23"). Written out from the date's own digits rather than with Intl.DateTimeFormat: the first Intl
// formatter of a page makes the browser load its locale data, and the positions render on the portfolio's first
// load, in the main-thread work before the balance is painted (about 13 ms of it in a profile of /portfolio,
// 4x that on Lighthouse's mobile CPU). The words are en-US's, the same text Intl gives (calendarDate.test.ts).
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "2046-02-23" as "Feb 23, 2046"; text that is not a calendar date is shown as it came. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = MONTHS[month - 1];
  return /^\d{4}-\d\d-\d\d$/.test(isoDate) && name && day > 0 && day < 32 ? `${name} ${day}, ${year}` : isoDate;
}
