// Part of the API path table (../apiPathTable.ts): the service wrappers' paths.
// Service wrappers (funding-methods.md 7.1): the spec's paths exactly, {name} written :name.
export const watchlists = '/communityservice/watchlist/v2';
export const watchlist = '/communityservice/watchlist/:id';
export const themes = '/communityservice/themes';
export const theme = '/communityservice/themes/:id';
export const userSettings = '/communityservice/users/settings';
export const suggestTipping = '/communityservice/users/settings/investment/suggest-tipping/:value';
export const acatFinalizedOverview = '/communityservice/public/acat/drafts/finalized-overview';
export const acatFinalizeOffer = '/communityservice/acat/drafts/finalize-offer';
export const acatDrafts = '/communityservice/acat/drafts';
export const acatDraft = '/communityservice/acat/drafts/:id';
export const acatDraftFragments = '/communityservice/acat/drafts/:draftId/fragments';
export const acatDraftSubmit = '/communityservice/acat/drafts/:id/submit';
export const acatBrokerages = '/communityservice/acat/drafts/brokerages/resources';
export const acatPlaidIntegration = '/communityservice/acat/drafts/:id/integration/plaid';
export const optionsReferrals = '/communityservice/carrots/options-referrals';
export const optionsRebate = '/communityservice/option/rebate';
export const searchInstruments = '/graphservice/search/instruments';
export const search = '/graphservice/search';
export const acatAccountNumberHints = '/graphservice/acat-form/account-number-hints';
