import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { EquitySecurityType, OptionType, PositionAssetType } from '../../../api/contract';
import { quantityToE8 } from '../../domain/portfolio';
import { demoAccountsWithoutPositions, insertPositions } from '../../repositories/portfolio';
import type { Database } from '../schema';

// ---- demo positions (sandbox data) ----

interface DemoPosition {
  symbol: string;
  rootSymbol?: string;
  name: string;
  assetType: PositionAssetType;
  securityType?: EquitySecurityType;
  quantity: string;
  averagePriceCents: number;
  lastPriceCents: number;
  previousCloseCents: number;
  totalCostCents: number;
  openedAt: string;
  fractional?: boolean;
  safetyLabel?: string;
  realizedGainCents?: number;
  option?: { type: OptionType; strikeCents: number; expirationDate: string; multiplier?: number };
  fixedIncome?: { cusip: string; maturityDate: string; couponRate: string; yieldToMaturity: string; faceValueCents: number };
}

const stock = (
  symbol: string,
  name: string,
  quantity: string,
  avg: number,
  last: number,
  prev: number,
  totalCost: number,
  openedAt: string,
  securityType: EquitySecurityType = 'STOCK',
): DemoPosition => ({
  symbol,
  name,
  assetType: 'EQUITY',
  securityType,
  quantity,
  averagePriceCents: avg,
  lastPriceCents: last,
  previousCloseCents: prev,
  totalCostCents: totalCost,
  openedAt,
  fractional: true,
});

/**
 * Holdings of some demo customers by email and accountId. Prices are made up; a crypto or alt's total cost
 * includes a fee that its average price does not, so the gain rule (crypto and alt by average price, the rest by
 * cost basis) shows on screen.
 */
export const DEMO_POSITIONS: Readonly<Record<string, Readonly<Record<string, readonly DemoPosition[]>>>> = {
  'alex@fundflow.test': {
    '5001001': [
      stock('AAPL', 'Apple Inc.', '12', 16_840, 22_987, 22_752, 202_530, '2023-05-10T14:31:00Z'),
      stock('VOO', 'Vanguard S&P 500 ETF', '5.5', 41_230, 52_114, 52_390, 226_765, '2023-08-01T15:02:00Z', 'ETF'),
      {
        symbol: 'BTC',
        name: 'Bitcoin',
        assetType: 'CRYPTO',
        quantity: '0.0125',
        averagePriceCents: 6_125_000,
        lastPriceCents: 9_684_210,
        previousCloseCents: 9_512_000,
        totalCostCents: 78_125,
        openedAt: '2024-02-20T18:12:00Z',
        fractional: true,
      },
      {
        symbol: 'ETH',
        name: 'Ethereum',
        assetType: 'CRYPTO',
        quantity: '0.42',
        averagePriceCents: 254_000,
        lastPriceCents: 341_275,
        previousCloseCents: 335_010,
        totalCostCents: 108_000,
        openedAt: '2024-03-05T16:40:00Z',
        fractional: true,
      },
      {
        symbol: 'WINE-BDX22',
        name: 'Bordeaux 2022 Wine Collection',
        assetType: 'ALT',
        quantity: '8',
        averagePriceCents: 2_500,
        lastPriceCents: 2_760,
        previousCloseCents: 2_760,
        totalCostCents: 21_000,
        openedAt: '2024-06-11T13:00:00Z',
      },
      {
        symbol: 'AAPL270618C00250000',
        rootSymbol: 'AAPL',
        name: 'AAPL Jun 18 2027 $250 Call',
        assetType: 'OPTION',
        quantity: '2',
        averagePriceCents: 315,
        lastPriceCents: 482,
        previousCloseCents: 455,
        totalCostCents: 63_130,
        openedAt: '2025-10-02T14:45:00Z',
        option: { type: 'CALL', strikeCents: 25_000, expirationDate: '2027-06-18' },
      },
      {
        symbol: 'AAPL270618P00200000',
        rootSymbol: 'AAPL',
        name: 'AAPL Jun 18 2027 $200 Put',
        assetType: 'OPTION',
        quantity: '1',
        averagePriceCents: 410,
        lastPriceCents: 265,
        previousCloseCents: 290,
        totalCostCents: 41_065,
        openedAt: '2025-10-02T14:47:00Z',
        option: { type: 'PUT', strikeCents: 20_000, expirationDate: '2027-06-18' },
      },
      {
        symbol: 'TSLA270917C00400000',
        rootSymbol: 'TSLA',
        name: 'TSLA Sep 17 2027 $400 Call',
        assetType: 'OPTION',
        quantity: '3',
        averagePriceCents: 1_250,
        lastPriceCents: 1_480,
        previousCloseCents: 1_395,
        totalCostCents: 375_195,
        openedAt: '2025-11-14T19:20:00Z',
        option: { type: 'CALL', strikeCents: 40_000, expirationDate: '2027-09-17' },
      },
      {
        symbol: '912797PZ4',
        name: 'U.S. Treasury Bill 26-week',
        assetType: 'TREASURY',
        quantity: '20',
        averagePriceCents: 9_788,
        lastPriceCents: 9_861,
        previousCloseCents: 9_859,
        totalCostCents: 195_760,
        openedAt: '2025-12-01T15:00:00Z',
        fixedIncome: {
          cusip: '912797PZ4',
          maturityDate: '2027-05-27',
          couponRate: '0.00',
          yieldToMaturity: '4.21',
          faceValueCents: 10_000,
        },
      },
      {
        symbol: '037833DX5',
        name: 'Apple Inc. 4.65% 2046',
        assetType: 'BOND',
        quantity: '3',
        averagePriceCents: 98_250,
        lastPriceCents: 96_410,
        previousCloseCents: 96_520,
        totalCostCents: 295_050,
        openedAt: '2025-04-08T14:10:00Z',
        safetyLabel: 'Investment grade',
        fixedIncome: {
          cusip: '037833DX5',
          maturityDate: '2046-02-23',
          couponRate: '4.65',
          yieldToMaturity: '4.94',
          faceValueCents: 100_000,
        },
      },
    ],
    '5001002': [
      stock('VTI', 'Vanguard Total Stock Market ETF', '15', 21_045, 29_862, 29_701, 315_675, '2023-06-20T15:30:00Z', 'ETF'),
      stock('BND', 'Vanguard Total Bond Market ETF', '30', 7_310, 7_262, 7_270, 219_300, '2023-07-11T15:30:00Z', 'ETF'),
    ],
    '5001003': [
      stock('MSFT', 'Microsoft Corporation', '4', 31_520, 42_213, 42_550, 126_080, '2024-01-22T16:05:00Z'),
      stock('QQQ', 'Invesco QQQ Trust', '2.25', 38_500, 51_240, 51_002, 86_625, '2024-02-14T16:05:00Z', 'ETF'),
    ],
  },
  'joint@fundflow.test': {
    '5003001': [
      stock('SPY', 'SPDR S&P 500 ETF Trust', '10', 44_215, 58_930, 58_702, 442_150, '2024-06-03T14:00:00Z', 'ETF'),
      stock('JNJ', 'Johnson & Johnson', '25', 15_480, 15_102, 15_250, 387_000, '2024-08-19T14:00:00Z'),
    ],
  },
  'entity@fundflow.test': {
    '5004001': [
      {
        symbol: '912797QK2',
        name: 'U.S. Treasury Bill 13-week',
        assetType: 'TREASURY',
        quantity: '500',
        averagePriceCents: 9_893,
        lastPriceCents: 9_931,
        previousCloseCents: 9_930,
        totalCostCents: 4_946_500,
        openedAt: '2026-01-05T15:00:00Z',
        fixedIncome: {
          cusip: '912797QK2',
          maturityDate: '2027-04-08',
          couponRate: '0.00',
          yieldToMaturity: '4.27',
          faceValueCents: 10_000,
        },
      },
      stock('BRK.B', 'Berkshire Hathaway Inc. Class B', '20', 41_210, 47_655, 47_510, 824_200, '2024-11-12T15:00:00Z'),
    ],
  },
  'full@fundflow.test': {
    '5012001': [stock('NVDA', 'NVIDIA Corporation', '40', 9_875, 17_722, 17_390, 395_000, '2023-06-01T14:00:00Z')],
  },
};

