import type { DepositQuote } from '../../api/contract';
import { centsToMoney } from '../../api/contract/values';
import { availabilityWords, cutOffWords, dayWords, quoteChanges, quoteWords } from '../moneyFlow/quoteWords';

const usd = (cents: number) => centsToMoney(cents);

/** The quote the server answers for $1,000 from a bank on Thanksgiving 2026 at 10:00 New York, $250 of it instant. */
const thanksgivingQuote = (overrides: Partial<DepositQuote> = {}): DepositQuote => ({
  availableNow: usd(25_000),
  availableLater: [{ amount: usd(75_000), date: '2026-12-02' }],
  settlesOn: '2026-12-02',
  withdrawableOn: '2026-12-02',
  cancellableUntil: '2026-11-27T21:00:00.000Z',
  batchDay: '2026-11-27',
  limitAfter: { kind: 'BANK_DAILY', limit: usd(5_000_000), left: usd(4_900_000), batchDay: '2026-11-27' },
  waitsForApproval: false,
  ...overrides,
});

describe('dates in words', () => {
  it('a New York date reads "Wed, Dec 2", with the year only when it is another year', () => {
    expect(dayWords('2026-12-02')).toBe('Wed, Dec 2');
    expect(dayWords('2027-03-26', '2026-11-26')).toBe('Fri, Mar 26, 2027');
    expect(dayWords('2026-12-02', '2026-11-26')).toBe('Wed, Dec 2');
  });
  it('the cut-off reads in New York time whatever the zone of the machine', () => {
    expect(cutOffWords('2026-11-27T21:00:00.000Z')).toBe('Fri, Nov 27 at 4:00 PM');
    expect(cutOffWords('2026-07-06T20:00:00.000Z')).toBe('Mon, Jul 6 at 4:00 PM');
  });
});

describe('the quote in plain words (bank, Thanksgiving 2026)', () => {
  it('says how much is available now and how much on which date', () => {
    expect(quoteWords(thanksgivingQuote()).availability).toBe('$250.00 available to invest now, $750.00 on Wed, Dec 2');
  });
  it('a bank linked today: nothing now, all of it on the settlement date', () => {
    const quote = thanksgivingQuote({ availableNow: usd(0), availableLater: [{ amount: usd(100_000), date: '2026-12-02' }] });
    expect(quoteWords(quote).availability).toBe('$1,000.00 available to invest on Wed, Dec 2');
  });
  it('all of it now when the instant room covers it', () => {
    expect(availabilityWords({ nowCents: 50_000, later: [] })).toBe('$500.00 available to invest now');
  });
  it('says until when it can be cancelled (the batch day Fri Nov 27 at the 4 pm cut-off)', () => {
    expect(quoteWords(thanksgivingQuote()).cancel).toBe('You can cancel until Fri, Nov 27 at 4:00 PM New York time.');
  });
  it('says when it settles', () => {
    expect(quoteWords(thanksgivingQuote()).settlement).toBe('Settles Wed, Dec 2; it can be withdrawn to a bank from then.');
  });
  it('says what is left of the batch day’s bank limit after it', () => {
    expect(quoteWords(thanksgivingQuote()).limitAfter).toBe('$49,000.00 of $50,000.00 left for Fri, Nov 27 after this deposit');
  });
});

describe('the quote of a debit-card deposit in plain words', () => {
  const card = thanksgivingQuote({
    availableNow: usd(20_000),
    availableLater: [],
    settlesOn: '2026-11-26',
    withdrawableOn: '2027-03-26',
    cancellableUntil: null,
    batchDay: null,
    limitAfter: { kind: 'DEBIT_CARD', limit: usd(250_000), left: usd(200_000), batchDay: null },
  });
  it('reads as what it is: settled and invested at once, held from a bank until a date, the card’s remainder', () => {
    expect(quoteWords(card)).toEqual({
      availability: '$200.00 available to invest now',
      cancel: 'A card deposit is made at once and cannot be canceled.',
      settlement: 'Settled at once. Money from a card can be withdrawn to a bank from Fri, Mar 26, 2027.',
      limitAfter: '$2,000.00 of $2,500.00 left on this card after this deposit',
    });
  });
});

describe("Confirm's deposit against the quote", () => {
  const made = {
    status: 'CONFIRMED' as const,
    type: 'DEPOSIT' as const,
    settlesOn: '2026-12-02',
    cancellableUntil: '2026-11-27T21:00:00.000Z',
  };
  it('says nothing when it did what the review said', () => {
    expect(
      quoteChanges(thanksgivingQuote(), {
        ...made,
        availableNow: usd(25_000),
        availableLater: [{ amount: usd(75_000), date: '2026-12-02' }],
      }),
    ).toEqual([]);
  });
  it('says the instant part shrank, and why', () => {
    const [change] = quoteChanges(thanksgivingQuote(), {
      ...made,
      availableNow: usd(10_000),
      availableLater: [{ amount: usd(90_000), date: '2026-12-02' }],
    });
    expect(change).toMatch(
      /^\$100\.00 is available to invest now instead of the \$250\.00 the review showed: other bank deposits of yours that have not settled yet used part/,
    );
  });
  it('says the dates moved when Confirm came after the cut-off', () => {
    const changes = quoteChanges(thanksgivingQuote(), { ...made, availableNow: usd(25_000), availableLater: [], settlesOn: '2026-12-03' });
    expect(changes).toEqual([
      expect.stringMatching(/^It settles on Thu, Dec 3 instead of Wed, Dec 2: Confirm came after the 4:00 PM New York cut-off/),
    ]);
  });
  it('says nothing for a deposit waiting for an application (its dates are not known yet)', () => {
    expect(
      quoteChanges(thanksgivingQuote({ waitsForApproval: true }), {
        ...made,
        type: 'PENDING_DEPOSIT',
        availableNow: usd(0),
        availableLater: [],
      }),
    ).toEqual([]);
  });
});
