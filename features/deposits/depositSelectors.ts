import { createSelector } from '@reduxjs/toolkit';
import { selectAllAccounts } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { depositsApi } from '../../api/depositsApi';
import { highYieldApi } from '../../api/highYieldApi';
import { dayWords } from '../moneyFlow/quoteWords';
import {
  bankDailyRoom,
  cardLifetimeRoom,
  fitsRoom,
  limitLeftText,
  methodUsability,
  moneyToCents,
  roomAfter,
  scheduleProblem,
  splitOverBankRoom,
  DEPOSIT_MIN_CENTS,
  type LimitRoom,
} from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import type { RootState } from '../../store/rootReducer';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { selectCurrentUser } from '../session/sessionSlice';
import { selectDepositRights } from '../session/customerStanding';
import { selectDepositDraft, type DraftSource } from './depositDraftSlice';
import {
  defaultDepositSource,
  externalMethodDisabledReason,
  internalSourceDisabledReason,
  isDepositMethodType,
  isEligibleDestination,
  isInternalSourceCandidate,
  isRecurringFrequency,
  nextProblem,
  recurringDisabledReason,
  type NextProblem,
} from './depositRules';

// Memoised selectors over the RTK Query cache and the draft, feeding the pure rules of depositRules.ts.

const selectDepositLimitsResult = depositsApi.endpoints.getDepositLimits.select();
const selectHighYieldResult = highYieldApi.endpoints.getHighYieldAccount.select();

export const selectDepositLimits = createSelector([selectDepositLimitsResult], (result) => result.data ?? null);
export const selectHighYieldAccount = createSelector([selectHighYieldResult], (result) => result.data?.highYieldAccount ?? null);

/**
 * What the customer's standing (the contract's depositRightsOf) lets the deposit flow offer, said before the form:
 * - 'finishApplication': an application not yet complete ('notYet'): the server answers "account pending"
 *   (DE#00011) to any deposit, so the flow shows no form, only the way to the application;
 * - 'oneTimeUntilApproved': an application under review ('afterApproval'): one one-time deposit that waits for the
 *   approval (PENDING_DEPOSIT); the server refuses a schedule (DE#00011) and a second waiting deposit (DE#00010);
 * - null: the whole form.
 */
export type DepositGate = 'finishApplication' | 'oneTimeUntilApproved' | null;

export const selectDepositGate = createSelector([selectDepositRights], (rights): DepositGate => {
  if (rights === 'notYet') return 'finishApplication';
  if (rights === 'afterApproval') return 'oneTimeUntilApproved';
  return null;
});

/** The words of the two gates (our copy: the spec has none). */
export const DepositGateWords = {
  finishTitle: 'Finish your application first',
  finishBody: 'You can deposit once your application is complete. It takes a few minutes, and your answers so far are kept.',
  finishButton: 'Finish application',
  reviewTitle: 'Your application is being reviewed',
  reviewBody:
    'You can make one one-time deposit now. It waits for your approval: the money is not available to invest until your application is approved. Recurring deposits can be set up after that.',
  recurring: 'Recurring deposits can be set up once your application is approved.',
  reviewFootnote:
    'This deposit waits for your application: nothing is available to invest until it is approved. By confirming, you authorize Fundflow to debit this amount from your bank account once it is.',
} as const;

/** Deposit destinations of the To field: open brokerage and high-yield accounts (high-yield with its flag or an existing account). */
const selectApplicationStatus = (state: RootState) => selectCurrentUser(state)?.applicationStatus ?? null;

export const selectDepositDestinations = createSelector([selectAllAccounts, selectApplicationStatus], (accounts, applicationStatus) =>
  accounts.filter((account) => isEligibleDestination(account, applicationStatus)),
);

export const selectDepositDestination = createSelector(
  [selectAllAccounts, (state: RootState) => selectDepositDraft(state).destinationAccountUuid],
  (accounts, uuid): Account | null => accounts.find((account) => account.accountUuid === uuid) ?? null,
);

export const selectIsHighYieldDestination = createSelector(
  [selectDepositDestination],
  (destination) => destination?.variant === 'HIGH_YIELD',
);

export const selectIsRecurringDraft = (state: RootState) => isRecurringFrequency(selectDepositDraft(state).frequency);

/** The customer has never funded: the first deposit needs the $20 minimum. */
export const selectIsFirstDeposit = (state: RootState) => selectCurrentUser(state)?.hasFunded === false;

/** The debit-card cap in cents: the server's lifetime limit, or the remote dcfLimit until it answers. */
export const selectDebitCardCapCents = createSelector([selectDepositLimits, selectFlags], (limits, flags) =>
  limits ? moneyToCents(limits.debitCardLifetimeLimit) : Math.round(flags.dcfLimit) * 100,
);

export interface MethodOption {
  method: PaymentMethod;
  disabledReason: string | null;
}

