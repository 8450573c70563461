import { ApiPaths, apiPath } from '../../api/contract';

// The probes of access.test.ts: how customer A calls every route that takes an id with customer B's ids, and the
// routes whose id-like inputs name nothing of a customer's. A new route with a :param, or a body or query field
// that names an id, needs its probe here (access.test.ts fails until it has one).

/** B's ids, collected through B's own calls. */
export interface VictimIds {
  accountUuid: string;
  otherAccountUuid: string;
  iraAccountUuid: string;
  bankMethodId: string;
  cardMethodId: string;
  microMethodId: string;
  depositId: string;
  recurringDepositId: string;
  documentId: string;
  notificationId: string;
  watchlistId: string;
  acatDraftId: string;
  depositIntentId: string;
  transferIntentId: string;
  setupIntentId: string;
  linkToken: string;
  verificationFileId: string;
  /** B's email, which the ACAT offer calls take as their key, and a brokerage those calls know. */
  email: string;
  brokerage: string;
}
/** A's own ids, for bodies that mix one of A's ids with one of B's. */
export interface AttackerIds {
  accountUuid: string;
  bankMethodId: string;
  /** The unverified attacker's bank that awaits a statement. */
  unverifiedMethodId: string;
}

export interface Probe {
  url: string;
  payload?: unknown;
  /** Made as the unverified attacker instead of the main one. */
  asUnverified?: boolean;
  /**
   * For a route whose contract answers a foreign token exactly like an unknown one (not 403/404): the same call
   * with a made-up token, whose answer B's token must match word for word.
   */
  unknownTwin?: Probe;
}

export const money = { amount: '10.00', currency: 'USD' };

/**
 * How each id-taking route is probed: the calls A makes with B's ids. Keyed by "METHOD template".
 * Bodies are otherwise valid, so a refusal comes from the ownership check, not from validation.
 */
