import type { HighYieldAccount, Position } from '../../api/contract';
import { balanceFixture, portfolioFixture, positionFixture } from '../../test/msw/portfolioHandlers';
import {
  bondSummariesOf,
  dayChangeOf,
  e8ToQuantity,
  equityOf,
  formatPercentBps,
  formatSignedCents,
  gainBasisOf,
  gainOf,
  optionSummariesOf,
  quantityToE8,
  ratioBps,
  sectionsOf,
  shapeBalance,
  shapeHighYieldBalance,
  shapePortfolio,
  shapePosition,
  valueOfCents,
} from './portfolioShaping';

const usd = (amount: string) => ({ amount, currency: 'USD' as const });

const btc = positionFixture({
  id: 'btc',
  symbol: 'BTC',
  rootSymbol: 'BTC',
  name: 'Bitcoin',
  assetType: 'CRYPTO',
  securityType: null,
  quantity: '0.0125',
  averagePrice: usd('61250.00'),
  lastSalePrice: usd('96842.10'),
  previousClosePrice: usd('95120.00'),
  costBasis: { totalCost: usd('781.25') },
  marketValue: usd('1210.53'),
});

const option = (overrides: Partial<Position> & { strike: string; expiration: string; root: string }): Position => {
  const { strike, expiration, root, ...rest } = overrides;
  return positionFixture({
    assetType: 'OPTION',
    securityType: null,
    rootSymbol: root,
    option: { rootSymbol: root, optionType: 'CALL', strikePrice: usd(strike), expirationDate: expiration, multiplier: 100 },
    ...rest,
  });
};

describe('exact arithmetic', () => {
  it('quantities are integer units of 1e-8 and back, exactly', () => {
    expect(quantityToE8('0.0125')).toBe(1_250_000);
    expect(quantityToE8('5.5')).toBe(550_000_000);
    expect(e8ToQuantity(1_250_000)).toBe('0.0125');
    expect(e8ToQuantity(300_000_000)).toBe('3');
    expect(() => quantityToE8('1e3')).toThrow(RangeError);
  });

  it('values round half away from zero to the cent', () => {
    expect(valueOfCents(1_250_000, 9_684_210)).toBe(121_053); // 1210.52625
    expect(valueOfCents(50_000_000, 1)).toBe(1); // half a cent
    expect(valueOfCents(49_999_999, 1)).toBe(0);
    expect(valueOfCents(200_000_000, 482, 100)).toBe(96_400);
    // 0.1 + 0.2 style traps: 3 x $0.10 is exactly $0.30
    expect(valueOfCents(300_000_000, 10)).toBe(30);
  });

  it('ratios are basis points, half away from zero, null over zero', () => {
    expect(ratioBps(1, 3)).toBe(3333);
    expect(ratioBps(2, 3)).toBe(6667);
    expect(ratioBps(-1, 8)).toBe(-1250);
    expect(ratioBps(5, 0)).toBeNull();
  });
});

describe('gain rule: crypto and alt by average price, the rest by cost basis', () => {
  it('crypto: market value less average price x quantity (the fee in the total cost is ignored)', () => {
    expect(gainBasisOf('CRYPTO')).toBe('AVERAGE_PRICE');
    // 0.0125 x $61,250.00 = $765.625 -> $765.63; $1,210.53 - $765.63
    expect(gainOf(btc)).toEqual({ basis: 'AVERAGE_PRICE', basisCents: 76_563, valueCents: 44_490, percentBps: 5811 });
  });

  it('alt: by average price too', () => {
    const alt = positionFixture({
      assetType: 'ALT',
      securityType: null,
      quantity: '8',
      averagePrice: usd('25.00'),
      costBasis: { totalCost: usd('210.00') },
      marketValue: usd('220.80'),
    });
    expect(gainOf(alt)).toMatchObject({ basis: 'AVERAGE_PRICE', basisCents: 20_000, valueCents: 2_080 });
  });

  it.each(['EQUITY', 'OPTION', 'BOND', 'TREASURY', 'MULTILEG'] as const)('%s: market value less the total cost', (assetType) => {
    expect(gainBasisOf(assetType)).toBe('COST_BASIS');
    const position = positionFixture({
      assetType,
      quantity: '12',
      averagePrice: usd('168.40'),
      costBasis: { totalCost: usd('2025.30') },
      marketValue: usd('2758.44'),
    });
    expect(gainOf(position)).toEqual({ basis: 'COST_BASIS', basisCents: 202_530, valueCents: 73_314, percentBps: 3620 });
  });

  it('a loss is negative, and a short position gains when its value falls', () => {
    expect(gainOf(positionFixture({ costBasis: { totalCost: usd('100.00') }, marketValue: usd('80.00') })).valueCents).toBe(-2_000);
    const short = positionFixture({ side: 'SHORT', costBasis: { totalCost: usd('100.00') }, marketValue: usd('-80.00') });
    expect(gainOf(short)).toMatchObject({ valueCents: 2_000, percentBps: 2000 });
  });

  it('no basis, no percentage', () => {
    expect(gainOf(positionFixture({ costBasis: { totalCost: usd('0.00') }, marketValue: usd('5.00') })).percentBps).toBeNull();
  });
});

