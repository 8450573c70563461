import type { UnknownAction } from '@reduxjs/toolkit';
import { formatCents, VARIANT_LABELS } from '../../../api/contract/values';
import { CRYPTO_NETWORK_LABELS, type CryptoNetwork } from '../../../api/contract/cryptoAssets';
import type { RootState } from '../../../store/rootReducer';
import type { DepositResultScreen } from '../../deposits/depositDraftSlice';
import { resultTitle } from '../../deposits/depositCopy';
import { describeSchedule } from '../../moneyFlow/moneyFormat';

/**
 * The support replay's timeline in words: what the customer did ("Typed $250", "Chose Chase •••• 6789",
 * "Pressed Confirm") and saw ("Saw Deposit on its way"), instead of action types. Every action type the app
 * records has words here or is deliberately hidden (its own test checks that against every action creator):
 * plumbing such as RTK Query's subscriptions, analytics batches and the live channel's reconnects says
 * nothing a person did or saw.
 */

export type TimelineKind = 'did' | 'saw' | 'app';

export interface TimelineWords {
  kind: TimelineKind;
  words: string;
}

interface WordsContext {
  action: UnknownAction & { payload?: unknown };
  before: RootState;
  after: RootState;
}

type Describe = (context: WordsContext) => TimelineWords | null;

/** Left out of the timeline on purpose: nothing a person did or saw. */
export const HIDDEN = 'hidden' as const;

const did = (words: string): TimelineWords => ({ kind: 'did', words });
const saw = (words: string): TimelineWords => ({ kind: 'saw', words });
const app = (words: string): TimelineWords => ({ kind: 'app', words });

// ---- reading names out of the recorded state (what the customer's screen showed for an id) ----

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown, key: string): string | null => {
  const found = field(value, key);
  return typeof found === 'string' && found !== '' ? found : null;
};
const payloadOf = (context: WordsContext) => context.action.payload;

/** The entities of a query's normalised data ({ ids, entities }) in the recorded cache. */
function cachedEntities(state: RootState, endpointName: string): Record<string, unknown>[] {
  const queries =
    (state as unknown as { api?: { queries?: Record<string, { endpointName?: string; data?: unknown }> } }).api?.queries ?? {};
  return Object.values(queries)
    .filter((entry) => entry?.endpointName === endpointName)
    .flatMap((entry) => Object.values((field(entry.data, 'entities') as Record<string, Record<string, unknown>> | undefined) ?? {}));
}

/** "•••• 6789" from a full or already masked number. */
function lastFourOf(number: unknown): string {
  if (typeof number !== 'string') return '';
  const digits = number.replace(/[^0-9A-Za-z]/g, '');
  return digits ? `•••• ${digits.slice(-4)}` : '';
}

function methodName(state: RootState, id: unknown): string {
  const method = cachedEntities(state, 'getPaymentMethods').find((entry) => entry.id === id);
  if (!method) return 'a funding method';
  return [text(method, 'displayName') ?? 'Funding method', lastFourOf(method.paymentMethodNumber)].filter(Boolean).join(' ');
}

function accountName(state: RootState, id: unknown): string {
  const account = cachedEntities(state, 'getAccounts').find((entry) => entry.accountUuid === id || entry.account === id);
  if (!account) return 'an account';
  const variant = VARIANT_LABELS[account.variant as keyof typeof VARIANT_LABELS] ?? text(account, 'displayName') ?? 'Account';
  return [variant, lastFourOf(account.account)].filter(Boolean).join(' ');
}

function sourceName(state: RootState, source: unknown): string {
  const id = field(source, 'id');
  return field(source, 'kind') === 'internalAccount' ? accountName(state, id) : methodName(state, id);
}

const money = (cents: unknown) =>
  typeof cents === 'number' && Number.isInteger(cents) ? formatCents(cents, { whole: cents % 100 === 0 }) : null;

function depositScreenTitle(screen: unknown, state: RootState): string {
  const draft = (state as unknown as { depositDraft?: { outcome?: unknown } }).depositDraft;
  try {
    return resultTitle(screen as DepositResultScreen, (draft?.outcome ?? null) as never);
  } catch {
    return String(screen);
  }
}

