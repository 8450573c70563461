import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  centsToDecimal,
  decimalToCents,
  type BondAccountYieldResponse,
  type ErrorBody,
  type HighYieldAccount,
  type HighYieldAccountResponse,
  type PortfolioBalance,
  type PortfolioResponse,
  type Position,
  type TreasuryQuickPicksResponse,
} from '../../api/contract';

// Portfolio, Treasury quick picks and bond-account yield for unit tests, typed by the contract (a shape the
// server could not send does not compile). Each handler counts its requests so a test can assert on them.

// handlers.ts's API_ORIGIN, written out: handlers.ts imports this file for its defaults, so importing back would be a cycle.
const url = (path: string) => `http://localhost${path}`;
const usd = (amount: string) => ({ amount, currency: 'USD' as const });

export type PortfolioRefusal = { status: number; body: ErrorBody } | 'network';
const reply = (answer: PortfolioRefusal) =>
  answer === 'network' ? HttpResponse.error() : HttpResponse.json<ErrorBody>(answer.body, { status: answer.status });

export function positionFixture(overrides: Partial<Position> = {}): Position {
  return {
    id: 'pos-aapl',
    accountUuid: 'uuid-brokerage',
    symbol: 'AAPL',
    rootSymbol: 'AAPL',
    name: 'Apple Inc.',
    assetType: 'EQUITY',
    securityType: 'STOCK',
    side: 'LONG',
    quantity: '12',
    availableToClose: '12',
    averagePrice: usd('168.40'),
    lastSalePrice: usd('229.87'),
    previousClosePrice: usd('227.52'),
    costBasis: { totalCost: usd('2025.30') },
    marketValue: usd('2758.44'),
    realizedGain: usd('0.00'),
    openedAt: '2023-05-10T14:31:00.000Z',
    tradable: true,
    fractionalTradable: true,
    safetyLabel: null,
    strategyIds: [],
    maintenanceMarginRequirement: usd('0.00'),
    option: null,
    fixedIncome: null,
    ...overrides,
  };
}

/** A balance from a few figures: cash is the buying power; available defaults to cash less what is on hold. */
export function balanceFixture({
  cash = '12480.55',
  onHold = '100.00',
  pending = '0.00',
  available,
  nonInstant = '0.00',
  pendingWithdrawals = '0.00',
}: {
  cash?: string;
  onHold?: string;
  pending?: string;
  available?: string;
  nonInstant?: string;
  pendingWithdrawals?: string;
} = {}): PortfolioBalance {
  const availableToWithdraw = available ?? centsToDecimal(Math.max(0, decimalToCents(cash) - decimalToCents(onHold)));
  return {
    collateralLockedCash: usd('0.00'),
    depositsOnHold: usd(onHold),
    nonInstantDeposits: usd(nonInstant),
    pendingBuyOrders: usd('0.00'),
    pendingDeposits: usd(pending),
    pendingTips: usd('0.00'),
    pendingWithdrawals: usd(pendingWithdrawals),
    unsettledFunds: usd('0.00'),
    unsettledRewards: usd('0.00'),
    buyingPowerSummary: { cashBalance: usd(cash), buyingPower: usd(cash) },
    availableToWithdrawSummary: {
      availableToWithdraw: usd(availableToWithdraw),
      depositsOnHold: usd(onHold),
      unsettledFunds: usd('0.00'),
      pendingWithdrawals: usd(pendingWithdrawals),
    },
  };
}

/** alex's brokerage, in short: a stock, an ETF, a crypto, two AAPL options and a Treasury bill. */
export function portfolioPositionsFixture(accountUuid = 'uuid-brokerage'): Position[] {
  const option = (
    id: string,
    symbol: string,
    optionType: 'CALL' | 'PUT',
    strike: string,
    quantity: string,
    last: string,
    prev: string,
    cost: string,
    value: string,
  ) =>
    positionFixture({
      id,
      accountUuid,
      symbol,
      rootSymbol: 'AAPL',
      name: `AAPL Jun 18 2027 $${strike.replace('.00', '')} ${optionType === 'CALL' ? 'Call' : 'Put'}`,
      assetType: 'OPTION',
      securityType: null,
      quantity,
      availableToClose: quantity,
      averagePrice: usd('3.15'),
      lastSalePrice: usd(last),
      previousClosePrice: usd(prev),
      costBasis: { totalCost: usd(cost) },
      marketValue: usd(value),
      fractionalTradable: false,
      option: { rootSymbol: 'AAPL', optionType, strikePrice: usd(strike), expirationDate: '2027-06-18', multiplier: 100 },
    });
  return [
    positionFixture({ accountUuid }),
    positionFixture({
      id: 'pos-voo',
      accountUuid,
      symbol: 'VOO',
      rootSymbol: 'VOO',
      name: 'Vanguard S&P 500 ETF',
      securityType: 'ETF',
      quantity: '5.5',
      availableToClose: '5.5',
      averagePrice: usd('412.30'),
      lastSalePrice: usd('521.14'),
      previousClosePrice: usd('523.90'),
      costBasis: { totalCost: usd('2267.65') },
      marketValue: usd('2866.27'),
    }),
    positionFixture({
      id: 'pos-btc',
      accountUuid,
      symbol: 'BTC',
      rootSymbol: 'BTC',
      name: 'Bitcoin',
      assetType: 'CRYPTO',
      securityType: null,
      quantity: '0.0125',
      availableToClose: '0.0125',
      averagePrice: usd('61250.00'),
      lastSalePrice: usd('96842.10'),
      previousClosePrice: usd('95120.00'),
      costBasis: { totalCost: usd('781.25') },
      marketValue: usd('1210.53'),
    }),
    option('pos-aapl-call', 'AAPL270618C00250000', 'CALL', '250.00', '2', '4.82', '4.55', '631.30', '964.00'),
    option('pos-aapl-put', 'AAPL270618P00200000', 'PUT', '200.00', '1', '2.65', '2.90', '410.65', '265.00'),
    positionFixture({
      id: 'pos-bill',
      accountUuid,
      symbol: '912797PZ4',
      rootSymbol: '912797PZ4',
      name: 'U.S. Treasury Bill 26-week',
      assetType: 'TREASURY',
      securityType: null,
      quantity: '20',
      availableToClose: '20',
      averagePrice: usd('97.88'),
      lastSalePrice: usd('98.61'),
      previousClosePrice: usd('98.59'),
      costBasis: { totalCost: usd('1957.60') },
      marketValue: usd('1972.20'),
      fractionalTradable: false,
      fixedIncome: {
        cusip: '912797PZ4',
        maturityDate: '2027-05-27',
        couponRate: '0.00',
        yieldToMaturity: '4.21',
        faceValue: usd('100.00'),
      },
    }),
  ];
}