export interface InternalOption {
  account: Account;
  disabledReason: string | null;
}

/** Linked methods under From, each with why it cannot fund this deposit (or null). */
export const selectMethodOptions = createSelector(
  [selectPaymentMethodsList, selectDepositDestination, selectIsRecurringDraft],
  (methods, destination, recurring): MethodOption[] =>
    methods
      .filter(isDepositMethodType)
      .map((method) => ({ method, disabledReason: externalMethodDisabledReason(method, { recurring, destination }) })),
);

/** The customer's own accounts under From (not the destination), each with why it cannot fund this deposit. */
export const selectInternalOptions = createSelector(
  [selectAllAccounts, selectDepositDestination, selectIsRecurringDraft, selectFlags],
  (accounts, destination, recurring, flags): InternalOption[] =>
    accounts
      .filter((account) => isInternalSourceCandidate(account, destination?.accountUuid ?? null))
      .map((account) => ({
        account,
        disabledReason: internalSourceDisabledReason(account, { recurring, recurringFeature: flags.recurringDeposits, destination }),
      })),
);

/** The source to preselect: the default-source rule over the methods that can fund this deposit. */
export const selectDefaultDepositSource = createSelector(
  [selectMethodOptions, selectIsHighYieldDestination, (_state: RootState, now: string) => now],
  (options, highYieldDestination, now) =>
    defaultDepositSource({
      methods: options.filter((option) => option.disabledReason === null).map((option) => option.method),
      highYieldDestination,
      now,
    }),
);

export const SOURCE_UNAVAILABLE = 'No longer available';

/** Linked banks under From that only need relinking to fund this deposit: the deposit offers Relink in place (4.7). */
export const selectRelinkableDepositMethods = createSelector([selectMethodOptions, selectDepositDestination], (options, destination) =>
  options
    .map((option) => option.method)
    .filter((method) => {
      const usability = methodUsability(method, destination?.variant ?? null);
      return !usability.usable && usability.reason === 'RELINK_REQUIRED';
    }),
);

export const selectRecurringDisabledReason = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectDepositDestination, selectHighYieldAccount, selectDepositGate],
  (source, destination, highYield, gate) =>
    gate !== null
      ? DepositGateWords.recurring
      : recurringDisabledReason({ source, destination, highYieldStatus: highYield?.status ?? null }),
);

/** The chosen source's disabled reason as things are now (a limit may have been reached since it was chosen). */
export const selectChosenSourceDisabledReason = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectMethodOptions, selectInternalOptions],
  (source, methods, internal): string | null => {
    if (!source) return null;
    const option =
      source.kind === 'paymentMethod'
        ? methods.find((candidate) => candidate.method.id === source.id)
        : internal.find((candidate) => candidate.account.accountUuid === source.id);
    // A source that is no longer listed (removed, or now the destination) cannot fund the deposit.
    return option ? option.disabledReason : SOURCE_UNAVAILABLE;
  },
);

const sourceOf = (method: PaymentMethod): DraftSource => ({
  kind: 'paymentMethod',
  id: method.id,
  fundingSourceType: method.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'ACH',
});

/**
 * The preselect rule: only a source that can fund this deposit now is preselected. The draft's own choice stays
 * while it can; when it cannot (its bank now needs relinking, waits for micro-deposits, or was removed), the
 * default-source rule picks again, and that rule never picks such a bank (methodUsability decides). Null when the
 * draft's choice stands or nothing can be preselected.
 */
export const selectSourceToPreselect = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectChosenSourceDisabledReason, selectDefaultDepositSource],
  (source, sourceDisabledReason, fallback): DraftSource | null => {
    if (source && sourceDisabledReason === null) return null;
    if (!fallback || (source?.kind === 'paymentMethod' && source.id === fallback.id)) return null;
    return sourceOf(fallback);
  },
);

const selectInternalBalanceCents = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectAllAccounts],
  (source, accounts) => {
    if (source?.kind !== 'internalAccount') return null;
    const account = accounts.find((candidate) => candidate.accountUuid === source.id);
    return account ? moneyToCents(account.balance) : null;
  },
);

/**
 * What is left of the limit the chosen bank or card counts against, from getDepositLimits and the contract's
 * arithmetic: the day's bank room, or the card's lifetime room (and never more than the card's own listed limit
 * left). Null for an internal source, or until the limits are known.
 */
