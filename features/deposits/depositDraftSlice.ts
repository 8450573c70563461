import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';
import { initialDepositDraft } from './depositDraftHolder';
import type { Frequency, FundingSourceType, Weekday } from '../../api/contract/values';
import type { Deposit, DepositQuote } from '../../api/contract';
import { signedOut } from '../../api/authApi';

/**
 * The deposit draft (deposits-and-transfers.md 2 and 4): what the customer chose, which step is shown and how
 * the last confirmation ended. It is persisted, so a reload keeps the draft: until the deposit flow's code loads,
 * depositDraftHolder.ts holds the draft in the root reducer, and this module injects the slice over it; the rules
 * and screens that read it load with the deposit flow. Typing stays in the form: the draft changes on step
 * events only (Next, a preset chip, the amount field's blur, Edit amount), never per keystroke.
 */

/** The result screens of section 2 (a type only: this module is in the first page's bundle). */
export type DepositResultScreen =
  | 'deposit-failed-error'
  | 'deposit-failed-unknown'
  | 'deposit-failed-error-contact-cx'
  | 'deposit-failed-error-no-retry'
  | 'deposit-failed-insufficient-funds'
  | 'transfer-failed-error'
  | 'hyca-transfer-error'
  | 'deposit-failed-second-pending'
  | 'deposit-pending'
  | 'hyca-deposit-pending'
  | 'deposit-initiated'
  | 'instant-deposit'
  | 'partial-instant-deposit'
  | 'recurring-deposit-success'
  | 'transfer-success'
  | 'hyca-deposit-success';
export type DepositStep = 'root' | 'deposit-review' | DepositResultScreen;

/** Where the money comes from: a linked funding method, or another of the customer's own accounts. */
export interface DraftSource {
  kind: 'paymentMethod' | 'internalAccount';
  /** paymentMethodId or accountUuid. */
  id: string;
  /** ACH for banks, DEBIT_CARD, BUYING_POWER for an internal account (the recurring-deposit contract's names). */
  fundingSourceType: FundingSourceType;
}

/** What the result screen shows. */
export interface DepositOutcome {
  depositId: string | null;
  amountCents: number;
  instantCents: number;
  /** The server's own message for an error screen, when it sent one. */
  message: string | null;
  /** What the confirmed deposit really did, in the quote's terms (a deposit answer only). */
  made?: MadeDeposit | null;
  /** A split deposit: what became of its later part (the one-time deposit scheduled for the next business day). */
  split?: SplitOutcome | null;
}

/**
 * A deposit over what is left of the day's bank limit, split in two (issue 17): today's room now (the intent), and
 * the rest as a one-time deposit scheduled for the next business day, each confirmed with its own idempotency key.
 */
export interface DepositSplit {
  nowCents: number;
  laterCents: number;
  /** The business day after the first part's batch day ('yyyy-MM-dd'), from its quote; null until known. */
  laterOn: string | null;
}

export interface SplitOutcome {
  laterCents: number;
  laterOn: string | null;
  /** The one-time schedule made for the rest, or null when it was not made. */
  scheduledId: string | null;
  /** Why the rest was not scheduled (the server's words). */
  message: string | null;
}

/** The parts of Confirm's deposit the result screen tells and compares with the review's quote. */
export type MadeDeposit = Pick<
  Deposit,
  'status' | 'type' | 'availableNow' | 'availableLater' | 'settlesOn' | 'withdrawableOn' | 'cancellableUntil'
> & {
  /** From a debit card: settled at once, held from withdrawal to a bank. */
  card: boolean;
};

export interface DepositDraftState {
  /** Made when a draft starts; a new draft is a new id (and no idempotency key). */
  draftId: string | null;
  amountCents: number | null;
  source: DraftSource | null;
  destinationAccountUuid: string | null;
  frequency: Frequency;
  dayOfWeek: Weekday | null;
  dayOfMonth: number | null;
  iraContributionYear: number | null;
  step: DepositStep;
  /** The deposit or transfer intent the review step confirms (none for recurring deposits). */
  intentId: string | null;
  /** The intent's quote (a deposit's, not a transfer's): what the review shows and the result compares with. */
  quote: DepositQuote | null;
  /** The split chosen at Next (the intent is its first part), or null. */
  split: DepositSplit | null;
  /** The idempotency key of a split's later part: one per attempt, like idempotencyKey, so a retry never doubles it. */
  splitKey: string | null;
  /** One per confirmation attempt: made when Confirm is first pressed, reused by a retry of the same attempt. */
  idempotencyKey: string | null;
  outcome: DepositOutcome | null;
  /** The limit-exceeded overlay: open with the server's message (or null for the default text). */
  limitDialog: { message: string | null } | null;
  /** The `flow` query parameter the draft was opened with (flow=recurring-deposit records extra analytics). */
  flow: string | null;
  /**
   * When the customer last did something in the draft (ISO 8601, from the action's meta.at, stamped when the
   * action was made, so a replay or a DevTools import rebuilds the same state). A draft persisted before this
   * field existed has none, and counts as old.
   */
  savedAt: string | null;
}