export function portfolioFixture(overrides: Partial<PortfolioResponse> = {}): PortfolioResponse {
  const accountUuid = overrides.accountUuid ?? 'uuid-brokerage';
  return {
    accountUuid,
    asOf: '2026-03-02T15:00:00.000Z',
    balance: balanceFixture(),
    positions: portfolioPositionsFixture(accountUuid),
    millisecondsToWaitAfterLastResponse: 15_000,
    ...overrides,
  };
}

export function quickPicksFixture(overrides: Partial<TreasuryQuickPicksResponse> = {}): TreasuryQuickPicksResponse {
  return {
    highestYieldToWorst: '4.31',
    quickPicks: [
      { cusip: '912797QA4', name: 'U.S. Treasury Bill', term: '4-week', maturityDate: '2026-03-30', yieldToWorst: '4.31' },
      { cusip: '912797QS5', name: 'U.S. Treasury Bill', term: '26-week', maturityDate: '2026-08-31', yieldToWorst: '4.18' },
    ],
    asOf: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

export interface PortfolioBackendOptions {
  /** The answer per account uuid: a portfolio, or a refusal; default: portfolioFixture for any account. */
  portfolio?: (accountUuid: string) => PortfolioResponse | PortfolioRefusal;
  highYield?: HighYieldAccount | null;
  quickPicks?: TreasuryQuickPicksResponse | PortfolioRefusal;
  bondYield?: BondAccountYieldResponse | PortfolioRefusal;
  /** Milliseconds each answer waits, to see the loading states. */
  delayMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRefusal = (value: unknown): value is PortfolioRefusal =>
  value === 'network' || (typeof value === 'object' && value !== null && 'body' in value && 'status' in value);

/** Handlers for the portfolio screens, with a request log per path. */
export function portfolioBackend(options: PortfolioBackendOptions = {}) {
  const requests = { portfolio: [] as string[], quickPicks: 0, bondYield: 0, highYield: 0 };
  const delay = () => (options.delayMs ? wait(options.delayMs) : Promise.resolve());
  const handlers = [
    http.get(url(ApiPaths.portfolio), async ({ params }) => {
      const accountUuid = String(params.accountUuid);
      requests.portfolio.push(accountUuid);
      await delay();
      const answer = options.portfolio ? options.portfolio(accountUuid) : portfolioFixture({ accountUuid });
      return isRefusal(answer) ? reply(answer) : HttpResponse.json<PortfolioResponse>(answer);
    }),
    http.get(url(ApiPaths.highYieldAccount), async () => {
      requests.highYield += 1;
      await delay();
      return HttpResponse.json<HighYieldAccountResponse>({ highYieldAccount: options.highYield === undefined ? null : options.highYield });
    }),
    http.get(url(ApiPaths.treasuryQuickPicks), async () => {
      requests.quickPicks += 1;
      await delay();
      const answer = options.quickPicks ?? quickPicksFixture();
      return isRefusal(answer) ? reply(answer) : HttpResponse.json<TreasuryQuickPicksResponse>(answer);
    }),
    http.get(url(ApiPaths.bondAccountYield), async () => {
      requests.bondYield += 1;
      await delay();
      const answer = options.bondYield ?? { yieldToMaturity: '5.62', asOf: '2026-03-02T15:00:00.000Z' };
      return isRefusal(answer) ? reply(answer) : HttpResponse.json<BondAccountYieldResponse>(answer);
    }),
  ];
  return { handlers, requests };
}
