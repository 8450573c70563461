import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate, IsoDateTime, Money, Obj, StringEnum } from './common';

// Positions and balances of one account (funding-methods.md 3.4 and 3.5), the Treasury quick picks and the
// bond account's yield to maturity (7.5). The server sends facts: quantities, prices, total cost and market
// value; the client shapes them (features/portfolio/portfolioShaping.ts: gains, option summaries grouped by
// rootSymbol, bond summaries, equity, percent of portfolio). Money is { amount, currency } with cents;
// quantities are exact decimal strings (at most 8 fraction digits, as crypto needs).

/** Asset types of 3.5. Stocks and ETFs are both EQUITY, told apart by securityType. */
export const POSITION_ASSET_TYPES = ['EQUITY', 'OPTION', 'BOND', 'CRYPTO', 'ALT', 'TREASURY', 'MULTILEG'] as const;
export type PositionAssetType = (typeof POSITION_ASSET_TYPES)[number];

export const EQUITY_SECURITY_TYPES = ['STOCK', 'ETF'] as const;
export type EquitySecurityType = (typeof EQUITY_SECURITY_TYPES)[number];

/** 3.5 "type (long etc.)". */
export const POSITION_SIDES = ['LONG', 'SHORT'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];

export const OPTION_TYPES = ['CALL', 'PUT'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** Units held, as an exact decimal string: "12", "5.5", "0.0125". */
export const Quantity = Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,8})?$', maxLength: 18 });
/** A percentage as a decimal string with two fraction digits: "4.31" is 4.31 %. */
export const PercentString = Type.String({ pattern: '^-?\\d{1,3}\\.\\d{2}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const OptionDetails = Obj({
  /** The underlying symbol the option summaries are grouped by. */
  rootSymbol: Type.String(),
  optionType: StringEnum(OPTION_TYPES),
  strikePrice: Money,
  expirationDate: CalendarDate,
  /** Shares per contract (100 for standard contracts): value = quantity x price x multiplier. */
  multiplier: Type.Integer({ minimum: 1, maximum: 1000 }),
});
export type OptionDetails = Static<typeof OptionDetails>;

/** Bonds and Treasuries: prices are per unit held (per bond or per $100 of face value for bills). */
export const FixedIncomeDetails = Obj({
  cusip: Type.String({ pattern: '^[0-9A-Z]{9}$' }),
  maturityDate: CalendarDate,
  couponRate: PercentString,
  yieldToMaturity: PercentString,
  faceValue: Money,
});
export type FixedIncomeDetails = Static<typeof FixedIncomeDetails>;

export const Position = Obj({
  id: Type.String(),
  accountUuid: Type.String(),
  symbol: Type.String(),
  /** The underlying of an option (its summary group); the symbol itself for everything else. */
  rootSymbol: Type.String(),
  name: Type.String(),
  assetType: StringEnum(POSITION_ASSET_TYPES),
  securityType: Nullable(StringEnum(EQUITY_SECURITY_TYPES)),
  side: StringEnum(POSITION_SIDES),
  quantity: Quantity,
  availableToClose: Quantity,
  averagePrice: Money,
  lastSalePrice: Money,
  previousClosePrice: Money,
  /** What the position cost in all (fees and adjustments included); the gain of most asset types is measured from it. */
  costBasis: Obj({ totalCost: Money }),
  /** quantity x lastSalePrice x multiplier, rounded half away from zero to the cent; negative when short. */
  marketValue: Money,
  realizedGain: Money,
  openedAt: IsoDateTime,
  tradable: Type.Boolean(),
  fractionalTradable: Type.Boolean(),
  safetyLabel: Nullable(Type.String()),
  strategyIds: Type.Array(Type.String()),
  maintenanceMarginRequirement: Money,
  option: Nullable(OptionDetails),
  fixedIncome: Nullable(FixedIncomeDetails),
});
export type Position = Static<typeof Position>;

/** What is available with the cash, and why not all of it. */
export const BuyingPowerSummary = Obj({
  /** Cash in the account, the instant part of unsettled deposits included. */
  cashBalance: Money,
  /** cashBalance less pending buy orders and collateral-locked cash; below zero when an ACH return left money owed. */
  buyingPower: Money,
  /** Only while buyingPower is below zero: what is owed and why, in the customer's words (owedAfterReturnText). */
  owed: Type.Optional(Obj({ amount: Money, explanation: Type.String() })),
});
export type BuyingPowerSummary = Static<typeof BuyingPowerSummary>;

export const AvailableToWithdrawSummary = Obj({
  /** cashBalance less deposits on hold, unsettled funds and pending withdrawals, never below zero. */
  availableToWithdraw: Money,
  depositsOnHold: Money,
  unsettledFunds: Money,
  pendingWithdrawals: Money,
});
export type AvailableToWithdrawSummary = Static<typeof AvailableToWithdrawSummary>;

/** 3.5 balance. Deposit figures come from the account's unsettled deposits; trading figures are 0 (no trading here). */
export const PortfolioBalance = Obj({
  collateralLockedCash: Money,
  /** Held from withdrawal (holdsOf): the instant part of unsettled bank deposits, debit-card deposits in their hold. */
  depositsOnHold: Money,
  /** Whole amounts of unsettled deposits that gave no buying power ahead of settlement. */
  nonInstantDeposits: Money,
  pendingBuyOrders: Money,
  /** Money of unsettled deposits not yet in the balance (amount less the instant part), as the high-yield account counts it. */
  pendingDeposits: Money,
  pendingTips: Money,
  pendingWithdrawals: Money,
  unsettledFunds: Money,
  unsettledRewards: Money,
  buyingPowerSummary: BuyingPowerSummary,
  availableToWithdrawSummary: AvailableToWithdrawSummary,
});
export type PortfolioBalance = Static<typeof PortfolioBalance>;

export const PortfolioResponse = Obj({
  accountUuid: Type.String(),
  asOf: IsoDateTime,
  balance: PortfolioBalance,
  positions: Type.Array(Position),
  /** How long a client waits after an answer before asking again. */
  millisecondsToWaitAfterLastResponse: Type.Integer({ minimum: 0 }),
});
export type PortfolioResponse = Static<typeof PortfolioResponse>;

export const PortfolioParams = Obj({ accountUuid: Type.String({ minLength: 1, maxLength: 64 }) });
export type PortfolioParams = Static<typeof PortfolioParams>;

// ---- Treasuries and the bond account (7.5) ----

export const TreasuryQuickPick = Obj({
  cusip: Type.String({ pattern: '^[0-9A-Z]{9}$' }),
  name: Type.String(),
  /** e.g. "4-week", "26-week", "2-year". */
  term: Type.String(),
  maturityDate: CalendarDate,
  yieldToWorst: PercentString,
});
export type TreasuryQuickPick = Static<typeof TreasuryQuickPick>;

export const TreasuryQuickPicksResponse = Obj({
  /** The best yield to worst of the picks: the education page's "up to {rate}"; null when there are none. */
  highestYieldToWorst: Nullable(PercentString),
  quickPicks: Type.Array(TreasuryQuickPick),
  asOf: IsoDateTime,
});
export type TreasuryQuickPicksResponse = Static<typeof TreasuryQuickPicksResponse>;

export const BondAccountYieldResponse = Obj({
  /** The managed bond account's yield to maturity, e.g. "5.62"; null when none is published. */
  yieldToMaturity: Nullable(PercentString),
  asOf: IsoDateTime,
});
export type BondAccountYieldResponse = Static<typeof BondAccountYieldResponse>;