function demoPositionRow(position: DemoPosition, accountId: string, now: Date) {
  const quantityE8 = quantityToE8(position.quantity);
  return {
    id: randomUUID(),
    account_id: accountId,
    symbol: position.symbol,
    root_symbol: position.rootSymbol ?? position.symbol,
    name: position.name,
    asset_type: position.assetType,
    security_type: position.securityType ?? null,
    side: 'LONG' as const,
    quantity_e8: quantityE8,
    available_to_close_e8: quantityE8,
    average_price_cents: position.averagePriceCents,
    last_price_cents: position.lastPriceCents,
    previous_close_cents: position.previousCloseCents,
    total_cost_cents: position.totalCostCents,
    realized_gain_cents: position.realizedGainCents ?? 0,
    opened_at: position.openedAt,
    tradable: true,
    fractional_tradable: position.fractional ?? false,
    safety_label: position.safetyLabel ?? null,
    strategy_ids: '[]',
    option_type: position.option?.type ?? null,
    strike_price_cents: position.option?.strikeCents ?? null,
    expiration_date: position.option?.expirationDate ?? null,
    multiplier: position.option ? (position.option.multiplier ?? 100) : 1,
    cusip: position.fixedIncome?.cusip ?? null,
    maturity_date: position.fixedIncome?.maturityDate ?? null,
    coupon_rate: position.fixedIncome?.couponRate ?? null,
    yield_to_maturity: position.fixedIncome?.yieldToMaturity ?? null,
    face_value_cents: position.fixedIncome?.faceValueCents ?? null,
    updated_at: now,
  };
}

/** Writes a demo customer's positions (seed); `accountUuid` maps a demo accountId to the row written for it. */
export async function insertDemoPositions(
  trx: Transaction<Database>,
  email: string,
  accountUuid: (accountId: string) => string | undefined,
  now: Date,
): Promise<number> {
  const rows = Object.entries(DEMO_POSITIONS[email] ?? {}).flatMap(([accountId, positions]) => {
    const uuid = accountUuid(accountId);
    return uuid ? positions.map((position) => demoPositionRow(position, uuid, now)) : [];
  });
  await insertPositions(trx, rows);
  return rows.length;
}

/**
 * A demo database made before positions existed: gives each demo customer of DEMO_POSITIONS whose accounts hold
 * none its positions. Returns the emails it filled.
 */
export async function addMissingDemoPositions(db: Kysely<Database>, now: Date = new Date()): Promise<string[]> {
  const filled: string[] = [];
  for (const email of Object.keys(DEMO_POSITIONS)) {
    const done = await db.transaction().execute(async (trx) => {
      const accounts = await demoAccountsWithoutPositions(trx, email);
      if (!accounts) return false;
      const byAccountId = new Map(accounts.map((account) => [account.account_id, account.id]));
      return (await insertDemoPositions(trx, email, (accountId) => byAccountId.get(accountId), now)) > 0;
    });
    if (done) filled.push(email);
  }
  return filled;
}