/** "Typed $250"; nothing when the amount committed is the one already there (the field's blur, then Next). */
function amountWords(context: WordsContext, slice: string): TimelineWords | null {
  const amount = payloadOf(context);
  if (field(field(context.before, slice), 'amountCents') === amount) return null;
  return money(amount) ? did(`Typed ${money(amount)}`) : did('Cleared the amount');
}

const withMessage = (words: string, message: unknown) => (typeof message === 'string' && message !== '' ? `${words}: “${message}”` : words);

const fixed =
  (kind: TimelineKind, words: string): Describe =>
  () => ({ kind, words });

// ---- the table: every action type the app records ----

export const ACTION_WORDS: Record<string, Describe | typeof HIDDEN> = {
  // Signing in and out
  'auth/sessionEstablished': fixed('app', 'Signed in'),
  'auth/sessionExpired': fixed('saw', 'Saw the session end (signed out)'),
  'session/restoreRetried': fixed('did', 'Pressed Try again to restore the session'),
  'accountSelection/accountSelected': (c) => did(`Switched to ${accountName(c.after, payloadOf(c))}`),
  'navigation/locationChanged': (c) => app(`Opened ${text(payloadOf(c), 'pathname') ?? 'a page'}${text(payloadOf(c), 'search') ?? ''}`),
  'config/configWaitExpired': HIDDEN,
  'analytics/analyticsEventRecorded': HIDDEN,
  'analytics/analyticsEventsSent': HIDDEN,
  'toasts/toastShown': (c) => saw(withMessage('Saw a message', text(payloadOf(c), 'message'))),
  'toasts/toastDismissed': fixed('did', 'Closed a message'),

  // Live events
  'liveEvents/connectionStarted': HIDDEN,
  'liveEvents/connectionOpened': HIDDEN,
  'liveEvents/connectionStopped': HIDDEN,
  'liveEvents/reconnectScheduled': HIDDEN,
  'liveEvents/connectionLost': fixed('app', 'Lost the live updates connection'),
  'liveEvents/liveEventReceived': (c) => app(`Got a live update${text(payloadOf(c), 'type') ? ` (${text(payloadOf(c), 'type')})` : ''}`),

  // Deposits
  'depositDraft/depositFlowOpened': fixed('did', 'Opened Deposit funds'),
  'depositDraft/amountCommitted': (c) => amountWords(c, 'depositDraft'),
  'depositDraft/sourceChosen': (c) => did(`Chose ${sourceName(c.after, payloadOf(c))}`),
  'depositDraft/destinationChosen': (c) => did(`Chose to deposit into ${accountName(c.after, payloadOf(c))}`),
  'depositDraft/scheduleChosen': (c) =>
    did(`Chose ${describeSchedule({ frequency: 'ONE_TIME', dayOfWeek: null, dayOfMonth: null, ...(payloadOf(c) as object) })}`),
  'depositDraft/iraContributionYearChosen': (c) => {
    const year = payloadOf(c);
    return did(typeof year === 'number' ? `Chose the ${year} contribution year` : 'Cleared the contribution year');
  },
  'depositDraft/depositIntentCreated': (c) => {
    const amount = money(field(field(c.after, 'depositDraft'), 'amountCents'));
    return saw(amount ? `Saw Review deposit for ${amount}` : 'Saw Review deposit');
  },
  'depositDraft/recurringReviewOpened': fixed('saw', 'Saw Review recurring deposit'),
  'depositDraft/depositInitiateFailed': (c) =>
    saw(withMessage(`Saw ${depositScreenTitle(field(payloadOf(c), 'screen'), c.after)}`, field(payloadOf(c), 'message'))),
  'depositDraft/confirmPressed': fixed('did', 'Pressed Confirm'),
  'depositDraft/depositFinished': (c) => saw(`Saw ${depositScreenTitle(field(payloadOf(c), 'screen'), c.after)}`),
  'depositDraft/depositLimitExceeded': (c) => saw(withMessage('Saw Deposit limit reached', field(payloadOf(c), 'message'))),
  'depositDraft/limitDialogDismissed': fixed('did', 'Closed Deposit limit reached'),
  'depositDraft/limitAmountEdited': (c) => did(`Changed the amount to ${money(payloadOf(c)) ?? 'another amount'}`),
  'depositDraft/limitBankChosen': (c) => did(`Chose ${sourceName(c.after, payloadOf(c))} instead`),
  'depositDraft/reviewBackPressed': fixed('did', 'Pressed Back on the review'),
  'depositDraft/tryAgainChosen': fixed('did', 'Pressed Try again'),
  'depositDraft/depositFlowClosed': fixed('did', 'Closed the deposit'),

  // Recurring deposits and the transfer history
  'recurringDeposits/recurringCancelRequested': fixed('did', 'Pressed Cancel on a recurring deposit'),
  'recurringDeposits/recurringCancelClosed': fixed('did', 'Closed Cancel recurring deposit'),
  'transfersHistory/depositCancelRequested': fixed('did', 'Pressed Cancel on a deposit'),
  'transfersHistory/depositCancelClosed': fixed('did', 'Closed Cancel deposit'),

  // Transfers between the customer's accounts
  'internalTransfer/internalTransferOpened': fixed('did', 'Opened Transfer between accounts'),
  'internalTransfer/transferAmountSubmitted': (c) => did(`Pressed Next with ${money(field(payloadOf(c), 'amountCents')) ?? 'an amount'}`),
  'internalTransfer/transferIntentCreated': fixed('saw', 'Saw Review transfer'),
  'internalTransfer/transferConfirmed': fixed('saw', 'Saw Transfer complete'),
  'internalTransfer/transferFailed': (c) =>
    saw(field(payloadOf(c), 'insufficientFunds') ? 'Saw Transfer failed: insufficient funds' : 'Saw Transfer failed'),
  'internalTransfer/transferReviewBackPressed': fixed('did', 'Pressed Back on the transfer review'),
  'internalTransfer/transferTryAgainChosen': fixed('did', 'Pressed Try again'),
  'internalTransfer/internalTransferClosed': fixed('did', 'Closed the transfer'),

  // Withdrawals
  'withdrawal/withdrawalOpened': fixed('did', 'Opened Withdraw'),
  'withdrawal/sourceAccountChosen': (c) => did(`Chose to withdraw from ${accountName(c.after, payloadOf(c))}`),
  'withdrawal/bankChosen': (c) => did(`Chose ${methodName(c.after, payloadOf(c))}`),
  'withdrawal/amountCommitted': (c) => amountWords(c, 'withdrawal'),
  'withdrawal/withholdingChosen': (c) => did(`Chose ${String(payloadOf(c))}% tax withholding`),
  'withdrawal/distributionReasonChosen': (c) => did(`Chose the reason “${String(payloadOf(c))}”`),
  'withdrawal/nextPressed': fixed('did', 'Pressed Next'),
  'withdrawal/editPressed': fixed('did', 'Pressed Edit'),
  'withdrawal/reviewBackPressed': fixed('did', 'Pressed Back on the review'),
  'withdrawal/withdrawalSubmitted': fixed('did', 'Pressed Withdraw'),
  'withdrawal/withdrawalSucceeded': fixed('saw', 'Saw Withdrawal requested'),
  'withdrawal/withdrawalRefused': (c) => saw(withMessage('Saw Withdrawal not completed', field(payloadOf(c), 'message'))),
  'withdrawal/withdrawalOutcomeUnknown': (c) => saw(withMessage('Saw Withdrawal status unknown', field(payloadOf(c), 'message'))),
  'withdrawal/withdrawalClosed': fixed('did', 'Closed the withdrawal'),

  // Funding methods: the modal, managing, nicknames
  'fundingModal/fundingFlowOpened': (c) => did(`Opened ${fundingModalName(field(payloadOf(c), 'modal'))}`),
  'fundingModal/fundingModalSwitched': (c) => did(`Went on to ${fundingModalName(field(payloadOf(c), 'modal'))}`),
  'fundingModal/fundingModalReturnedToBase': fixed('did', 'Went back to the previous step'),
  'fundingModal/fundingFlowExited': fixed('did', 'Closed the funding window'),
  'manageFundingMethods/relinkRequested': (c) => did(`Pressed Relink on ${methodName(c.after, payloadOf(c))}`),
  'manageFundingMethods/relinkClosed': fixed('did', 'Closed Relink'),
  'manageFundingMethods/removalRequested': (c) => did(`Pressed Remove on ${methodName(c.after, payloadOf(c))}`),
  'manageFundingMethods/removalClosed': fixed('did', 'Closed Remove funding method'),
  'nickname/nicknameModalOpened': fixed('did', 'Opened Nickname'),
  'nickname/nicknameEditStarted': fixed('did', 'Pressed Edit nickname'),
  'nickname/nicknameEditCanceled': fixed('did', 'Cancelled the nickname edit'),
  'nickname/nicknameUpdated': fixed('saw', 'Saw the nickname saved'),
  'nickname/nicknameRemovalRequested': fixed('did', 'Pressed Remove nickname'),
  'nickname/nicknameRemovalCanceled': fixed('did', 'Kept the nickname'),
  'nickname/nicknameModalClosed': fixed('did', 'Closed Nickname'),

  // Linking a bank
  'bankLink/flowOpened': fixed('did', 'Opened Link a bank'),
  'bankLink/bankSearched': (c) =>
    did(typeof payloadOf(c) === 'string' && payloadOf(c) !== '' ? `Searched for “${String(payloadOf(c))}”` : 'Cleared the bank search'),
  'bankLink/institutionSelected': (c) => did(`Chose ${text(payloadOf(c), 'name') ?? 'a bank'}`),
  'bankLink/linkProviderChosen': (c) => did(`Chose to link with ${String(payloadOf(c))}`),
  'bankLink/partnerLinkSucceeded': (c) => saw(`Saw ${methodName(c.after, field(payloadOf(c), 'paymentMethodId'))} linked`),
  'bankLink/partnerLinkExited': (c) =>
    did(field(payloadOf(c), 'error') ? 'Left the bank’s sign-in with an error' : 'Left the bank’s sign-in'),
  'bankLink/partnerLinkFailed': (c) => saw(withMessage('Saw the bank link fail', field(payloadOf(c), 'description'))),
  'bankLink/bankLookedUp': (c) => saw(`Saw ${text(payloadOf(c), 'bankName') ?? 'no bank'} for the routing number`),
  'bankLink/numberFormSubmitted': fixed('did', 'Pressed Next with routing and account numbers'),
  'bankLink/numberLinkSent': fixed('did', 'Pressed Yes, link this account'),
  'bankLink/numberLinkSucceeded': (c) => saw(`Saw ${methodName(c.after, field(payloadOf(c), 'paymentMethodId'))} linked`),
  'bankLink/numberLinkFailed': (c) => saw(withMessage('Saw the account numbers refused', field(payloadOf(c), 'description'))),
  'bankLink/numberLinkUnavailable': (c) => saw(withMessage('Saw linking unavailable', field(payloadOf(c), 'message'))),
  'bankLink/fallbackChosen': (c) => did(`Chose another way: ${String(payloadOf(c))}`),
  'bankLink/linkRefused': fixed('saw', 'Saw the link refused'),
  'bankLink/backPressed': fixed('did', 'Pressed Back'),
  'bankLink/searchAgainPressed': fixed('did', 'Pressed Search again'),
  'bankLink/tryAgainPressed': fixed('did', 'Pressed Try again'),
  'bankLink/flowClosed': fixed('did', 'Closed Link a bank'),

  // Micro-deposits
  'microDepositLink/accountTypeChosen': (c) => did(`Chose a ${String(payloadOf(c)).toLowerCase()} account`),
  'microDepositLink/bankInfoSubmitted': fixed('did', 'Pressed Next with the bank details'),
  'microDepositLink/bankInfoReopened': fixed('did', 'Went back to the bank details'),
  'microDepositLink/microDepositLinkSucceeded': fixed('saw', 'Saw micro-deposits on their way'),
  'microDepositLink/microDepositLinkFailed': (c) => saw(withMessage('Saw the micro-deposit link fail', payloadOf(c))),
  'microDepositLink/microDepositLinkReset': fixed('did', 'Closed the micro-deposit link'),
  'microDepositVerify/microDepositVerifyOpened': fixed('did', 'Opened Verify micro-deposits'),
  'microDepositVerify/microDepositVerifyOpenedInWithdrawal': fixed('did', 'Opened Verify micro-deposits from the withdrawal'),
  'microDepositVerify/microDepositAmountsEdited': fixed('did', 'Changed the micro-deposit amounts'),
  'microDepositVerify/microDepositAmountsRejected': fixed('saw', 'Saw the amounts refused'),
  'microDepositVerify/microDepositsVerified': fixed('saw', 'Saw the bank verified'),
  'microDepositVerify/microDepositVerifyClosed': fixed('did', 'Closed Verify micro-deposits'),

  // Statements (verification upload)
  'statementUpload/statementUploadOpened': fixed('did', 'Opened Upload a statement'),
  'statementUpload/bankChosenForStatement': (c) => did(`Chose ${methodName(c.after, payloadOf(c))}`),
  'statementUpload/statementFileUploadStarted': fixed('did', 'Added a file'),
  'statementUpload/statementFileUploaded': fixed('saw', 'Saw the file uploaded'),
  'statementUpload/statementFileFailed': (c) => saw(withMessage('Saw the file refused', field(payloadOf(c), 'error'))),
  'statementUpload/statementFileRemoved': fixed('did', 'Removed a file'),
  'statementUpload/statementFileRetried': fixed('did', 'Pressed Retry on a file'),
  'statementUpload/statementVerificationSubmitted': fixed('did', 'Pressed Submit'),
  'statementUpload/statementExitRequested': fixed('did', 'Pressed Close (asked to confirm)'),
  'statementUpload/statementExitCanceled': fixed('did', 'Stayed on the upload'),
  'statementUpload/statementExitConfirmed': fixed('did', 'Left the upload'),
  'statementUpload/statementUploadClosed': fixed('did', 'Closed Upload a statement'),

  // Debit cards
  'debitCard/debitCardFlowStarted': fixed('did', 'Opened Add a debit card'),
  'debitCard/cardBrandDetected': (c) => saw(`Saw the card recognised as ${String(payloadOf(c))}`),
  'debitCard/cardSetupRefused': (c) =>
    saw(withMessage('Saw the card refused', field(field(payloadOf(c), 'error'), 'message') ?? field(payloadOf(c), 'message'))),
  'debitCard/debitCardLinkFailed': (c) =>
    saw(withMessage('Saw the card link fail', field(field(payloadOf(c), 'error'), 'message') ?? field(payloadOf(c), 'message'))),
  'debitCard/debitCardLinked': fixed('saw', 'Saw the debit card linked'),
  'debitCard/addressChangeSent': fixed('did', 'Pressed Save on the new address'),
  'debitCard/addressChangeRefused': fixed('saw', 'Saw the address change refused'),
  'debitCard/addressConfirmed': fixed('did', 'Confirmed the address'),
  'debitCard/addressConfirmationFailed': (c) => saw(withMessage('Saw the address not confirmed', field(payloadOf(c), 'message'))),
  'debitCard/addressEntryChosen': fixed('did', 'Pressed Add your address'),
  'debitCard/tryAgainChosen': fixed('did', 'Pressed Try again'),
  'debitCard/debitCardFlowClosed': fixed('did', 'Closed Add a debit card'),

  // Crypto and account transfers (ACATS)
  'cryptoTransfer/assetChosen': (c) => did(`Chose ${String(payloadOf(c))}`),
  'cryptoTransfer/networkChosen': (c) =>
    did(`Chose the ${CRYPTO_NETWORK_LABELS[payloadOf(c) as CryptoNetwork] ?? String(payloadOf(c))} network`),
  'acatTransfers/newTransferPressed': fixed('did', 'Pressed Transfer an account'),
  'acatTransfers/continuePressed': fixed('did', 'Pressed Continue'),
  'acatTransfers/deletePressed': fixed('did', 'Pressed Delete draft'),
  'acatTransfers/deleteDismissed': fixed('did', 'Kept the draft'),
  'acatTransfers/editorClosed': fixed('did', 'Closed the transfer editor'),

  // Setting up investing (the application)
  'setupInvesting/applicationStarted': fixed('did', 'Started the application'),
  'setupInvesting/stepCompleted': (c) =>
    did(`Pressed Continue on ${(text(payloadOf(c), 'step') ?? 'a step').toLowerCase().replace(/_/g, ' ')}`),
  'setupInvesting/editStepPressed': fixed('did', 'Pressed Edit on a step'),
  'setupInvesting/backPressed': fixed('did', 'Pressed Back'),
  'setupInvesting/applicationSubmitted': fixed('did', 'Submitted the application'),
  'setupInvesting/setupInvestingReset': HIDDEN,

  // redux-persist
  'persist/PERSIST': HIDDEN,
  'persist/REHYDRATE': fixed('app', 'Loaded the app (saved choices restored)'),
  'persist/FLUSH': HIDDEN,
  'persist/PAUSE': HIDDEN,
  'persist/PURGE': HIDDEN,
  'persist/REGISTER': HIDDEN,
};

