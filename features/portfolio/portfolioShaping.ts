import { compareCodeUnits, formatCents, moneyToCents } from '../../api/contract/values';
import type {
  FixedIncomeDetails,
  HighYieldAccount,
  OptionDetails,
  PortfolioBalance,
  PortfolioResponse,
  Position,
  PositionAssetType,
  PositionSide,
} from '../../api/contract';

// Portfolio shaping (funding-methods.md 3.5) as pure functions: the server sends facts (quantities, prices, total
// cost, market value); these turn them into what the portfolio shows. Money is integer cents, quantities are
// integer units of 1e-8, percentages are integer basis points (1234 = 12.34 %); every product and ratio is
// computed on BigInt and rounded half away from zero, so no float touches money.

const E8 = 100_000_000n;
const QUANTITY = /^(\d{1,9})(?:\.(\d{1,8}))?$/;

/** "0.0125" -> 1_250_000 units of 1e-8. */
export function quantityToE8(quantity: string): number {
  const match = QUANTITY.exec(quantity);
  if (!match) throw new RangeError(`Not a quantity: ${quantity}`);
  return Number(match[1]) * 100_000_000 + Number((match[2] ?? '').padEnd(8, '0'));
}

/** 1_250_000 -> "0.0125". */
export function e8ToQuantity(e8: number): string {
  const sign = e8 < 0 ? '-' : '';
  const abs = Math.abs(e8);
  const fraction = String(abs % 100_000_000)
    .padStart(8, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 100_000_000)}${fraction ? `.${fraction}` : ''}`;
}

/** numerator / denominator rounded half away from zero, on integers. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** quantity x price x multiplier in cents. */
export function valueOfCents(quantityE8: number, priceCents: number, multiplier = 1): number {
  return Number(divideRounded(BigInt(quantityE8) * BigInt(priceCents) * BigInt(multiplier), E8));
}

/** part / whole in basis points (12.34 % = 1234); null when the whole is zero. */
export function ratioBps(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Number(divideRounded(BigInt(part) * 10_000n, BigInt(whole)));
}

// ---- the gain rule ----

export type GainBasis = 'AVERAGE_PRICE' | 'COST_BASIS';

/** 3.5: "crypto and alt use average price; others use cost basis". */
export const gainBasisOf = (assetType: PositionAssetType): GainBasis =>
  assetType === 'CRYPTO' || assetType === 'ALT' ? 'AVERAGE_PRICE' : 'COST_BASIS';

export interface Gain {
  basis: GainBasis;
  /** What the gain is measured from: average price x quantity, or the total cost. */
  basisCents: number;
  valueCents: number;
  /** Of basisCents; null when it is zero. */
  percentBps: number | null;
}

type GainInput = Pick<Position, 'assetType' | 'side' | 'quantity' | 'averagePrice' | 'costBasis' | 'marketValue' | 'option'>;

/**
 * The total gain of a position. Crypto and alts: market value less average price x quantity; everything else:
 * market value less the total cost (fees included). A short position gains what its value falls below the basis.
 */
export function gainOf(position: GainInput): Gain {
  const basis = gainBasisOf(position.assetType);
  const multiplier = position.option?.multiplier ?? 1;
  const basisCents =
    basis === 'AVERAGE_PRICE'
      ? valueOfCents(quantityToE8(position.quantity), moneyToCents(position.averagePrice), multiplier)
      : moneyToCents(position.costBasis.totalCost);
  const worth = Math.abs(moneyToCents(position.marketValue));
  const valueCents = position.side === 'SHORT' ? basisCents - worth : worth - basisCents;
  return { basis, basisCents, valueCents, percentBps: ratioBps(valueCents, basisCents) };
}

export interface DayChange {
  valueCents: number;
  /** Of the value at the previous close; null when that was zero. */
  percentBps: number | null;
}

/** Today's change: the value now less the value at the previous close (the other way round for a short). */
export function dayChangeOf(position: Pick<Position, 'side' | 'quantity' | 'lastSalePrice' | 'previousClosePrice' | 'option'>): DayChange {
  const quantityE8 = quantityToE8(position.quantity);
  const multiplier = position.option?.multiplier ?? 1;
  const now = valueOfCents(quantityE8, moneyToCents(position.lastSalePrice), multiplier);
  const before = valueOfCents(quantityE8, moneyToCents(position.previousClosePrice), multiplier);
  const change = position.side === 'SHORT' ? before - now : now - before;
  return { valueCents: change, percentBps: ratioBps(change, before) };
}

// ---- shaped positions ----

export interface ShapedPosition {
  id: string;
  symbol: string;
  rootSymbol: string;
  name: string;
  assetType: PositionAssetType;
  securityType: Position['securityType'];
  side: PositionSide;
  quantity: string;
  quantityE8: number;
  availableToClose: string;
  averagePriceCents: number;
  lastSalePriceCents: number;
  totalCostCents: number;
  /** Market value; negative when short. */
  currentValueCents: number;
  realizedGainCents: number;
  gain: Gain;
  dayChange: DayChange;
  /** Of the portfolio's equity (absolute value for a short); null when the equity is not positive. */
  percentOfPortfolioBps: number | null;
  openedAt: string;
  safetyLabel: string | null;
  option: OptionDetails | null;
  fixedIncome: FixedIncomeDetails | null;
}

export function shapePosition(position: Position, equityCents: number): ShapedPosition {
  const currentValueCents = moneyToCents(position.marketValue);
  return {
    id: position.id,
    symbol: position.symbol,
    rootSymbol: position.rootSymbol,
    name: position.name,
    assetType: position.assetType,
    securityType: position.securityType,
    side: position.side,
    quantity: position.quantity,
    quantityE8: quantityToE8(position.quantity),
    availableToClose: position.availableToClose,
    averagePriceCents: moneyToCents(position.averagePrice),
    lastSalePriceCents: moneyToCents(position.lastSalePrice),
    totalCostCents: moneyToCents(position.costBasis.totalCost),
    currentValueCents,
    realizedGainCents: moneyToCents(position.realizedGain),
    gain: gainOf(position),
    dayChange: dayChangeOf(position),
    percentOfPortfolioBps: equityCents > 0 ? ratioBps(Math.abs(currentValueCents), equityCents) : null,
    openedAt: position.openedAt,
    safetyLabel: position.safetyLabel,
    option: position.option,
    fixedIncome: position.fixedIncome,
  };
}

/** Cash plus what the positions are worth (shorts count against it). */
export const equityOf = (cashCents: number, positions: ReadonlyArray<Pick<Position, 'marketValue'>>) =>
  positions.reduce((sum, position) => sum + moneyToCents(position.marketValue), cashCents);

// ---- option summaries ----

export interface OptionSummary {
  rootSymbol: string;
  /** The contracts on this underlying, nearest expiration first, then by strike. */
  legs: ShapedPosition[];
  /** Contracts held in all, as an exact quantity. */
  contracts: string;
  currentValueCents: number;
  totalCostCents: number;
  gainCents: number;
  gainPercentBps: number | null;
  dayChangeCents: number;
  percentOfPortfolioBps: number | null;
}

/** 3.5: option positions summarised per underlying (rootSymbol), the summaries in symbol order. */
export function optionSummariesOf(positions: readonly ShapedPosition[], equityCents: number): OptionSummary[] {
  const groups = new Map<string, ShapedPosition[]>();
  for (const position of positions) {
    if (position.assetType !== 'OPTION') continue;
    const group = groups.get(position.rootSymbol) ?? [];
    group.push(position);
    groups.set(position.rootSymbol, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([rootSymbol, legs]) => {
      const sorted = [...legs].sort(
        (a, b) =>
          compareCodeUnits(a.option?.expirationDate ?? '', b.option?.expirationDate ?? '') ||
          moneyToCents(a.option?.strikePrice ?? { amount: '0', currency: 'USD' }) -
            moneyToCents(b.option?.strikePrice ?? { amount: '0', currency: 'USD' }) ||
          compareCodeUnits(a.symbol, b.symbol),
      );
      const sum = (pick: (leg: ShapedPosition) => number) => sorted.reduce((total, leg) => total + pick(leg), 0);
      const gainCents = sum((leg) => leg.gain.valueCents);
      const basisCents = sum((leg) => leg.gain.basisCents);
      const currentValueCents = sum((leg) => leg.currentValueCents);
      return {
        rootSymbol,
        legs: sorted,
        contracts: e8ToQuantity(sum((leg) => leg.quantityE8)),
        currentValueCents,
        totalCostCents: sum((leg) => leg.totalCostCents),
        gainCents,
        gainPercentBps: ratioBps(gainCents, basisCents),
        dayChangeCents: sum((leg) => leg.dayChange.valueCents),
        percentOfPortfolioBps: equityCents > 0 ? ratioBps(Math.abs(currentValueCents), equityCents) : null,
      };
    });
}

// ---- bond summaries ----

export interface BondSummary {
  id: string;
  symbol: string;
  name: string;
  assetType: 'BOND' | 'TREASURY';
  cusip: string;
  maturityDate: string;
  couponRate: string;
  yieldToMaturity: string;
  quantity: string;
  faceValueCents: number;
  /** Face value x quantity: what is paid back at maturity. */
  totalFaceValueCents: number;
  currentValueCents: number;
  gain: Gain;
}

/** Bonds and Treasuries with their fixed-income details, soonest maturity first. */
export function bondSummariesOf(positions: readonly ShapedPosition[]): BondSummary[] {
  return positions
    .filter(
      (position): position is ShapedPosition & { fixedIncome: FixedIncomeDetails } =>
        (position.assetType === 'BOND' || position.assetType === 'TREASURY') && position.fixedIncome !== null,
    )
    .map((position) => {
      const faceValueCents = moneyToCents(position.fixedIncome.faceValue);
      return {
        id: position.id,
        symbol: position.symbol,
        name: position.name,
        assetType: position.assetType as 'BOND' | 'TREASURY',
        cusip: position.fixedIncome.cusip,
        maturityDate: position.fixedIncome.maturityDate,
        couponRate: position.fixedIncome.couponRate,
        yieldToMaturity: position.fixedIncome.yieldToMaturity,
        quantity: position.quantity,
        faceValueCents,
        totalFaceValueCents: valueOfCents(position.quantityE8, faceValueCents),
        currentValueCents: position.currentValueCents,
        gain: position.gain,
      };
    })
    .sort((a, b) => compareCodeUnits(a.maturityDate, b.maturityDate) || compareCodeUnits(a.symbol, b.symbol));
}

// ---- sections ----

export type PositionSectionKey = 'STOCKS' | 'ETFS' | 'OPTIONS' | 'CRYPTO' | 'ALTS' | 'BONDS' | 'TREASURIES' | 'MULTILEG';

/** Section titles in the order they are shown (the asset names of the investing-profile list, 3.7 and 9). */
export const SECTION_TITLES: Record<PositionSectionKey, string> = {
  STOCKS: 'Stocks',
  ETFS: 'ETFs',
  OPTIONS: 'Options',
  CRYPTO: 'Crypto',
  ALTS: 'Alternatives',
  BONDS: 'Bonds',
  TREASURIES: 'Treasury Bills',
  MULTILEG: 'Multi-leg strategies',
};
const SECTION_ORDER = Object.keys(SECTION_TITLES) as PositionSectionKey[];

export function sectionOf(position: Pick<Position, 'assetType' | 'securityType'>): PositionSectionKey {
  switch (position.assetType) {
    case 'EQUITY':
      return position.securityType === 'ETF' ? 'ETFS' : 'STOCKS';
    case 'OPTION':
      return 'OPTIONS';
    case 'CRYPTO':
      return 'CRYPTO';
    case 'ALT':
      return 'ALTS';
    case 'BOND':
      return 'BONDS';
    case 'TREASURY':
      return 'TREASURIES';
    case 'MULTILEG':
      return 'MULTILEG';
  }
}

export interface PositionSection {
  key: PositionSectionKey;
  title: string;
  /** Largest first. Options are in optionSummaries instead (this list is empty for them). */
  positions: ShapedPosition[];
  currentValueCents: number;
}

/** Non-empty sections in the fixed order; positions by value, largest first, then by symbol. */
export function sectionsOf(positions: readonly ShapedPosition[]): PositionSection[] {
  return SECTION_ORDER.flatMap((key) => {
    const members = positions.filter((position) => sectionOf(position) === key);
    if (members.length === 0) return [];
    const sorted =
      key === 'OPTIONS'
        ? []
        : [...members].sort(
            (a, b) => Math.abs(b.currentValueCents) - Math.abs(a.currentValueCents) || compareCodeUnits(a.symbol, b.symbol),
          );
    return [
      {
        key,
        title: SECTION_TITLES[key],
        positions: sorted,
        currentValueCents: members.reduce((sum, position) => sum + position.currentValueCents, 0),
      },
    ];
  });
}

// ---- balances ----

export interface ShapedBalance {
  cashCents: number;
  buyingPowerCents: number;
  availableToWithdrawCents: number;
  pendingDepositsCents: number;
  depositsOnHoldCents: number;
  nonInstantDepositsCents: number;
  pendingWithdrawalsCents: number;
  pendingBuyOrdersCents: number;
  collateralLockedCashCents: number;
  pendingTipsCents: number;
  unsettledFundsCents: number;
  unsettledRewardsCents: number;
  /** Only while buying power is below zero (an ACH return): what is owed and why, in the server's words. */
  owed: { cents: number; explanation: string } | null;
}

export function shapeBalance(balance: PortfolioBalance): ShapedBalance {
  return {
    cashCents: moneyToCents(balance.buyingPowerSummary.cashBalance),
    buyingPowerCents: moneyToCents(balance.buyingPowerSummary.buyingPower),
    availableToWithdrawCents: moneyToCents(balance.availableToWithdrawSummary.availableToWithdraw),
    pendingDepositsCents: moneyToCents(balance.pendingDeposits),
    depositsOnHoldCents: moneyToCents(balance.depositsOnHold),
    nonInstantDepositsCents: moneyToCents(balance.nonInstantDeposits),
    pendingWithdrawalsCents: moneyToCents(balance.pendingWithdrawals),
    pendingBuyOrdersCents: moneyToCents(balance.pendingBuyOrders),
    collateralLockedCashCents: moneyToCents(balance.collateralLockedCash),
    pendingTipsCents: moneyToCents(balance.pendingTips),
    unsettledFundsCents: moneyToCents(balance.unsettledFunds),
    unsettledRewardsCents: moneyToCents(balance.unsettledRewards),
    owed: balance.buyingPowerSummary.owed
      ? { cents: moneyToCents(balance.buyingPowerSummary.owed.amount), explanation: balance.buyingPowerSummary.owed.explanation }
      : null,
  };
}

/** 3.5 highYieldAccountBalance: availableToWithdraw, depositsOnHold, pendingDeposits, pendingWithdrawals (plus the APY). */
export interface HighYieldBalance {
  availableToWithdrawCents: number;
  depositsOnHoldCents: number;
  pendingDepositsCents: number;
  pendingWithdrawalsCents: number;
  /** APY as the server sends it, e.g. "4.10". */
  rate: string;
}

export function shapeHighYieldBalance(account: HighYieldAccount | null | undefined): HighYieldBalance | null {
  if (!account) return null;
  return {
    availableToWithdrawCents: moneyToCents(account.availableToWithdraw),
    depositsOnHoldCents: moneyToCents(account.depositsOnHold),
    pendingDepositsCents: moneyToCents(account.pendingDeposits),
    pendingWithdrawalsCents: moneyToCents(account.pendingWithdrawals),
    rate: account.rate,
  };
}

// ---- the whole portfolio ----

export interface ShapedPortfolio {
  accountUuid: string;
  asOf: string;
  balance: ShapedBalance;
  /** Cash plus positions. */
  equityCents: number;
  positionsValueCents: number;
  totalGainCents: number;
  dayChangeCents: number;
  positions: ShapedPosition[];
  sections: PositionSection[];
  optionSummaries: OptionSummary[];
  bondSummaries: BondSummary[];
  highYieldAccountBalance: HighYieldBalance | null;
  millisecondsToWaitAfterLastResponse: number;
}

export function shapePortfolio(response: PortfolioResponse, highYieldAccount: HighYieldAccount | null = null): ShapedPortfolio {
  const balance = shapeBalance(response.balance);
  const equityCents = equityOf(balance.cashCents, response.positions);
  const positions = response.positions.map((position) => shapePosition(position, equityCents));
  return {
    accountUuid: response.accountUuid,
    asOf: response.asOf,
    balance,
    equityCents,
    positionsValueCents: equityCents - balance.cashCents,
    totalGainCents: positions.reduce((sum, position) => sum + position.gain.valueCents, 0),
    dayChangeCents: positions.reduce((sum, position) => sum + position.dayChange.valueCents, 0),
    positions,
    sections: sectionsOf(positions),
    optionSummaries: optionSummariesOf(positions, equityCents),
    bondSummaries: bondSummariesOf(positions),
    highYieldAccountBalance: shapeHighYieldBalance(highYieldAccount),
    millisecondsToWaitAfterLastResponse: response.millisecondsToWaitAfterLastResponse,
  };
}

// ---- words for people ----

/** 1234 -> "+12.34%", -50 -> "−0.50%"; null -> "—". */
export function formatPercentBps(bps: number | null, { signed = true } = {}): string {
  if (bps === null) return '—';
  const abs = Math.abs(bps);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
  if (!signed) return bps < 0 ? `-${text}` : text;
  return bps > 0 ? `+${text}` : bps < 0 ? `-${text}` : text;
}

/** Signed money: "+$12.34", "-$5.00", "$0.00". */
export function formatSignedCents(cents: number): string {
  const text = formatCents(Math.abs(cents));
  return cents > 0 ? `+${text}` : cents < 0 ? `-${text}` : text;
}