export const PROBES: Record<string, (b: VictimIds, a: AttackerIds) => Probe[]> = {
  [`PUT ${ApiPaths.setDefaultPaymentMethod}`]: (b) => [
    { url: apiPath(ApiPaths.setDefaultPaymentMethod, { paymentMethodId: b.bankMethodId }) },
  ],
  [`DELETE ${ApiPaths.paymentMethod}`]: (b) => [
    { url: apiPath(ApiPaths.paymentMethod, { paymentMethodId: b.bankMethodId }) },
    { url: apiPath(ApiPaths.paymentMethod, { paymentMethodId: b.cardMethodId }) },
  ],
  [`PUT ${ApiPaths.paymentMethodNickname}`]: (b) => [
    { url: ApiPaths.paymentMethodNickname, payload: { paymentMethodId: b.bankMethodId, nickname: 'Mine now' } },
  ],
  [`POST ${ApiPaths.relinkToken}`]: (b) => [{ url: apiPath(ApiPaths.relinkToken, { paymentMethodId: b.bankMethodId }) }],
  [`POST ${ApiPaths.partnerRelink}`]: (b) => [
    { url: apiPath(ApiPaths.partnerRelink, { paymentMethodId: b.bankMethodId }), payload: { publicToken: 'public-sandbox-x' } },
  ],
  [`POST ${ApiPaths.microDepositVerify}`]: (b) => [
    { url: ApiPaths.microDepositVerify, payload: { paymentMethodId: b.microMethodId, amount1: '0.10', amount2: '0.20' } },
  ],
  [`POST ${ApiPaths.debitCardLink}`]: (b) => [
    { url: ApiPaths.debitCardLink, payload: { token: b.setupIntentId, paymentMethodId: 'pm_card_visa_debit' } },
  ],
  [`POST ${ApiPaths.debitCardReplace}`]: (b) => [
    {
      url: ApiPaths.debitCardReplace,
      payload: { paymentMethodId: b.cardMethodId, token: b.setupIntentId, providerPaymentMethodId: 'pm_card_visa_debit' },
    },
  ],
  [`POST ${ApiPaths.verificationSubmit}`]: (b, a) => [
    { url: ApiPaths.verificationSubmit, payload: { paymentMethodId: b.bankMethodId, fileUniqueIds: [b.verificationFileId] } },
    {
      url: ApiPaths.verificationSubmit,
      payload: { paymentMethodId: a.unverifiedMethodId, fileUniqueIds: [b.verificationFileId] },
      asUnverified: true,
    },
  ],
  [`POST ${ApiPaths.depositIntents}`]: (b, a) => [
    { url: ApiPaths.depositIntents, payload: { paymentMethodId: b.bankMethodId, accountUuid: a.accountUuid, amount: money } },
    { url: ApiPaths.depositIntents, payload: { paymentMethodId: a.bankMethodId, accountUuid: b.accountUuid, amount: money } },
  ],
  [`POST ${ApiPaths.depositConfirm}`]: (b, a) => [
    { url: ApiPaths.depositConfirm, payload: { id: b.depositIntentId, accountUuid: b.accountUuid } },
    { url: ApiPaths.depositConfirm, payload: { id: b.depositIntentId, accountUuid: a.accountUuid } },
  ],
  [`POST ${ApiPaths.depositCancel}`]: (b) => [{ url: apiPath(ApiPaths.depositCancel, { depositId: b.depositId }) }],
  [`POST ${ApiPaths.transferIntents}`]: (b, a) => [
    {
      url: ApiPaths.transferIntents,
      payload: { sourceAccountUuid: b.accountUuid, destinationAccountUuid: b.otherAccountUuid, amount: money },
    },
    { url: ApiPaths.transferIntents, payload: { sourceAccountUuid: b.accountUuid, destinationAccountUuid: a.accountUuid, amount: money } },
    { url: ApiPaths.transferIntents, payload: { sourceAccountUuid: a.accountUuid, destinationAccountUuid: b.accountUuid, amount: money } },
  ],
  [`POST ${ApiPaths.transferConfirm}`]: (b) => [{ url: ApiPaths.transferConfirm, payload: { id: b.transferIntentId } }],
  [`GET ${ApiPaths.recurringDeposits}`]: (b) => [{ url: apiPath(ApiPaths.recurringDeposits, { accountUuid: b.accountUuid }) }],
  [`POST ${ApiPaths.recurringDeposits}`]: (b, a) => [
    {
      url: apiPath(ApiPaths.recurringDeposits, { accountUuid: b.accountUuid }),
      payload: {
        recurringDeposit: {
          fundingSourceId: a.bankMethodId,
          fundingSourceType: 'ACH',
          amount: money,
          startDate: '2026-04-01',
          schedule: { frequency: 'MONTHLY', dayOfMonth: 1 },
        },
      },
    },
    {
      url: apiPath(ApiPaths.recurringDeposits, { accountUuid: a.accountUuid }),
      payload: {
        recurringDeposit: {
          fundingSourceId: b.bankMethodId,
          fundingSourceType: 'ACH',
          amount: money,
          startDate: '2026-04-01',
          schedule: { frequency: 'MONTHLY', dayOfMonth: 1 },
        },
      },
    },
  ],
  [`PATCH ${ApiPaths.recurringDeposit}`]: (b, a) => [
    {
      url: apiPath(ApiPaths.recurringDeposit, { accountUuid: b.accountUuid, recurringDepositId: b.recurringDepositId }),
      payload: { status: 'PAUSED' },
    },
    {
      url: apiPath(ApiPaths.recurringDeposit, { accountUuid: a.accountUuid, recurringDepositId: b.recurringDepositId }),
      payload: { status: 'PAUSED' },
    },
  ],
  [`DELETE ${ApiPaths.recurringDeposit}`]: (b, a) => [
    { url: apiPath(ApiPaths.recurringDeposit, { accountUuid: b.accountUuid, recurringDepositId: b.recurringDepositId }) },
    { url: apiPath(ApiPaths.recurringDeposit, { accountUuid: a.accountUuid, recurringDepositId: b.recurringDepositId }) },
  ],
  [`POST ${ApiPaths.recurringDepositSkip}`]: (b, a) => [
    { url: apiPath(ApiPaths.recurringDepositSkip, { accountUuid: b.accountUuid, recurringDepositId: b.recurringDepositId }) },
    { url: apiPath(ApiPaths.recurringDepositSkip, { accountUuid: a.accountUuid, recurringDepositId: b.recurringDepositId }) },
  ],
  [`GET ${ApiPaths.iraContributions}`]: (b) => [{ url: `${ApiPaths.iraContributions}?accountUuid=${b.iraAccountUuid}` }],
  [`GET ${ApiPaths.portfolio}`]: (b) => [{ url: apiPath(ApiPaths.portfolio, { accountUuid: b.accountUuid }) }],
  [`GET ${ApiPaths.withdrawalsAvailable}`]: (b) => [{ url: `${ApiPaths.withdrawalsAvailable}?accountUuid=${b.accountUuid}` }],
  [`POST ${ApiPaths.withdrawals}`]: (b, a) => [
    { url: ApiPaths.withdrawals, payload: { accountUuid: b.accountUuid, paymentMethodId: a.bankMethodId, amount: money } },
    { url: ApiPaths.withdrawals, payload: { accountUuid: a.accountUuid, paymentMethodId: b.bankMethodId, amount: money } },
  ],
  [`GET ${ApiPaths.documents}`]: (b) => [{ url: `${ApiPaths.documents}?accountUuid=${b.accountUuid}` }],
  [`GET ${ApiPaths.documentDownload}`]: (b) => [{ url: apiPath(ApiPaths.documentDownload, { documentId: b.documentId }) }],
  [`POST ${ApiPaths.notificationRead}`]: (b) => [{ url: apiPath(ApiPaths.notificationRead, { notificationId: b.notificationId }) }],
  [`PUT ${ApiPaths.watchlist}`]: (b) => [
    { url: apiPath(ApiPaths.watchlist, { id: b.watchlistId }), payload: { name: 'Taken', symbols: ['AAPL'] } },
  ],
  [`DELETE ${ApiPaths.watchlist}`]: (b) => [{ url: apiPath(ApiPaths.watchlist, { id: b.watchlistId }) }],
  [`GET ${ApiPaths.acatDraft}`]: (b) => [{ url: apiPath(ApiPaths.acatDraft, { id: b.acatDraftId }) }],
  [`DELETE ${ApiPaths.acatDraft}`]: (b) => [{ url: apiPath(ApiPaths.acatDraft, { id: b.acatDraftId }) }],
  [`GET ${ApiPaths.acatDraftFragments}`]: (b) => [{ url: apiPath(ApiPaths.acatDraftFragments, { draftId: b.acatDraftId }) }],
  [`PUT ${ApiPaths.acatDraftFragments}`]: (b) => [
    { url: apiPath(ApiPaths.acatDraftFragments, { draftId: b.acatDraftId }), payload: { fragments: [] } },
  ],
  [`POST ${ApiPaths.acatDraftSubmit}`]: (b) => [{ url: apiPath(ApiPaths.acatDraftSubmit, { id: b.acatDraftId }) }],
  [`GET ${ApiPaths.acatPlaidIntegration}`]: (b) => [{ url: apiPath(ApiPaths.acatPlaidIntegration, { id: b.acatDraftId }) }],
  [`POST ${ApiPaths.acatPlaidIntegration}`]: (b) => [
    { url: apiPath(ApiPaths.acatPlaidIntegration, { id: b.acatDraftId }), payload: { token: 'public-sandbox-x' } },
  ],
  [`GET ${ApiPaths.acatFinalizedOverview}`]: (b) => [
    { url: `${ApiPaths.acatFinalizedOverview}?email=${encodeURIComponent(b.email)}&brokerage=${encodeURIComponent(b.brokerage)}` },
  ],
  [`POST ${ApiPaths.acatFinalizeOffer}`]: (b) => [
    {
      url: `${ApiPaths.acatFinalizeOffer}?email=${encodeURIComponent(b.email)}&brokerage=${encodeURIComponent(b.brokerage)}`,
      payload: { initialFragments: [], updatedFragments: [] },
    },
  ],
  [`POST ${ApiPaths.cryptoDepositAddress}`]: (b) => [
    { url: ApiPaths.cryptoDepositAddress, payload: { accountUuid: b.accountUuid, asset: 'BTC', network: 'BITCOIN' } },
  ],
  [`GET ${ApiPaths.cryptoTransfers}`]: (b) => [{ url: `${ApiPaths.cryptoTransfers}?accountUuid=${b.accountUuid}` }],
  [`PUT ${ApiPaths.profileAccountBeneficiaries}`]: (b) => [
    { url: apiPath(ApiPaths.profileAccountBeneficiaries, { accountUuid: b.accountUuid }), payload: { beneficiaries: [] } },
  ],
  [`POST ${ApiPaths.sandboxPlaidLogin}`]: (b) => [
    {
      url: ApiPaths.sandboxPlaidLogin,
      payload: { linkToken: b.linkToken, username: 'user_good', password: 'pass_good' },
      unknownTwin: {
        url: ApiPaths.sandboxPlaidLogin,
        payload: { linkToken: 'link-sandbox-00000000-0000-4000-8000-000000000000', username: 'user_good', password: 'pass_good' },
      },
    },
  ],
  [`POST ${ApiPaths.sandboxResetLogin}`]: (b) => [{ url: apiPath(ApiPaths.sandboxResetLogin, { paymentMethodId: b.bankMethodId }) }],
  [`GET ${ApiPaths.sandboxMicroDeposits}`]: (b) => [{ url: apiPath(ApiPaths.sandboxMicroDeposits, { paymentMethodId: b.microMethodId }) }],
  [`POST ${ApiPaths.sandboxStatementReview}`]: (b) => [
    { url: apiPath(ApiPaths.sandboxStatementReview, { paymentMethodId: b.bankMethodId }), payload: { outcome: 'APPROVED' } },
  ],
  [`POST ${ApiPaths.sandboxReturnDeposit}`]: (b) => [
    { url: apiPath(ApiPaths.sandboxReturnDeposit, { depositId: b.depositId }), payload: { code: 'R01' } },
  ],
};

/** Routes whose id-like inputs name nothing that belongs to a customer, or are checked elsewhere, and why. */
export const NOT_CUSTOMER_SCOPED: Record<string, string> = {
  [`GET ${ApiPaths.institutionsByRoutingNumber}`]: 'routing numbers name public bank directory entries',
  [`GET ${ApiPaths.addressPlace}`]: "place ids come from the address service's public autocomplete",
  [`GET ${ApiPaths.theme}`]: 'themes are one catalogue shared by every customer',
  [`PUT ${ApiPaths.suggestTipping}`]: 'the parameter is a setting value, not an id',
  [`POST ${ApiPaths.linkToken}`]: 'institutionId names a public directory entry',
  [`POST ${ApiPaths.partnerLink}`]:
    'the public token is bound to the link token of the customer who made it (bankLink.test.ts); accountId and institutionId come from it',
  [`GET ${ApiPaths.events}`]: 'the one-time subscription id is itself the credential, issued to a signed-in customer (events.test.ts)',
  [`POST ${ApiPaths.debitCardAddressConfirm}`]:
    "the token is the emailed one-time address-verification token (debitCard.test.ts); it carries the customer's id",
};