describe('day change', () => {
  it('is the value now less the value at the previous close, with the option multiplier', () => {
    const call = option({
      root: 'AAPL',
      strike: '250.00',
      expiration: '2027-06-18',
      quantity: '2',
      lastSalePrice: usd('4.82'),
      previousClosePrice: usd('4.55'),
    });
    expect(dayChangeOf(call)).toEqual({ valueCents: 5_400, percentBps: 593 });
    expect(dayChangeOf(btc).valueCents).toBe(121_053 - 118_900);
  });
});

describe('option summaries grouped by rootSymbol', () => {
  it('sums the legs of each underlying, underlyings in symbol order, legs by expiration then strike', () => {
    const equity = 1_000_000;
    const legs = [
      option({
        id: 'tsla',
        symbol: 'TSLA270917C00400000',
        root: 'TSLA',
        strike: '400.00',
        expiration: '2027-09-17',
        quantity: '3',
        costBasis: { totalCost: usd('3751.95') },
        marketValue: usd('4440.00'),
        lastSalePrice: usd('14.80'),
        previousClosePrice: usd('13.95'),
      }),
      option({
        id: 'aapl-put',
        symbol: 'AAPL270618P00200000',
        root: 'AAPL',
        strike: '200.00',
        expiration: '2027-06-18',
        quantity: '1',
        costBasis: { totalCost: usd('410.65') },
        marketValue: usd('265.00'),
        lastSalePrice: usd('2.65'),
        previousClosePrice: usd('2.90'),
      }),
      option({
        id: 'aapl-call',
        symbol: 'AAPL270618C00250000',
        root: 'AAPL',
        strike: '250.00',
        expiration: '2027-06-18',
        quantity: '2',
        costBasis: { totalCost: usd('631.30') },
        marketValue: usd('964.00'),
        lastSalePrice: usd('4.82'),
        previousClosePrice: usd('4.55'),
      }),
      positionFixture({ id: 'aapl-stock', symbol: 'AAPL', rootSymbol: 'AAPL' }),
    ].map((position) => shapePosition(position, equity));

    const summaries = optionSummariesOf(legs, equity);
    expect(summaries.map((summary) => summary.rootSymbol)).toEqual(['AAPL', 'TSLA']);
    const aapl = summaries[0];
    expect(aapl.legs.map((leg) => leg.id)).toEqual(['aapl-put', 'aapl-call']); // the stock is not an option
    expect(aapl).toMatchObject({
      contracts: '3',
      currentValueCents: 122_900,
      totalCostCents: 104_195,
      gainCents: 122_900 - 104_195,
      gainPercentBps: 1795,
      dayChangeCents: 5_400 - 2_500,
      percentOfPortfolioBps: 1229,
    });
    expect(summaries[1]).toMatchObject({ contracts: '3', gainCents: 444_000 - 375_195 });
  });

  it('no options, no summaries', () => {
    expect(optionSummariesOf([shapePosition(positionFixture(), 100)], 100)).toEqual([]);
  });
});

describe('bond summaries', () => {
  it('bonds and Treasuries with their details, soonest maturity first, with the face value to be paid back', () => {
    const bond = positionFixture({
      id: 'bond',
      symbol: '037833DX5',
      assetType: 'BOND',
      securityType: null,
      quantity: '3',
      marketValue: usd('2892.30'),
      costBasis: { totalCost: usd('2950.50') },
      fixedIncome: {
        cusip: '037833DX5',
        maturityDate: '2046-02-23',
        couponRate: '4.65',
        yieldToMaturity: '4.94',
        faceValue: usd('1000.00'),
      },
    });
    const bill = positionFixture({
      id: 'bill',
      symbol: '912797PZ4',
      assetType: 'TREASURY',
      securityType: null,
      quantity: '20',
      marketValue: usd('1972.20'),
      costBasis: { totalCost: usd('1957.60') },
      fixedIncome: {
        cusip: '912797PZ4',
        maturityDate: '2027-05-27',
        couponRate: '0.00',
        yieldToMaturity: '4.21',
        faceValue: usd('100.00'),
      },
    });
    const summaries = bondSummariesOf([bond, bill, positionFixture()].map((position) => shapePosition(position, 10_000_000)));
    expect(summaries.map((summary) => summary.id)).toEqual(['bill', 'bond']);
    expect(summaries[0]).toMatchObject({
      assetType: 'TREASURY',
      yieldToMaturity: '4.21',
      totalFaceValueCents: 200_000,
      currentValueCents: 197_220,
      gain: { valueCents: 1_460 },
    });
    expect(summaries[1]).toMatchObject({ couponRate: '4.65', totalFaceValueCents: 300_000, gain: { valueCents: -5_820 } });
  });
});

