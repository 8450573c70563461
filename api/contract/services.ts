import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Money, Obj, ShownText, StringEnum } from './common';

// The service wrappers of funding-methods.md section 7.1: watchlists, themes, user settings and tipping, account
// transfers from other brokerages (ACAT drafts, fragments, submit, offers, partner integration), options
// referrals and rebate, and instrument search. Enumerations of section 3.6 are the ACAT ones below.

// ---- enumerations (funding-methods.md 3.6) ----

export const ACAT_TRANSFER_STATUSES = ['INITIATED', 'IN_TRANSIT', 'COMPLETE', 'REJECTED', 'ERROR'] as const;
export type AcatTransferStatus = (typeof ACAT_TRANSFER_STATUSES)[number];
export const ACAT_PROGRESSES = ['IN_PROGRESS', 'SUBMITTED', 'COMPLETED', 'FAILED', 'ARCHIVED'] as const;
export type AcatProgress = (typeof ACAT_PROGRESSES)[number];
export const ACAT_TRANSFER_TYPES = ['FULL', 'PARTIAL'] as const;
export type AcatTransferType = (typeof ACAT_TRANSFER_TYPES)[number];
export const ACAT_ACCOUNT_TYPES = ['PERSONAL_BROKERAGE', 'TRADITIONAL_IRA', 'ROTH_IRA', 'CRYPTO', 'JOINT_TENANT'] as const;
export type AcatAccountType = (typeof ACAT_ACCOUNT_TYPES)[number];
/** Where the source account's details came from: the partner (Plaid's investments link) or typed in. */
export const ACAT_SOURCES = ['PLAID', 'MANUAL'] as const;
export type AcatSource = (typeof ACAT_SOURCES)[number];
export const ACAT_KINDS = ['ACAT', 'ROLLOVER'] as const;
export type AcatKind = (typeof ACAT_KINDS)[number];
export const ACAT_ITEM_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'ACTION_REQUIRED'] as const;
export type AcatItemStatus = (typeof ACAT_ITEM_STATUSES)[number];
export const IRA_DISTRIBUTION_REASONS = [
  'NORMAL',
  'DISABILITY',
  'PREMATURE',
  'DEATH',
  'EXCESS_REMOVAL',
  'ROLLOVER',
  'TRANSFER',
  'RECHARACTERIZATION',
  'CONVERSION',
  'MANAGEMENT_FEE',
  'OTHER',
] as const;
export type IraDistributionReason = (typeof IRA_DISTRIBUTION_REASONS)[number];
export const INSTRUMENT_TYPES = ['STOCK', 'ETF', 'CRYPTO', 'ADR', 'REIT'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

/** Search paging defaults (section 9: page size 20, page 0). */
export const SEARCH_DEFAULT_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Symbol = Type.String({ pattern: '^[A-Z][A-Z0-9.\\-]{0,11}$', description: 'ticker, upper case' });
/** A share quantity: up to 6 fraction digits (fractional shares). */
const Quantity = Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,6})?$', maxLength: 16 });

// ---- instruments and search ----

export const Instrument = Obj({
  symbol: Type.String(),
  name: Type.String(),
  type: StringEnum(INSTRUMENT_TYPES),
  exchange: Type.String(),
});
export type Instrument = Static<typeof Instrument>;

