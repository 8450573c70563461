import { centsToMoney } from '../../api/contract/values';
import { resultCopy, type ResultContext } from './depositCopy';
import { resultDates } from '../moneyFlow/quoteWords';

// Result screens give dates, never "in 3 business days"; a debit-card deposit reads as what it is.

const context = (made: Parameters<typeof resultDates>[0], amountCents: number, instantCents: number): ResultContext => ({
  outcome: { depositId: 'dep-1', amountCents, instantCents, message: null, made: null },
  sourceName: 'Visa debit card •••• 4242',
  destinationName: 'Brokerage •••• 9075',
  scheduleText: '',
  startText: '',
  highYieldRate: null,
  canRetry: false,
  dates: resultDates(made),
});

describe('result screens with dates (Thanksgiving 2026)', () => {
  it('a debit-card deposit: available now, settled at once, withdrawable to a bank when its hold ends', () => {
    const made = { settlesOn: '2026-11-26', withdrawableOn: '2027-03-26', availableLater: [], card: true };
    expect(resultCopy('instant-deposit', context(made, 20_000, 20_000)).body).toBe(
      '$200.00 from Visa debit card •••• 4242 is available to invest now. Card deposits are settled at once; money from a card can be withdrawn to a bank from Fri, Mar 26, 2027.',
    );
  });
  it('a bank deposit in full now: it settles on its date', () => {
    const made = { settlesOn: '2026-12-02', withdrawableOn: '2026-12-02', availableLater: [], card: false };
    expect(resultCopy('instant-deposit', { ...context(made, 50_000, 50_000), sourceName: 'Chase •••• 6789' }).body).toBe(
      '$500.00 from Chase •••• 6789 is available to invest now. The deposit settles on Wed, Dec 2, and can be withdrawn to a bank from then.',
    );
  });
  it('partly now: the rest on its date', () => {
    const made = {
      settlesOn: '2026-12-02',
      withdrawableOn: '2026-12-02',
      availableLater: [{ amount: centsToMoney(75_000), date: '2026-12-02' }],
      card: false,
    };
    expect(resultCopy('partial-instant-deposit', context(made, 175_000, 100_000)).body).toBe(
      '$1,000.00 of your $1,750.00 deposit is available to invest now. The remaining $750.00 will be available on Wed, Dec 2, when the deposit settles.',
    );
  });
  it('nothing now: all of it on the settlement date', () => {
    const made = {
      settlesOn: '2026-12-02',
      withdrawableOn: '2026-12-02',
      availableLater: [{ amount: centsToMoney(100_000), date: '2026-12-02' }],
      card: false,
    };
    expect(resultCopy('deposit-initiated', context(made, 100_000, 0)).body).toBe(
      'Your deposit of $1,000.00 to Brokerage •••• 9075 has started. It will be available to invest on Wed, Dec 2, when it settles.',
    );
  });
  it('no screen says "business days"', () => {
    const made = { settlesOn: '2026-12-02', withdrawableOn: '2026-12-02', availableLater: [], card: false };
    for (const screen of ['instant-deposit', 'partial-instant-deposit', 'deposit-initiated', 'hyca-deposit-success'] as const) {
      expect(resultCopy(screen, context(made, 100_000, 50_000)).body).not.toMatch(/business days/);
    }
  });
});
