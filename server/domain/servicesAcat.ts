import {
  centsToMoney,
  moneyToCents,
  VARIANT_LABELS,
  type AcatAccountType,
  type AcatDraft,
  type AcatFragment,
  type AcatKind,
  type AcatOfferOverview,
  type AccountVariant,
  type UserType,
} from '../../api/contract';
import { lastPriceCents } from './instrumentPrices';
import { findBrokerage } from './servicesReferenceData';
import type { AcatDraftsTable } from './servicesSchema';
import type { Selectable } from 'kysely';

// Rules of account transfers from other brokerages (ACAT) and IRA rollovers. Where funding-methods.md 3.6 gives
// only the enumerations, the rules are ours: see docs/routes.md "Service wrappers".

export type AcatDraftRow = Selectable<AcatDraftsTable>;

/** Fragment types a draft holds at most once (POSITION repeats). */
const SINGLE_FRAGMENTS = new Set<AcatFragment['type']>([
  'BROKERAGE',
  'ACCOUNT_TYPE',
  'ACCOUNT_NUMBER',
  'ACCOUNT_HOLDER',
  'TRANSFER_TYPE',
  'DESTINATION_ACCOUNT',
  'CASH',
  'DISTRIBUTION_REASON',
  'PARTNER_ACCOUNT',
]);

export const ACAT_ACCOUNT_TYPE_LABELS: Record<AcatAccountType, string> = {
  PERSONAL_BROKERAGE: 'personal brokerage account',
  TRADITIONAL_IRA: 'traditional IRA',
  ROTH_IRA: 'Roth IRA',
  CRYPTO: 'crypto account',
  JOINT_TENANT: 'joint tenant account',
};

/** The account variants each source registration may move into; an ACAT keeps the registration, a rollover lands in an IRA. */
export function allowedDestinations(kind: AcatKind, accountType: AcatAccountType, userType: UserType): readonly AccountVariant[] {
  if (kind === 'ROLLOVER') {
    if (accountType === 'ROTH_IRA') return ['ROTH_IRA'];
    if (accountType === 'TRADITIONAL_IRA') return ['TRADITIONAL_IRA'];
    return [];
  }
  switch (accountType) {
    case 'PERSONAL_BROKERAGE':
      return userType === 'INDIVIDUAL' ? ['US'] : [];
    case 'JOINT_TENANT':
      return userType === 'JOINT' ? ['US'] : [];
    case 'TRADITIONAL_IRA':
      return ['TRADITIONAL_IRA'];
    case 'ROTH_IRA':
      return ['ROTH_IRA'];
    case 'CRYPTO':
      return [];
  }
}

/** A shape problem of a fragment list (400): repeated single fragments, repeated positions. */
export function fragmentListProblem(fragments: readonly AcatFragment[]): string | null {
  const seen = new Set<string>();
  const symbols = new Set<string>();
  for (const fragment of fragments) {
    if (SINGLE_FRAGMENTS.has(fragment.type)) {
      if (seen.has(fragment.type)) return `The ${fragment.type} fragment may appear only once.`;
      seen.add(fragment.type);
    } else if (fragment.type === 'POSITION') {
      if (symbols.has(fragment.symbol)) return `The position ${fragment.symbol} is listed twice.`;
      symbols.add(fragment.symbol);
    }
  }
  return null;
}

const pick = <T extends AcatFragment['type']>(fragments: readonly AcatFragment[], type: T) =>
  fragments.find((fragment): fragment is Extract<AcatFragment, { type: T }> => fragment.type === type);

export interface DraftContext {
  userType: UserType;
  applicationComplete: boolean;
  /** The customer's own accounts, by accountUuid. */
  accounts: ReadonlyMap<string, { variant: AccountVariant; status: string }>;
}

/**
 * Everything that stops a draft from being submitted, in the order a person would fix it; empty when it can go.
 * The list travels with every draft (`problems`), and Submit refuses with the first one, so both say the same.
 */