export { initialDepositDraft };

export interface DraftSchedule {
  frequency: Frequency;
  dayOfWeek?: Weekday | null;
  dayOfMonth?: number | null;
}

export interface DepositFlowOpenedPayload extends Partial<DraftSchedule> {
  /** The destination asked for (from ?destination=, or the flow's own account); null lets the screen choose. */
  destinationAccountUuid: string | null;
  flow?: string | null;
  /**
   * Whether the draft in progress may be brought back: the opener (openDepositFlow, given "now") says so only
   * for a draft saved recently (depositRules.isDraftRecent). Without it the flow starts a new draft.
   */
  resume?: boolean;
  draftId: string;
}

/** When the action was made: every step of the draft carries it, and the draft keeps the last change's as savedAt. */
export interface StampMeta {
  at: string;
}
type Stamped<P = void> = PayloadAction<P, string, StampMeta>;
/** The time is read where the action is made, never in a reducer, so replaying the actions gives the same draft. */
const stamp = <P>(payload: P) => ({ payload, meta: { at: new Date().toISOString() } });
const stampOnly = () => stamp(undefined);

const isRecurring = (frequency: Frequency) => frequency !== 'ONE_TIME';

/** Only the day that belongs to the frequency is kept (weekly and biweekly: weekday; monthly: day of month). */
function applySchedule(state: DepositDraftState, schedule: DraftSchedule) {
  state.frequency = schedule.frequency;
  const weekly = schedule.frequency === 'WEEKLY' || schedule.frequency === 'FORTNIGHTLY';
  state.dayOfWeek = weekly ? (schedule.dayOfWeek ?? 'MONDAY') : null;
  state.dayOfMonth = schedule.frequency === 'MONTHLY' ? (schedule.dayOfMonth ?? 1) : null;
}

const resetToOneTime = (state: DepositDraftState) => applySchedule(state, { frequency: 'ONE_TIME' });

/** A changed choice ends the current attempt: the next Confirm belongs to a new intent and a new key. */
function forgetAttempt(state: DepositDraftState) {
  state.intentId = null;
  state.quote = null;
  state.split = null;
  state.splitKey = null;
  state.idempotencyKey = null;
  state.outcome = null;
  state.limitDialog = null;
}

const isResult = (step: DepositStep) => step !== 'root' && step !== 'deposit-review';

/** Screens whose Try again goes back to the amount step (the customer must change something first). */
const TRY_AGAIN_FROM_AMOUNT: readonly DepositStep[] = ['deposit-failed-insufficient-funds'];