/** GET /graphservice/search: query strings arrive as text; numbers are checked by pattern, then parsed. */
export const SearchQuery = Obj({
  query: Type.String({ minLength: 1, maxLength: 64 }),
  includeCrypto: Type.Optional(StringEnum(['true', 'false'] as const)),
  pageNumber: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
  pageSize: Type.Optional(Type.String({ pattern: '^\\d{1,3}$' })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResponse = Obj({
  instruments: Type.Array(Instrument),
  pageNumber: Type.Integer({ minimum: 0 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
});
export type SearchResponse = Static<typeof SearchResponse>;

/** GET /graphservice/search/instruments: exact look-up of up to 50 comma-separated symbols (watchlists and themes name their rows). */
export const InstrumentsQuery = Obj({ symbols: Type.String({ pattern: '^[A-Z][A-Z0-9.\\-]{0,11}(,[A-Z][A-Z0-9.\\-]{0,11}){0,49}$' }) });
export type InstrumentsQuery = Static<typeof InstrumentsQuery>;
export const InstrumentsResponse = Obj({ instruments: Type.Array(Instrument) });
export type InstrumentsResponse = Static<typeof InstrumentsResponse>;

// ---- watchlists and themes ----

export const Watchlist = Obj({
  id: Type.String(),
  name: Type.String(),
  instruments: Type.Array(Instrument),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Watchlist = Static<typeof Watchlist>;
export const WatchlistsResponse = Obj({ watchlists: Type.Array(Watchlist) });
export type WatchlistsResponse = Static<typeof WatchlistsResponse>;
export const WatchlistResponse = Obj({ watchlist: Watchlist });
export type WatchlistResponse = Static<typeof WatchlistResponse>;
export const UpdateWatchlistRequest = Obj({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  /** The whole list, in order; every symbol must be a known instrument. */
  symbols: Type.Array(Symbol, { maxItems: 100, uniqueItems: true }),
});
export type UpdateWatchlistRequest = Static<typeof UpdateWatchlistRequest>;
export const IdParams = Obj({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const Theme = Obj({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  instruments: Type.Array(Instrument),
});
export type Theme = Static<typeof Theme>;
export const ThemesResponse = Obj({ themes: Type.Array(Theme) });
export type ThemesResponse = Static<typeof ThemesResponse>;
export const ThemeResponse = Obj({ theme: Theme });
export type ThemeResponse = Static<typeof ThemeResponse>;

// ---- user settings and tipping ----

export const UserSettings = Obj({
  investment: Obj({ suggestTipping: Type.Boolean() }),
});
export type UserSettings = Static<typeof UserSettings>;
export const UserSettingsResponse = Obj({ settings: UserSettings });
export type UserSettingsResponse = Static<typeof UserSettingsResponse>;
export const TippingParams = Obj({ value: StringEnum(['true', 'false'] as const) });
export type TippingParams = Static<typeof TippingParams>;

// ---- ACAT drafts and fragments ----

/** One piece of the transfer form; a draft's fragments are replaced as a whole. POSITION may repeat, the others appear once. */
export const AcatFragment = Type.Union([
  Obj({ type: Type.Literal('BROKERAGE'), brokerage: ShownText({ minLength: 1, maxLength: 80 }) }),
  Obj({ type: Type.Literal('ACCOUNT_TYPE'), accountType: StringEnum(ACAT_ACCOUNT_TYPES) }),
  Obj({ type: Type.Literal('ACCOUNT_NUMBER'), accountNumber: Type.String({ pattern: '^[A-Za-z0-9-]{4,20}$' }) }),
  Obj({ type: Type.Literal('ACCOUNT_HOLDER'), name: ShownText({ minLength: 1, maxLength: 80 }) }),
  Obj({ type: Type.Literal('TRANSFER_TYPE'), transferType: StringEnum(ACAT_TRANSFER_TYPES) }),
  Obj({ type: Type.Literal('DESTINATION_ACCOUNT'), accountUuid: Id }),
  Obj({ type: Type.Literal('CASH'), amount: Money }),
  Obj({ type: Type.Literal('POSITION'), symbol: Symbol, quantity: Quantity }),
  Obj({ type: Type.Literal('DISTRIBUTION_REASON'), reason: StringEnum(IRA_DISTRIBUTION_REASONS) }),
  /** Written by the server after a partner link; a client may keep it in a replacement but not invent it. */
  Obj({ type: Type.Literal('PARTNER_ACCOUNT'), name: ShownText({ maxLength: 120 }), mask: Type.String({ maxLength: 8 }) }),
]);
export type AcatFragment = Static<typeof AcatFragment>;
export type AcatFragmentType = AcatFragment['type'];
export const AcatFragments = Type.Array(AcatFragment, { maxItems: 60 });

export const AcatItem = Obj({ description: Type.String(), status: StringEnum(ACAT_ITEM_STATUSES) });
export type AcatItem = Static<typeof AcatItem>;

export const AcatDraft = Obj({
  id: Type.String(),
  kind: StringEnum(ACAT_KINDS),
  source: StringEnum(ACAT_SOURCES),
  progress: StringEnum(ACAT_PROGRESSES),
  /** Set once submitted. */
  transferStatus: Nullable(StringEnum(ACAT_TRANSFER_STATUSES)),
  /** The brokerage named by the BROKERAGE fragment, for lists. */
  brokerage: Nullable(Type.String()),
  fragments: AcatFragments,
  /** What the transfer moves, with each item's status; empty until submitted. */
  items: Type.Array(AcatItem),
  /** What still stops the draft from being submitted, in words (the same rule Submit enforces). */
  problems: Type.Array(Type.String()),
  readyToSubmit: Type.Boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  submittedAt: Nullable(IsoDateTime),
});
export type AcatDraft = Static<typeof AcatDraft>;
export const AcatDraftsResponse = Obj({ drafts: Type.Array(AcatDraft) });
export type AcatDraftsResponse = Static<typeof AcatDraftsResponse>;
export const AcatDraftResponse = Obj({ draft: AcatDraft });
export type AcatDraftResponse = Static<typeof AcatDraftResponse>;
export const CreateAcatDraftRequest = Obj({ fragments: AcatFragments, kind: Type.Optional(StringEnum(ACAT_KINDS)) });
export type CreateAcatDraftRequest = Static<typeof CreateAcatDraftRequest>;
export const AcatFragmentsRequest = Obj({ fragments: AcatFragments });
export type AcatFragmentsRequest = Static<typeof AcatFragmentsRequest>;
export const AcatFragmentsResponse = Obj({ fragments: AcatFragments });
export type AcatFragmentsResponse = Static<typeof AcatFragmentsResponse>;
export const DraftIdParams = Obj({ draftId: Id });
export type DraftIdParams = Static<typeof DraftIdParams>;

export const Brokerage = Obj({
  name: Type.String(),
  /** Transfers by the partner's investments link are offered. */
  partnerSupported: Type.Boolean(),
  accountNumberHint: Type.String(),
});
export type Brokerage = Static<typeof Brokerage>;
export const BrokeragesResponse = Obj({ brokerages: Type.Array(Brokerage) });
export type BrokeragesResponse = Static<typeof BrokeragesResponse>;

export const AcatHint = Obj({
  brokerage: Type.String(),
  hint: Type.String(),
  /** A regular expression the account number matches (the same one Submit checks). */
  pattern: Type.String(),
  example: Type.String(),
});
export type AcatHint = Static<typeof AcatHint>;
export const AcatHintsQuery = Obj({ brokerage: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })) });
export type AcatHintsQuery = Static<typeof AcatHintsQuery>;
export const AcatHintsResponse = Obj({ acatHints: Type.Array(AcatHint) });
export type AcatHintsResponse = Static<typeof AcatHintsResponse>;

// ---- transfer offer (finalize-offer and the finalized overview) ----

export const BrokerageQuery = Obj({ brokerage: Type.String({ minLength: 1, maxLength: 80 }) });
export type BrokerageQuery = Static<typeof BrokerageQuery>;
export const OfferQuery = Obj({
  email: Type.String({ format: 'email', maxLength: 254 }),
  brokerage: Type.String({ minLength: 1, maxLength: 80 }),
});
export type OfferQuery = Static<typeof OfferQuery>;

/**
 * The fragments to value. No prices: the server values every position at its own last price (issue 17: 10 AAPL
 * "at $50,000" must not earn the bonus cap), so a request that still sends `quotes` is refused as an unknown field.
 */
export const FinalizeOfferRequest = Obj({
  initialFragments: AcatFragments,
  updatedFragments: AcatFragments,
});
export type FinalizeOfferRequest = Static<typeof FinalizeOfferRequest>;

export const AcatOffer = Obj({
  brokerage: Type.String(),
  /** The transfer bonus in basis points of the value moved. */
  bonusBasisPoints: Type.Integer(),
  bonusCap: Money,
  /** The other brokerage's outgoing-transfer fee we pay back, at most this (transfers of at least `minimumForFeeReimbursement`). */
  feeReimbursementCap: Money,
  minimumForFeeReimbursement: Money,
  acceptedAt: IsoDateTime,
});
export type AcatOffer = Static<typeof AcatOffer>;
export const AcatOfferResponse = Obj({ offer: AcatOffer });
export type AcatOfferResponse = Static<typeof AcatOfferResponse>;

export const AcatOfferOverview = Obj({
  email: Type.String(),
  brokerage: Type.String(),
  /** Value of the updated fragments' positions at the server's last prices, plus cash. */
  estimatedValue: Money,
  /** The same for the initial fragments, so the page can show what the edits changed. */
  initialValue: Money,
  bonus: Money,
  feeReimbursement: Money,
  /** Symbols the server has no price for: listed, and valued at nothing (never at a price the client names). */
  unpricedSymbols: Type.Array(Type.String()),
  finalizedAt: IsoDateTime,
});
export type AcatOfferOverview = Static<typeof AcatOfferOverview>;
export const AcatOfferOverviewResponse = Obj({ overview: AcatOfferOverview });
export type AcatOfferOverviewResponse = Static<typeof AcatOfferOverviewResponse>;

// ---- partner integration ----

export const AcatIntegrationStartResponse = Obj({ linkToken: Type.String(), expiration: IsoDateTime });
export type AcatIntegrationStartResponse = Static<typeof AcatIntegrationStartResponse>;
export const AcatIntegrationRequest = Obj({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AcatIntegrationRequest = Static<typeof AcatIntegrationRequest>;

// ---- options referrals and rebate ----

export const OptionsReferrals = Obj({
  referralCode: Type.String(),
  shareUrl: Type.String(),
  invited: Type.Integer({ minimum: 0 }),
  qualified: Type.Integer({ minimum: 0 }),
  rewardPerReferral: Money,
  earned: Money,
});
export type OptionsReferrals = Static<typeof OptionsReferrals>;
export const OptionsReferralsResponse = Obj({ referrals: OptionsReferrals });
export type OptionsReferralsResponse = Static<typeof OptionsReferralsResponse>;

export const OptionsRebate = Obj({
  ratePerContract: Money,
  contractsThisMonth: Type.Integer({ minimum: 0 }),
  earnedThisMonth: Money,
  paidToDate: Money,
});
export type OptionsRebate = Static<typeof OptionsRebate>;
export const OptionsRebateResponse = Obj({ rebate: OptionsRebate });
export type OptionsRebateResponse = Static<typeof OptionsRebateResponse>;