export function acatDraftProblems(
  kind: AcatKind,
  source: 'PLAID' | 'MANUAL',
  fragments: readonly AcatFragment[],
  context: DraftContext,
): string[] {
  const problems: string[] = [];
  const brokerageName = pick(fragments, 'BROKERAGE')?.brokerage;
  const brokerage = brokerageName ? findBrokerage(brokerageName) : undefined;
  const from = brokerage?.name ?? 'the other brokerage';
  if (!brokerageName) problems.push('Choose the brokerage you are transferring from.');
  else if (!brokerage) problems.push(`Transfers from ${brokerageName} are not supported yet.`);

  const accountType = pick(fragments, 'ACCOUNT_TYPE')?.accountType;
  if (!accountType) problems.push(`Choose the type of your account at ${from}.`);
  else if (accountType === 'CRYPTO') problems.push('Crypto accounts cannot be moved by an account transfer.');

  const accountNumber = pick(fragments, 'ACCOUNT_NUMBER')?.accountNumber;
  if (source === 'MANUAL' || accountNumber) {
    if (!accountNumber) problems.push(`Enter your account number at ${from}.`);
    else if (brokerage && !new RegExp(brokerage.pattern).test(accountNumber.toUpperCase())) {
      problems.push(`This is not a ${brokerage.name} account number: ${brokerage.hint}.`);
    }
  }
  if (!pick(fragments, 'ACCOUNT_HOLDER')) problems.push(`Enter the name on your account at ${from}, as it appears on your statement.`);

  const transferType = pick(fragments, 'TRANSFER_TYPE')?.transferType;
  const cash = pick(fragments, 'CASH');
  const positions = fragments.filter((fragment) => fragment.type === 'POSITION');
  if (!transferType) problems.push('Choose a full or a partial transfer.');
  else if (transferType === 'PARTIAL') {
    if (!cash && positions.length === 0) problems.push('Choose the cash or the positions to transfer.');
    if (cash && moneyToCents(cash.amount) <= 0) problems.push('The cash to transfer must be more than $0.00.');
    if (positions.some((position) => decimalToScaled(position.quantity) === 0n))
      problems.push('Each position to transfer needs a quantity above 0.');
  } else if (cash || positions.length > 0) {
    problems.push('A full transfer moves everything: remove the cash and positions you listed, or choose a partial transfer.');
  }

  const destinationUuid = pick(fragments, 'DESTINATION_ACCOUNT')?.accountUuid;
  const destination = destinationUuid ? context.accounts.get(destinationUuid) : undefined;
  if (!destinationUuid) problems.push('Choose the Fundflow account to transfer into.');
  else if (!destination) problems.push('The account to transfer into is not one of yours.');
  else if (destination.status !== 'OPEN') problems.push('The account to transfer into is not open yet.');
  else if (accountType && accountType !== 'CRYPTO') {
    const allowed = allowedDestinations(kind, accountType, context.userType);
    if (!allowed.includes(destination.variant)) {
      problems.push(
        allowed.length === 0
          ? `A ${ACAT_ACCOUNT_TYPE_LABELS[accountType]} cannot be ${kind === 'ROLLOVER' ? 'rolled over' : 'transferred'} into your Fundflow accounts.`
          : `A ${ACAT_ACCOUNT_TYPE_LABELS[accountType]} can only move into a ${allowed.map((variant) => VARIANT_LABELS[variant]).join(' or ')} account.`,
      );
    }
  }

  if (kind === 'ROLLOVER') {
    const reason = pick(fragments, 'DISTRIBUTION_REASON')?.reason;
    if (!reason) problems.push('Choose the reason for the distribution from your old plan.');
    else if (reason !== 'ROLLOVER' && reason !== 'TRANSFER')
      problems.push('Only a rollover or a transfer can be moved into an IRA here; other distributions are taxable withdrawals.');
  }
  if (!context.applicationComplete) problems.push('Finish your Fundflow application before transferring an account.');
  return problems;
}

