import { randomUUID } from 'node:crypto';
import { sql, type ColumnType, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  centsToMoney,
  type EquitySecurityType,
  type OptionType,
  type PortfolioBalance,
  type Position,
  type PositionAssetType,
  type PositionSide,
} from '../../api/contract';
import type { AccountRow, Database } from '../db/schema';
import { availableToWithdrawOf, withWithdrawals } from './withdrawals';
import { owedOf, type OwedExplanation } from './achReturns';

// Positions and balances of an account (funding-methods.md 3.5). The tables come from migration 0005; their row
// types are declared here and merged into Database, so this area needs no edit of the shared schema file.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface PositionsTable {
  id: string;
  account_id: string;
  symbol: string;
  root_symbol: string;
  name: string;
  asset_type: PositionAssetType;
  security_type: NullableColumn<EquitySecurityType>;
  side: PositionSide;
  /** Units of 1e-8: "0.0125" BTC is 1_250_000. */
  quantity_e8: number;
  available_to_close_e8: number;
  average_price_cents: number;
  last_price_cents: number;
  previous_close_cents: number;
  total_cost_cents: number;
  realized_gain_cents: Defaulted<number>;
  maintenance_margin_cents: Defaulted<number>;
  opened_at: Timestamp;
  tradable: Defaulted<boolean>;
  fractional_tradable: Defaulted<boolean>;
  safety_label: NullableColumn<string>;
  strategy_ids: ColumnType<string[], string | undefined, string>;
  option_type: NullableColumn<OptionType>;
  strike_price_cents: NullableColumn<number>;
  expiration_date: NullableColumn<string>;
  multiplier: Defaulted<number>;
  cusip: NullableColumn<string>;
  maturity_date: NullableColumn<string>;
  coupon_rate: NullableColumn<string>;
  yield_to_maturity: NullableColumn<string>;
  face_value_cents: NullableColumn<number>;
  updated_at: Timestamp;
}

export interface TreasuryQuickPicksTable {
  cusip: string;
  name: string;
  term: string;
  maturity_date: ColumnType<string, string, string>;
  yield_to_worst: string;
  sort_order: number;
  updated_at: Timestamp;
}

declare module '../db/schema' {
  interface Database {
    positions: PositionsTable;
    treasury_quick_picks: TreasuryQuickPicksTable;
  }
}

export type PositionRow = Selectable<PositionsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The app_config key of the bond account's yield to maturity ("5.62"); migration 0005 writes it. */
export const BOND_ACCOUNT_YIELD_KEY = 'bondAccount.yieldToMaturity';
export const PERCENT_PATTERN = /^-?\d{1,3}\.\d{2}$/;
/** The poll pause a client is asked to keep between two portfolio requests. */
export const PORTFOLIO_REFRESH_MS = 15_000;

// ---- exact quantities and values ----

const QUANTITY = /^(\d{1,9})(?:\.(\d{1,8}))?$/;
const E8 = 100_000_000n;

/** "0.0125" -> 1_250_000 (units of 1e-8); throws on anything that is not an exact non-negative decimal. */
export function quantityToE8(quantity: string): number {
  const match = QUANTITY.exec(quantity);
  if (!match) throw new RangeError(`Not a quantity: ${quantity}`);
  return Number(match[1]) * 100_000_000 + Number((match[2] ?? '').padEnd(8, '0'));
}

/** 1_250_000 -> "0.0125"; whole numbers without a fraction ("12"). */
export function e8ToQuantity(e8: number): string {
  if (!Number.isSafeInteger(e8) || e8 < 0) throw new RangeError(`Not a quantity in 1e-8 units: ${e8}`);
  const whole = Math.floor(e8 / 100_000_000);
  const fraction = String(e8 % 100_000_000).padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** quantity x price x multiplier in cents, rounded half away from zero, computed on integers only. */
export function valueCents(quantityE8: number, priceCents: number, multiplier = 1): number {
  const product = BigInt(quantityE8) * BigInt(priceCents) * BigInt(multiplier);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + E8 / 2n) / E8;
  const cents = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(cents)) throw new RangeError('Position value out of range');
  return cents;
}

/** A long position is worth its value; a short one owes it. */
export const marketValueCents = (row: Pick<PositionRow, 'quantity_e8' | 'last_price_cents' | 'multiplier' | 'side'>) =>
  (row.side === 'SHORT' ? -1 : 1) * valueCents(row.quantity_e8, row.last_price_cents, row.multiplier);