export const selectSourceLimitRoom = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectDepositLimits, selectMethodOptions],
  (source, limits, methods): LimitRoom | null => {
    if (!limits || source?.kind !== 'paymentMethod') return null;
    if (source.fundingSourceType === 'DEBIT_CARD') {
      const limitCents = moneyToCents(limits.debitCardLifetimeLimit);
      const method = methods.find((option) => option.method.id === source.id)?.method;
      const leftOnMethod = method ? moneyToCents(method.depositLimit) - moneyToCents(method.amountDeposited) : limitCents;
      const leftCents = Math.max(0, Math.min(moneyToCents(limits.debitCardRemaining), leftOnMethod));
      return cardLifetimeRoom(limitCents, limitCents - leftCents);
    }
    return bankDailyRoom(moneyToCents(limits.dailyBankLimit) - moneyToCents(limits.dailyBankRemaining), limits.dailyBankBatchDay);
  },
);

/** The meter under the amount: what is left after the amount being typed (never below zero), and whether it is over. */
export interface LimitMeter {
  text: string;
  over: boolean;
  room: LimitRoom;
}

export function limitMeterOf(room: LimitRoom | null, typedCents: number | null, today: string | null = null): LimitMeter | null {
  if (!room) return null;
  const typed = typedCents ?? 0;
  // A bank deposit made on a weekend, a holiday or after 4 pm counts toward the next business day's batch: say which.
  const batchDayLabel = room.batchDay && today && room.batchDay !== today ? dayWords(room.batchDay) : null;
  return { text: limitLeftText(roomAfter(room, typed), { batchDayLabel }), over: !fitsRoom(room, typed), room };
}

export interface DepositNextState {
  problem: NextProblem | null;
  debitCardCapCents: number;
  internalBalanceCents: number | null;
  limitRoom: LimitRoom | null;
  /**
   * Over what is left of today's bank limit (but within a day's, and within the bank's own deposit limit, or the
   * rest would be refused): today's room now and the rest on the next business day. One-time deposits only.
   */
  split: { nowCents: number; laterCents: number } | null;
}

/** Why Next is disabled for the amount being typed (the form's value, not yet in the draft), or null. */
export const selectDepositNextState = createSelector(
  [
    selectDepositDraft,
    selectIsFirstDeposit,
    selectChosenSourceDisabledReason,
    selectDebitCardCapCents,
    selectInternalBalanceCents,
    selectFlags,
    selectSourceLimitRoom,
    selectMethodOptions,
    (_state: RootState, amountCents: number | null) => amountCents,
  ],
  (
    draft,
    firstDeposit,
    sourceDisabledReason,
    debitCardCapCents,
    internalBalanceCents,
    flags,
    limitRoom,
    methodOptions,
    amountCents,
  ): DepositNextState => {
    const recurringAllowed = flags.recurringDeposits || !isRecurringFrequency(draft.frequency);
    const scheduleValid = recurringAllowed && scheduleProblem(draft, { allowWeekends: false }) === null;
    const problem = nextProblem({
      amountCents,
      firstDeposit,
      source: draft.source,
      sourceDisabledReason,
      destinationAccountUuid: draft.destinationAccountUuid,
      debitCardCapCents,
      internalBalanceCents,
      scheduleValid,
      limitRoom,
    });
    const source = draft.source;
    const method = source?.kind === 'paymentMethod' ? methodOptions.find((option) => option.method.id === source.id)?.method : undefined;
    const methodLeftCents = method ? moneyToCents(method.depositLimit) - moneyToCents(method.amountDeposited) : 0;
    const split =
      problem === 'overBankRoom' && limitRoom && amountCents !== null && amountCents <= methodLeftCents && draft.frequency === 'ONE_TIME'
        ? splitOverBankRoom(amountCents, limitRoom, DEPOSIT_MIN_CENTS)
        : null;
    return { problem, debitCardCapCents, internalBalanceCents, limitRoom, split };
  },
);

/**
 * The deposit flow's requests under fixed keys in the API cache: whether Next or Confirm is waiting for the
 * server is then in the store (a replay shows the busy button), and the cache is never persisted, so a
 * reload never shows a request that is no longer running.
 */
export const DEPOSIT_REQUEST_KEYS = { next: 'deposit-next', confirm: 'deposit-confirm' } as const;

const requestRunning = (
  endpoints: ReadonlyArray<'initiateDeposit' | 'initiateTransfer' | 'confirmDeposit' | 'confirmTransfer' | 'createRecurringDeposit'>,
  fixedCacheKey: string,
) => {
  const selectors = endpoints.map((name) => depositsApi.endpoints[name].select({ fixedCacheKey, requestId: undefined }));
  return (state: RootState) => selectors.some((select) => select(state).isLoading);
};

/** Next is waiting for the server to make the deposit or transfer intent. */
export const selectDepositNextRunning = requestRunning(['initiateDeposit', 'initiateTransfer'], DEPOSIT_REQUEST_KEYS.next);
/** Confirm is waiting for the server. */
export const selectDepositConfirmRunning = requestRunning(
  ['confirmDeposit', 'confirmTransfer', 'createRecurringDeposit'],
  DEPOSIT_REQUEST_KEYS.confirm,
);
