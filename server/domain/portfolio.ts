import type { ColumnType, Kysely, Selectable } from 'kysely';
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
import { unsettledDepositFigures } from '../repositories/portfolio';

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
  const fraction = String(e8 % 100_000_000)
    .padStart(8, '0')
    .replace(/0+$/, '');
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

// ---- balances ----

export interface DepositFigures {
  /** Instant part of unsettled deposits: already buying power, not withdrawable until settled. */
  onHoldCents: number;
  /** Amount less the instant part of unsettled deposits: not in the balance yet. */
  pendingCents: number;
  /** Whole amounts of unsettled deposits that gave no instant buying power. */
  nonInstantCents: number;
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
export async function accountBalance(
  db: Kysely<Database>,
  userId: string,
  account: Pick<AccountRow, 'id' | 'balance_cents'>,
  now: Date,
): Promise<PortfolioBalance> {
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