export function presentPosition(row: PositionRow, accountUuid: string): Position {
  return {
    id: row.id,
    accountUuid,
    symbol: row.symbol,
    rootSymbol: row.root_symbol,
    name: row.name,
    assetType: row.asset_type,
    securityType: row.security_type,
    side: row.side,
    quantity: e8ToQuantity(row.quantity_e8),
    availableToClose: e8ToQuantity(row.available_to_close_e8),
    averagePrice: centsToMoney(row.average_price_cents),
    lastSalePrice: centsToMoney(row.last_price_cents),
    previousClosePrice: centsToMoney(row.previous_close_cents),
    costBasis: { totalCost: centsToMoney(row.total_cost_cents) },
    marketValue: centsToMoney(marketValueCents(row)),
    realizedGain: centsToMoney(row.realized_gain_cents),
    openedAt: row.opened_at.toISOString(),
    tradable: row.tradable,
    fractionalTradable: row.fractional_tradable,
    safetyLabel: row.safety_label,
    strategyIds: row.strategy_ids,
    maintenanceMarginRequirement: centsToMoney(row.maintenance_margin_cents),
    option:
      row.asset_type === 'OPTION' && row.option_type && row.strike_price_cents !== null && row.expiration_date
        ? {
            rootSymbol: row.root_symbol,
            optionType: row.option_type,
            strikePrice: centsToMoney(row.strike_price_cents),
            expirationDate: row.expiration_date,
            multiplier: row.multiplier,
          }
        : null,
    fixedIncome:
      (row.asset_type === 'BOND' || row.asset_type === 'TREASURY') && row.cusip && row.maturity_date && row.face_value_cents !== null
        ? {
            cusip: row.cusip,
            maturityDate: row.maturity_date,
            couponRate: row.coupon_rate ?? '0.00',
            yieldToMaturity: row.yield_to_maturity ?? '0.00',
            faceValue: centsToMoney(row.face_value_cents),
          }
        : null,
  };
}

export async function positionsOfAccount(db: Db, accountId: string): Promise<PositionRow[]> {
  return db.selectFrom('positions').selectAll().where('account_id', '=', accountId).orderBy('asset_type').orderBy('symbol').execute();
}

// ---- balances ----

export interface DepositFigures {
  /** Instant part of unsettled deposits: already buying power, not withdrawable until settled. */
  onHoldCents: number;
  /** Amount less the instant part of unsettled deposits: not in the balance yet. */
  pendingCents: number;
  /** Whole amounts of unsettled deposits that gave no instant buying power. */
  nonInstantCents: number;
}

/** The account's unsettled deposits (waiting for settlement, or for an application approval). */
export async function unsettledDepositFigures(db: Db, accountId: string): Promise<DepositFigures> {
  const row = await db
    .selectFrom('deposits')
    .select([
      sql<string | null>`sum(instant_cents)`.as('onHold'),
      sql<string | null>`sum(amount_cents - instant_cents)`.as('pending'),
      sql<string | null>`sum(case when instant_cents = 0 then amount_cents else 0 end)`.as('nonInstant'),
    ])
    .where('account_id', '=', accountId)
    .where('status', '=', 'CONFIRMED')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return { onHoldCents: Number(row?.onHold ?? 0), pendingCents: Number(row?.pending ?? 0), nonInstantCents: Number(row?.nonInstant ?? 0) };
}

export interface BalanceInputs extends DepositFigures {
  /** The account's balance: its cash, the instant part of unsettled deposits included, pending withdrawals taken out. */
  cashCents: number;
  pendingWithdrawalsCents: number;
  /** The withdrawals area's figure (availableToWithdrawOf): one rule for this screen and for the withdrawal itself. */
  availableToWithdrawCents: number;
  /** What is owed after an ACH return, and why (achReturns.ts owedOf); null when the cash is not below zero. */
  owed?: OwedExplanation | null;
}

/**
 * 3.5's balance from the account's cash and deposit figures. Our rules (the spec gives none): buying power is the
 * cash less pending buy orders and collateral (both 0: no trading here); available to withdraw is the withdrawals
 * rule (cash less deposits on hold, capped customer-wide; a pending withdrawal has left the cash already).
 */