const depositDraftSliceDefinition = createSlice({
  name: 'depositDraft',
  initialState: initialDepositDraft,
  reducers: {
    /**
     * The flow opened (a route, a link, the regularDeposit flag). A recent draft in progress for the same
     * destination is brought back (`resume`), so a reload shows it again, with what the link names put over it; a
     * different destination asked for by the address, an old draft or a finished one starts a new draft.
     */
    depositFlowOpened: {
      reducer(state, action: Stamped<DepositFlowOpenedPayload>) {
        const { destinationAccountUuid, frequency, dayOfWeek, dayOfMonth, flow, draftId, resume } = action.payload;
        const keep =
          resume === true &&
          state.draftId !== null &&
          !isResult(state.step) &&
          (destinationAccountUuid === null || destinationAccountUuid === state.destinationAccountUuid);
        if (!keep) {
          const next: DepositDraftState = {
            ...initialDepositDraft,
            draftId,
            destinationAccountUuid,
            flow: flow ?? null,
            savedAt: action.meta.at,
          };
          if (frequency) applySchedule(next, { frequency, dayOfWeek, dayOfMonth });
          return next;
        }
        state.savedAt = action.meta.at;
        // A link always wins over the draft: what it names replaces the draft's choice, the rest is kept. A changed
        // choice ends the attempt, so a review opened for the old one goes back to the amount step.
        if (flow) state.flow = flow;
        if (frequency || dayOfWeek || dayOfMonth) {
          const named: DraftSchedule = {
            frequency: frequency ?? state.frequency,
            dayOfWeek: dayOfWeek ?? state.dayOfWeek,
            dayOfMonth: dayOfMonth ?? state.dayOfMonth,
          };
          const before = `${state.frequency}/${state.dayOfWeek}/${state.dayOfMonth}`;
          applySchedule(state, named);
          if (`${state.frequency}/${state.dayOfWeek}/${state.dayOfMonth}` !== before) {
            if (isRecurring(state.frequency) && state.source?.kind === 'internalAccount') state.source = null;
            forgetAttempt(state);
            state.step = 'root';
          }
        }
      },
      prepare: (payload: Omit<DepositFlowOpenedPayload, 'draftId'>) => ({
        payload: { ...payload, draftId: nanoid() },
        meta: { at: new Date().toISOString() },
      }),
    },
    /** A preset chip, the amount field's blur, or Next committed the typed amount (integer cents, or null when empty). */
    amountCommitted: {
      reducer(state, action: Stamped<number | null>) {
        if (state.amountCents === action.payload) return;
        state.amountCents = action.payload;
        state.savedAt = action.meta.at;
        forgetAttempt(state);
      },
      prepare: (payload: number | null) => stamp(payload),
    },
    /** Source and schedule interplay (section 4): a debit card or an internal account cannot fund a recurring deposit. */
    sourceChosen: {
      reducer(state, action: Stamped<DraftSource>) {
        state.savedAt = action.meta.at;
        const source = action.payload;
        state.source = source;
        if (source.fundingSourceType === 'DEBIT_CARD' || source.kind === 'internalAccount') resetToOneTime(state);
        forgetAttempt(state);
      },
      prepare: (payload: DraftSource) => stamp(payload),
    },
    destinationChosen: {
      reducer(state, action: Stamped<string>) {
        state.savedAt = action.meta.at;
        state.destinationAccountUuid = action.payload;
        // An account chosen as source cannot also be the destination.
        if (state.source?.kind === 'internalAccount' && state.source.id === action.payload) state.source = null;
        forgetAttempt(state);
      },
      prepare: (payload: string) => stamp(payload),
    },
    /** Choosing a recurring schedule clears an internal funding source (section 4). */
    scheduleChosen: {
      reducer(state, action: Stamped<DraftSchedule>) {
        state.savedAt = action.meta.at;
        applySchedule(state, action.payload);
        if (isRecurring(state.frequency) && state.source?.kind === 'internalAccount') state.source = null;
        forgetAttempt(state);
      },
      prepare: (payload: DraftSchedule) => stamp(payload),
    },
    iraContributionYearChosen: {
      reducer(state, action: Stamped<number | null>) {
        state.savedAt = action.meta.at;
        state.iraContributionYear = action.payload;
        forgetAttempt(state);
      },
      prepare: (payload: number | null) => stamp(payload),
    },
    /** Next on a one-time deposit or transfer: the server's intent opens the review. */
    depositIntentCreated: {
      reducer(state, action: Stamped<{ intentId: string; quote?: DepositQuote | null; split?: DepositSplit | null }>) {
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.intentId = action.payload.intentId;
        state.quote = action.payload.quote ?? null;
        state.split = action.payload.split ?? null;
        state.step = 'deposit-review';
      },
      prepare: (payload: { intentId: string; quote?: DepositQuote | null; split?: DepositSplit | null }) => stamp(payload),
    },
    /** Next on a recurring deposit: straight to review, no intent (section 4). */
    recurringReviewOpened: {
      reducer(state, action: Stamped) {
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.step = 'deposit-review';
      },
      prepare: stampOnly,
    },
    /** Next failed before there was anything to confirm. */
    depositInitiateFailed: {
      reducer(state, action: Stamped<{ screen: DepositResultScreen; message: string | null; amountCents: number }>) {
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.step = action.payload.screen;
        state.outcome = { depositId: null, amountCents: action.payload.amountCents, instantCents: 0, message: action.payload.message };
      },
      prepare: (payload: { screen: DepositResultScreen; message: string | null; amountCents: number }) => stamp(payload),
    },
    /**
     * Confirm pressed. The key is made here the first time and kept while the attempt lasts, so a double click or
     * a Try again after a lost answer sends the same key and the server makes one deposit.
     */
    confirmPressed: {
      reducer(state, action: Stamped<{ candidateKey: string; candidateSplitKey: string }>) {
        state.savedAt = action.meta.at;
        state.idempotencyKey ??= action.payload.candidateKey;
        if (state.split) state.splitKey ??= action.payload.candidateSplitKey;
        state.limitDialog = null;
      },
      prepare: () => ({ payload: { candidateKey: nanoid(), candidateSplitKey: nanoid() }, meta: { at: new Date().toISOString() } }),
    },
    /**
     * The confirmation (or the schedule's creation) answered: the outcome selects the result screen. A definite
     * answer (a deposit, or a refusal with its code, which the server keeps under the key) ends the attempt, so a
     * later Try again is a new attempt with a new key; without one (no answer, an internal error) the key stays,
     * and a retry cannot make a second deposit.
     */
    depositFinished: {
      reducer(
        state,
        action: Stamped<{ screen: DepositResultScreen; outcome: DepositOutcome; attemptOver: boolean; splitAttemptOver?: boolean }>,
      ) {
        state.savedAt = action.meta.at;
        state.step = action.payload.screen;
        state.outcome = action.payload.outcome;
        state.limitDialog = null;
        const split = action.payload.outcome.split;
        if (split && split.scheduledId === null) {
          // The first part is made, the rest is not: Try again repeats the same attempt. The first part's key stays
          // (the server answers the same deposit); the rest's key stays too unless the server definitely refused it.
          if (action.payload.splitAttemptOver) state.splitKey = null;
          return;
        }
        if (action.payload.attemptOver) {
          state.idempotencyKey = null;
          state.splitKey = null;
        }
      },
      prepare: (payload: { screen: DepositResultScreen; outcome: DepositOutcome; attemptOver: boolean; splitAttemptOver?: boolean }) =>
        stamp(payload),
    },
    /** DE#00003 with a bank or card selected: the limit dialog opens over the current step (a definite refusal). */
    depositLimitExceeded(state, action: PayloadAction<{ message: string | null }>) {
      state.limitDialog = { message: action.payload.message };
      state.idempotencyKey = null;
    },
    limitDialogDismissed(state) {
      state.limitDialog = null;
    },
    /** Edit amount: the amount becomes what is left of today's limit, back on the amount step. */
    limitAmountEdited: {
      reducer(state, action: Stamped<number>) {
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.amountCents = action.payload;
        state.step = 'root';
      },
      prepare: (payload: number) => stamp(payload),
    },
    /** Use My Bank in the limit dialog of a debit card: the bank becomes the source, back on the amount step. */
    limitBankChosen: {
      reducer(state, action: Stamped<DraftSource>) {
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.source = action.payload;
        state.step = 'root';
      },
      prepare: (payload: DraftSource) => stamp(payload),
    },
    /** Back exists only from the review. */
    reviewBackPressed: {
      reducer(state, action: Stamped) {
        if (state.step !== 'deposit-review') return;
        state.savedAt = action.meta.at;
        forgetAttempt(state);
        state.step = 'root';
      },
      prepare: stampOnly,
    },
    /**
     * Try again on a failure screen: back to the review of the same attempt (same intent, same key) when there is
     * one, else to the amount step.
     */
    tryAgainChosen: {
      reducer(state, action: Stamped) {
        if (!isResult(state.step)) return;
        state.savedAt = action.meta.at;
        const sameAttempt = (state.intentId !== null || isRecurring(state.frequency)) && !TRY_AGAIN_FROM_AMOUNT.includes(state.step);
        state.outcome = null;
        if (sameAttempt) {
          state.step = 'deposit-review';
        } else {
          forgetAttempt(state);
          state.step = 'root';
        }
      },
      prepare: stampOnly,
    },
    /** Closing (Done, Dismiss, the close button) ends the draft. */
    depositFlowClosed() {
      return initialDepositDraft;
    },
  },
  // Signing out ends the draft too: it names the customer's accounts and methods, and it is persisted.
  extraReducers: (builder) => {
    builder.addMatcher(signedOut, () => initialDepositDraft);
  },
  selectors: {
    selectDepositDraft: (state) => state,
    selectDepositStep: (state) => state.step,
    selectDepositLimitDialog: (state) => state.limitDialog,
  },
});

/** Injected over depositDraftHolder (same key and state) when this module loads: the deposit flows' chunks. */
export const depositDraftSlice = depositDraftSliceDefinition.injectInto(rootReducer, { overrideExisting: true });

export const {
  depositFlowOpened,
  amountCommitted,
  sourceChosen,
  destinationChosen,
  scheduleChosen,
  iraContributionYearChosen,
  depositIntentCreated,
  recurringReviewOpened,
  depositInitiateFailed,
  confirmPressed,
  depositFinished,
  depositLimitExceeded,
  limitDialogDismissed,
  limitAmountEdited,
  limitBankChosen,
  reviewBackPressed,
  tryAgainChosen,
  depositFlowClosed,
} = depositDraftSlice.actions;
export const { selectDepositDraft, selectDepositStep, selectDepositLimitDialog } = depositDraftSlice.selectors;
