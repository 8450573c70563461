import { lastPriceCents, SANDBOX_LAST_PRICES_CENTS } from './instrumentPrices';
import { INSTRUMENTS_V1 } from './servicesReferenceData';

describe('the server’s own instrument prices', () => {
  it('every instrument the server knows has a positive price in whole cents, and no price is for an unknown symbol', () => {
    for (const { symbol } of INSTRUMENTS_V1) {
      const cents = lastPriceCents(symbol);
      expect([symbol, Number.isSafeInteger(cents) && (cents ?? 0) > 0]).toEqual([symbol, true]);
    }
    expect(Object.keys(SANDBOX_LAST_PRICES_CENTS).sort()).toEqual(INSTRUMENTS_V1.map((instrument) => instrument.symbol).sort());
  });

  it('a symbol the server does not know has no price', () => {
    expect(lastPriceCents('ZZZZ')).toBeNull();
    expect(lastPriceCents('aapl')).toBeNull();
    expect(lastPriceCents('AAPL')).toBe(22_987);
  });
});