export function portfolioBalance(inputs: BalanceInputs): PortfolioBalance {
  const pendingBuyOrders = 0;
  const collateralLockedCash = 0;
  const unsettledFunds = 0;
  // Below zero only when an ACH return took back money already used (the one event allowed to do so): shown as it is.
  const buyingPower = inputs.cashCents < 0 ? inputs.cashCents : Math.max(0, inputs.cashCents - pendingBuyOrders - collateralLockedCash);
  return {
    collateralLockedCash: centsToMoney(collateralLockedCash),
    depositsOnHold: centsToMoney(inputs.onHoldCents),
    nonInstantDeposits: centsToMoney(inputs.nonInstantCents),
    pendingBuyOrders: centsToMoney(pendingBuyOrders),
    pendingDeposits: centsToMoney(inputs.pendingCents),
    pendingTips: centsToMoney(0),
    pendingWithdrawals: centsToMoney(inputs.pendingWithdrawalsCents),
    unsettledFunds: centsToMoney(unsettledFunds),
    unsettledRewards: centsToMoney(0),
    buyingPowerSummary: {
      cashBalance: centsToMoney(inputs.cashCents),
      buyingPower: centsToMoney(buyingPower),
      ...(inputs.owed ? { owed: { amount: centsToMoney(inputs.owed.owedCents), explanation: inputs.owed.explanation } } : {}),
    },
    availableToWithdrawSummary: {
      availableToWithdraw: centsToMoney(Math.max(0, inputs.availableToWithdrawCents)),
      depositsOnHold: centsToMoney(inputs.onHoldCents),
      unsettledFunds: centsToMoney(unsettledFunds),
      pendingWithdrawals: centsToMoney(inputs.pendingWithdrawalsCents),
    },
  };
}

/** The balance of one of the customer's accounts, as it is now (call after settling what is due). */
export async function accountBalance(db: Kysely<Database>, userId: string, account: Pick<AccountRow, 'id' | 'balance_cents'>, now: Date): Promise<PortfolioBalance> {
  const figures = await unsettledDepositFigures(db, account.id);
  const withdrawable = await availableToWithdrawOf(withWithdrawals(db), userId, account.id, now);
  return portfolioBalance({
    ...figures,
    // Deposits on hold are the withdrawal rule's holds (card deposits in their hold too), as the withdrawal page shows.
    onHoldCents: withdrawable.onHoldCents,
    owed: await owedOf(db, account),
    cashCents: account.balance_cents,
    pendingWithdrawalsCents: withdrawable.pendingWithdrawalCents,
    availableToWithdrawCents: withdrawable.availableCents,
  });
}

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