describe('sections, equity and percent of portfolio', () => {
  it('equity is cash plus market values (shorts count against it)', () => {
    expect(
      equityOf(10_000, [positionFixture({ marketValue: usd('50.00') }), positionFixture({ side: 'SHORT', marketValue: usd('-20.00') })]),
    ).toBe(13_000);
  });

  it('percent of portfolio is of the equity, null when the equity is not positive', () => {
    expect(shapePosition(positionFixture({ marketValue: usd('250.00') }), 100_000).percentOfPortfolioBps).toBe(2500);
    expect(shapePosition(positionFixture(), 0).percentOfPortfolioBps).toBeNull();
  });

  it('sections in the fixed order, largest position first, options only as a section total', () => {
    const shaped = [
      positionFixture({ id: 'a', symbol: 'AAPL', marketValue: usd('100.00') }),
      positionFixture({ id: 'm', symbol: 'MSFT', marketValue: usd('300.00') }),
      positionFixture({ id: 'v', symbol: 'VOO', securityType: 'ETF', marketValue: usd('50.00') }),
      btc,
      option({ id: 'o', root: 'AAPL', strike: '1.00', expiration: '2027-01-15', marketValue: usd('10.00') }),
    ].map((position) => shapePosition(position, 1_000_000));
    const sections = sectionsOf(shaped);
    expect(sections.map((section) => section.title)).toEqual(['Stocks', 'ETFs', 'Options', 'Crypto']);
    expect(sections[0].positions.map((position) => position.symbol)).toEqual(['MSFT', 'AAPL']);
    expect(sections[0].currentValueCents).toBe(40_000);
    expect(sections[2]).toMatchObject({ positions: [], currentValueCents: 1_000 });
  });
});

describe('balances', () => {
  it('turns every balance figure into cents', () => {
    expect(shapeBalance(balanceFixture({ cash: '1000.00', onHold: '100.00', pending: '250.00', available: '900.00' }))).toMatchObject({
      cashCents: 100_000,
      buyingPowerCents: 100_000,
      availableToWithdrawCents: 90_000,
      depositsOnHoldCents: 10_000,
      pendingDepositsCents: 25_000,
      pendingWithdrawalsCents: 0,
    });
  });

  it('high-yield balance: the four figures and the rate, or null without an account', () => {
    const account: HighYieldAccount = {
      accountUuid: 'hy',
      status: 'OPEN',
      availableToWithdraw: usd('1905.18'),
      depositsOnHold: usd('150.00'),
      pendingDeposits: usd('0.00'),
      pendingWithdrawals: usd('0.00'),
      rate: '4.10',
    };
    expect(shapeHighYieldBalance(account)).toEqual({
      availableToWithdrawCents: 190_518,
      depositsOnHoldCents: 15_000,
      pendingDepositsCents: 0,
      pendingWithdrawalsCents: 0,
      rate: '4.10',
    });
    expect(shapeHighYieldBalance(null)).toBeNull();
  });
});

describe('shapePortfolio', () => {
  it('puts it together: equity, totals, sections, summaries and the high-yield balance', () => {
    const shaped = shapePortfolio(portfolioFixture(), null);
    expect(shaped.equityCents).toBe(
      shaped.balance.cashCents + shaped.positions.reduce((sum, position) => sum + position.currentValueCents, 0),
    );
    expect(shaped.positionsValueCents).toBe(shaped.equityCents - shaped.balance.cashCents);
    expect(shaped.totalGainCents).toBe(shaped.positions.reduce((sum, position) => sum + position.gain.valueCents, 0));
    expect(shaped.optionSummaries.map((summary) => summary.rootSymbol)).toEqual(['AAPL']);
    expect(shaped.bondSummaries.map((summary) => summary.assetType)).toEqual(['TREASURY']);
    expect(shaped.highYieldAccountBalance).toBeNull();
  });
});

describe('words', () => {
  it('signed percentages and money', () => {
    expect(formatPercentBps(1234)).toBe('+12.34%');
    expect(formatPercentBps(-5)).toBe('-0.05%');
    expect(formatPercentBps(0)).toBe('0.00%');
    expect(formatPercentBps(null)).toBe('—');
    expect(formatPercentBps(431, { signed: false })).toBe('4.31%');
    expect(formatSignedCents(123_456)).toBe('+$1,234.56');
    expect(formatSignedCents(-500)).toBe('-$5.00');
    expect(formatSignedCents(0)).toBe('$0.00');
  });
});