function fundingModalName(modal: unknown): string {
  const names: Record<string, string> = {
    ach: 'Link a bank',
    addMethod: 'Add funding method',
    debitCard: 'Add a debit card',
    deposit: 'Deposit funds',
    recurringDeposit: 'Recurring deposit',
    microDeposit: 'Micro-deposits',
    wireTransfer: 'Wire transfer',
  };
  return typeof modal === 'string' ? (names[modal] ?? modal) : 'a funding window';
}

// ---- RTK Query's actions: one family for every endpoint ----

/** RTK Query's own bookkeeping: which component subscribes, which tags a result provides, focus and online. */
export const HIDDEN_PREFIXES = [
  'api/subscriptions/',
  'api/internalSubscriptions/',
  'api/invalidation/',
  'api/config/',
  'api/queries/',
  'api/mutations/',
  '__rtkq/',
  '@@',
] as const;

/** "getDepositLimits" → "deposit limits". */
export function endpointWords(endpointName: string): string {
  return endpointName
    .replace(/^(get|fetch|load)(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function errorMessage(action: WordsContext['action']): string | null {
  const payload = action.payload;
  return text(field(payload, 'data'), 'message') ?? text(payload, 'error') ?? text(field(action, 'error'), 'message');
}

/**
 * Answers that change what the customer sees without a slice event of their own (the session slice listens
 * to these endpoints directly). Other answers are followed by a flow's own event, which has the words.
 */
const ANSWER_WORDS: Record<string, string> = {
  login: 'Signed in',
  refreshSession: 'Was signed in again from the saved session',
  logout: 'Signed out',
  acceptTerms: 'Accepted the terms',
};

function describeApiAction(context: WordsContext): TimelineWords | null {
  const { action } = context;
  const match = /^api\/(executeQuery|executeMutation)\/(pending|fulfilled|rejected)$/.exec(action.type);
  if (!match) return null;
  const endpointName = text(field(field(action, 'meta'), 'arg'), 'endpointName') ?? 'request';
  const [, family, stage] = match;
  if (stage === 'fulfilled' && family === 'executeMutation' && ANSWER_WORDS[endpointName]) return app(ANSWER_WORDS[endpointName]);
  if (stage !== 'rejected') return null;
  // A query refused because its condition was not met (already loading, cached) is not an error anyone saw.
  if (field(field(action, 'meta'), 'condition')) return null;
  const words =
    family === 'executeQuery'
      ? `Saw ${endpointWords(endpointName)} fail to load`
      : `Saw ${endpointWords(endpointName)} refused by the server`;
  return { kind: 'saw', words: withMessage(words, errorMessage(action)) };
}

/** Whether an action type has words or is hidden on purpose (the test holds every recorded type to this). */
export function isDescribedType(type: string): boolean {
  return (
    type in ACTION_WORDS || /^api\/(executeQuery|executeMutation)\//.test(type) || HIDDEN_PREFIXES.some((prefix) => type.startsWith(prefix))
  );
}

/**
 * The words for one recorded action, or null when it is hidden. An action type this table does not know
 * (a newer app's) shows its type, so nothing recorded is silently dropped.
 */
export function describeAction(action: UnknownAction, before: RootState, after: RootState): TimelineWords | null {
  const context: WordsContext = { action, before, after };
  if (action.type.startsWith('api/')) {
    if (/^api\/(executeQuery|executeMutation)\//.test(action.type)) return describeApiAction(context);
  }
  if (HIDDEN_PREFIXES.some((prefix) => action.type.startsWith(prefix))) return null;
  const entry = ACTION_WORDS[action.type];
  if (entry === HIDDEN) return null;
  if (!entry) return { kind: 'app', words: `Recorded ${action.type}` };
  try {
    return entry(context);
  } catch {
    return { kind: 'app', words: `Recorded ${action.type}` };
  }
}
