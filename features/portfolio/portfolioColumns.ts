/** The number columns' headings; under 760 px each stacked row repeats them beside its values (data-label). */
export const COLUMNS = { value: 'Value', today: 'Today', gain: 'Total gain' } as const;