const stock = (symbol: string, name: string, quantity: string, avg: number, last: number, prev: number, totalCost: number, openedAt: string, securityType: EquitySecurityType = 'STOCK'): DemoPosition => ({
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
        symbol: 'BTC', name: 'Bitcoin', assetType: 'CRYPTO', quantity: '0.0125', averagePriceCents: 6_125_000, lastPriceCents: 9_684_210,
        previousCloseCents: 9_512_000, totalCostCents: 78_125, openedAt: '2024-02-20T18:12:00Z', fractional: true,
      },
      {
        symbol: 'ETH', name: 'Ethereum', assetType: 'CRYPTO', quantity: '0.42', averagePriceCents: 254_000, lastPriceCents: 341_275,
        previousCloseCents: 335_010, totalCostCents: 108_000, openedAt: '2024-03-05T16:40:00Z', fractional: true,
      },
      {
        symbol: 'WINE-BDX22', name: 'Bordeaux 2022 Wine Collection', assetType: 'ALT', quantity: '8', averagePriceCents: 2_500,
        lastPriceCents: 2_760, previousCloseCents: 2_760, totalCostCents: 21_000, openedAt: '2024-06-11T13:00:00Z',
      },
      {
        symbol: 'AAPL270618C00250000', rootSymbol: 'AAPL', name: 'AAPL Jun 18 2027 $250 Call', assetType: 'OPTION', quantity: '2',
        averagePriceCents: 315, lastPriceCents: 482, previousCloseCents: 455, totalCostCents: 63_130, openedAt: '2025-10-02T14:45:00Z',
        option: { type: 'CALL', strikeCents: 25_000, expirationDate: '2027-06-18' },
      },
      {
        symbol: 'AAPL270618P00200000', rootSymbol: 'AAPL', name: 'AAPL Jun 18 2027 $200 Put', assetType: 'OPTION', quantity: '1',
        averagePriceCents: 410, lastPriceCents: 265, previousCloseCents: 290, totalCostCents: 41_065, openedAt: '2025-10-02T14:47:00Z',
        option: { type: 'PUT', strikeCents: 20_000, expirationDate: '2027-06-18' },
      },
      {
        symbol: 'TSLA270917C00400000', rootSymbol: 'TSLA', name: 'TSLA Sep 17 2027 $400 Call', assetType: 'OPTION', quantity: '3',
        averagePriceCents: 1_250, lastPriceCents: 1_480, previousCloseCents: 1_395, totalCostCents: 375_195, openedAt: '2025-11-14T19:20:00Z',
        option: { type: 'CALL', strikeCents: 40_000, expirationDate: '2027-09-17' },
      },
      {
        symbol: '912797PZ4', name: 'U.S. Treasury Bill 26-week', assetType: 'TREASURY', quantity: '20', averagePriceCents: 9_788,
        lastPriceCents: 9_861, previousCloseCents: 9_859, totalCostCents: 195_760, openedAt: '2025-12-01T15:00:00Z',
        fixedIncome: { cusip: '912797PZ4', maturityDate: '2027-05-27', couponRate: '0.00', yieldToMaturity: '4.21', faceValueCents: 10_000 },
      },
      {
        symbol: '037833DX5', name: 'Apple Inc. 4.65% 2046', assetType: 'BOND', quantity: '3', averagePriceCents: 98_250, lastPriceCents: 96_410,
        previousCloseCents: 96_520, totalCostCents: 295_050, openedAt: '2025-04-08T14:10:00Z', safetyLabel: 'Investment grade',
        fixedIncome: { cusip: '037833DX5', maturityDate: '2046-02-23', couponRate: '4.65', yieldToMaturity: '4.94', faceValueCents: 100_000 },
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
        symbol: '912797QK2', name: 'U.S. Treasury Bill 13-week', assetType: 'TREASURY', quantity: '500', averagePriceCents: 9_893,
        lastPriceCents: 9_931, previousCloseCents: 9_930, totalCostCents: 4_946_500, openedAt: '2026-01-05T15:00:00Z',
        fixedIncome: { cusip: '912797QK2', maturityDate: '2027-04-08', couponRate: '0.00', yieldToMaturity: '4.27', faceValueCents: 10_000 },
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
export async function insertDemoPositions(trx: Transaction<Database>, email: string, accountUuid: (accountId: string) => string | undefined, now: Date): Promise<number> {
  const rows = Object.entries(DEMO_POSITIONS[email] ?? {}).flatMap(([accountId, positions]) => {
    const uuid = accountUuid(accountId);
    return uuid ? positions.map((position) => demoPositionRow(position, uuid, now)) : [];
  });
  if (rows.length > 0) await trx.insertInto('positions').values(rows).execute();
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
      const user = await trx.selectFrom('users').select('id').where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
      if (!user) return false;
      const accounts = await trx.selectFrom('accounts').select(['id', 'account_id']).where('user_id', '=', user.id).execute();
      if (accounts.length === 0) return false;
      const held = await trx.selectFrom('positions').select('id').where('account_id', 'in', accounts.map((a) => a.id)).limit(1).executeTakeFirst();
      if (held) return false;
      const byAccountId = new Map(accounts.map((account) => [account.account_id, account.id]));
      return (await insertDemoPositions(trx, email, (accountId) => byAccountId.get(accountId), now)) > 0;
    });
    if (done) filled.push(email);
  }
  return filled;
}

/** Copies the positions of a demo customer's accounts onto the accounts of its copy (sandbox customer copies). */
export async function copyPositions(trx: Transaction<Database>, accountUuids: ReadonlyMap<string, string>): Promise<void> {
  if (accountUuids.size === 0) return;
  const rows = await trx.selectFrom('positions').selectAll().where('account_id', 'in', [...accountUuids.keys()]).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('positions')
    .values(rows.map((row) => ({ ...row, id: randomUUID(), account_id: accountUuids.get(row.account_id)!, strategy_ids: JSON.stringify(row.strategy_ids) })))
    .execute();
}