/** Share quantity "1.5" as millionths (1500000n). */
export function decimalToScaled(quantity: string): bigint {
  const [whole, fraction = ''] = quantity.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

/** The price of a symbol in cents, or null when it has none. */
export type PriceOf = (symbol: string) => number | null;

/**
 * Value in cents of positions at the server's own last prices plus cash, rounded half up per position. A symbol
 * the server has no price for is listed and valued at nothing: the client never names a price.
 */
export function valueOfFragments(
  fragments: readonly AcatFragment[],
  priceOf: PriceOf = lastPriceCents,
): { cents: number; unpriced: string[] } {
  let total = 0n;
  const unpriced: string[] = [];
  for (const fragment of fragments) {
    if (fragment.type === 'CASH') total += BigInt(moneyToCents(fragment.amount));
    if (fragment.type === 'POSITION') {
      const cents = priceOf(fragment.symbol);
      const price = cents === null ? undefined : BigInt(cents);
      if (price === undefined) {
        unpriced.push(fragment.symbol);
        continue;
      }
      total += (decimalToScaled(fragment.quantity) * price + 500_000n) / 1_000_000n;
    }
  }
  return { cents: Number(total), unpriced };
}

/** Transfer offer terms (ours): 1% of the value moved, at most $5,000; the other brokerage's fee paid back up to $100 from $2,500. */
export const ACAT_OFFER = {
  bonusBasisPoints: 100,
  bonusCapCents: 500_000,
  feeReimbursementCapCents: 10_000,
  minimumForFeeReimbursementCents: 250_000,
} as const;

export function offerOverview(
  email: string,
  brokerage: string,
  initial: readonly AcatFragment[],
  updated: readonly AcatFragment[],
  now: Date,
  priceOf: PriceOf = lastPriceCents,
): AcatOfferOverview {
  const value = valueOfFragments(updated, priceOf);
  const initialValue = valueOfFragments(initial, priceOf);
  const bonus = Math.min(Math.floor((value.cents * ACAT_OFFER.bonusBasisPoints) / 10_000), ACAT_OFFER.bonusCapCents);
  const fee = value.cents >= ACAT_OFFER.minimumForFeeReimbursementCents ? ACAT_OFFER.feeReimbursementCapCents : 0;
  return {
    email,
    brokerage,
    estimatedValue: centsToMoney(value.cents),
    initialValue: centsToMoney(initialValue.cents),
    bonus: centsToMoney(bonus),
    feeReimbursement: centsToMoney(fee),
    unpricedSymbols: value.unpriced,
    finalizedAt: now.toISOString(),
  };
}

/** The items a submitted transfer moves, each PENDING until the other brokerage delivers. */
export function itemsOnSubmit(fragments: readonly AcatFragment[]): Array<{ description: string; status: 'PENDING' }> {
  if (pick(fragments, 'TRANSFER_TYPE')?.transferType === 'FULL') return [{ description: 'All cash and positions', status: 'PENDING' }];
  const items: Array<{ description: string; status: 'PENDING' }> = [];
  for (const fragment of fragments) {
    if (fragment.type === 'CASH')
      items.push({ description: `Cash ${centsToMoney(moneyToCents(fragment.amount)).amount} USD`, status: 'PENDING' });
    if (fragment.type === 'POSITION') items.push({ description: `${fragment.quantity} ${fragment.symbol}`, status: 'PENDING' });
  }
  return items;
}

export function presentAcatDraft(row: AcatDraftRow, context: DraftContext): AcatDraft {
  const fragments = row.fragments;
  const problems = row.progress === 'IN_PROGRESS' ? acatDraftProblems(row.kind, row.source, fragments, context) : [];
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    progress: row.progress,
    transferStatus: row.transfer_status,
    brokerage: pick(fragments, 'BROKERAGE')?.brokerage ?? null,
    fragments,
    items: row.items,
    problems,
    readyToSubmit: row.progress === 'IN_PROGRESS' && problems.length === 0,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    submittedAt: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}

export const AcatErrorCode = {
  DRAFT_NOT_FOUND: 'ACAT_DRAFT_NOT_FOUND',
  DRAFT_NOT_EDITABLE: 'ACAT_DRAFT_NOT_EDITABLE',
  DRAFT_INCOMPLETE: 'ACAT_DRAFT_INCOMPLETE',
  DRAFT_LIMIT_REACHED: 'ACAT_DRAFT_LIMIT_REACHED',
  TRANSFER_IN_FLIGHT: 'ACAT_TRANSFER_IN_FLIGHT',
  BROKERAGE_NOT_FOUND: 'BROKERAGE_NOT_FOUND',
  OFFER_NOT_FOUND: 'ACAT_OFFER_NOT_FOUND',
  PARTNER_LINK_FAILED: 'ACAT_PARTNER_LINK_FAILED',
} as const;

/** Drafts a customer may keep open at once. */
export const MAX_OPEN_ACAT_DRAFTS = 10;

/** The terms of the transfer offer a customer accepted from a brokerage. */
export function offerTerms(brokerage: string, acceptedAt: Date) {
  return {
    brokerage,
    bonusBasisPoints: ACAT_OFFER.bonusBasisPoints,
    bonusCap: centsToMoney(ACAT_OFFER.bonusCapCents),
    feeReimbursementCap: centsToMoney(ACAT_OFFER.feeReimbursementCapCents),
    minimumForFeeReimbursement: centsToMoney(ACAT_OFFER.minimumForFeeReimbursementCents),
    acceptedAt: acceptedAt.toISOString(),
  };
}

/** Brokerage and account number (or the partner's account) identify the source account. */
export function sourceKey(fragments: readonly AcatFragment[]): string | null {
  const brokerage = fragments.find((f) => f.type === 'BROKERAGE');
  const number = fragments.find((f) => f.type === 'ACCOUNT_NUMBER');
  const partner = fragments.find((f) => f.type === 'PARTNER_ACCOUNT');
  if (!brokerage || brokerage.type !== 'BROKERAGE') return null;
  if (number?.type === 'ACCOUNT_NUMBER') return `${brokerage.brokerage.toLowerCase()}|${number.accountNumber.toUpperCase()}`;
  if (partner?.type === 'PARTNER_ACCOUNT') return `${brokerage.brokerage.toLowerCase()}|partner|${partner.name}|${partner.mask}`;
  return null;
}
