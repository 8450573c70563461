import { depositsApi } from '../../api/depositsApi';
import type { Account, DepositQuote } from '../../api/contract';
import { ApiErrorCode, centsToMoney, moneyToCents, recurringStartDate } from '../../api/contract/values';
import { isApiError, serverMessage } from '../../api/apiError';
import type { AppDispatch, AppThunk, RootState } from '../../store/store';
import { analyticsEventRecorded } from '../analytics/analyticsSlice';
import {
  amountCommitted,
  confirmPressed,
  depositFinished,
  depositFlowClosed,
  depositFlowOpened,
  depositInitiateFailed,
  depositIntentCreated,
  depositLimitExceeded,
  destinationChosen,
  recurringReviewOpened,
  selectDepositDraft,
  sourceChosen,
  type DepositFlowOpenedPayload,
  type DepositOutcome,
  type MadeDeposit,
  type DepositDraftState,
  type DepositResultScreen,
  type DepositStep,
} from './depositDraftSlice';
import {
  depositOutcomeScreen,
  failureTarget,
  initialDestination,
  isDraftRecent,
  isRecurringFrequency,
  linkSchedule,
  RECURRING_CREATED_SCREEN,
} from './depositRules';
import {
  DEPOSIT_REQUEST_KEYS,
  selectIsHighYieldDestination,
  selectMethodOptions,
  selectDepositNextState,
  selectSourceToPreselect,
} from './depositSelectors';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectCurrentUser } from '../session/sessionSlice';
import { marketTodayFor } from '../config/marketClock';
import { nextBusinessDay } from '../../api/contract/bankCalendar';

/**
 * The deposit flow's transitions that talk to the server (section 4): Next creates the intent (or goes straight
 * to review for a recurring deposit), Confirm confirms it with the draft's idempotency key (or creates the
 * schedule), and the answer or the error code picks the result screen. Reducers stay pure; the calls and the
 * analytics events of flow=recurring-deposit live here.
 */

/** The flow=recurring-deposit entry records extra analytics events along the way. */
export const RECURRING_FLOW = 'recurring-deposit';
export const DepositAnalytics = {
  opened: 'recurring_deposit_flow_opened',
  reviewViewed: 'recurring_deposit_review_viewed',
  confirmPressed: 'recurring_deposit_confirm_pressed',
  result: 'recurring_deposit_flow_result',
} as const;

function recordFlowEvent(
  dispatch: AppDispatch,
  draft: DepositDraftState,
  name: string,
  extra: Record<string, string | number | null> = {},
) {
  if (draft.flow !== RECURRING_FLOW) return;
  dispatch(
    analyticsEventRecorded(name, {
      frequency: draft.frequency,
      sourceType: draft.source?.fundingSourceType ?? null,
      step: draft.step,
      ...extra,
    }),
  );
}

/**
 * The flow opened (a route, a link, the regularDeposit flag) at `now` (ISO 8601). A link always wins over the
 * draft: what it names replaces the draft's fields; the draft's other choices, and its step (a review included),
 * are kept only when the customer changed it within DRAFT_KEPT_MINUTES; an older draft gives way to a new one.
 */
export const openDepositFlow =
  (request: Omit<DepositFlowOpenedPayload, 'draftId' | 'resume'>, now: string): AppThunk =>
  (dispatch, getState) => {
    const before = selectDepositDraft(getState());
    dispatch(depositFlowOpened({ ...request, resume: isDraftRecent(before.savedAt, now) }));
    const draft = selectDepositDraft(getState());
    if (draft.draftId !== before.draftId) recordFlowEvent(dispatch, draft, DepositAnalytics.opened);
  };

/**
 * The deposit flow's accounts arrived: open (or resume) the draft, so ?destination= (or ?account=) can be resolved
 * against them; a link's schedule and flow come along. A draft without a destination then takes the one the rules
 * pick (initialDestination: the link's, else the account on show, else the first eligible one).
 */
export const depositAccountsArrived =
  (accounts: Account[], link: URLSearchParams, now: string): AppThunk =>
  (dispatch, getState) => {
    const destination = link.get('destination');
    const accountDigits = link.get('account');
    const explicit = destination !== null || accountDigits !== null;
    const resolved = initialDestination({
      accounts,
      destination,
      accountDigits,
      selectedAccountUuid: selectSelectedAccount(getState())?.accountUuid ?? null,
      applicationStatus: selectCurrentUser(getState())?.applicationStatus ?? null,
    });
    dispatch(
      openDepositFlow(
        {
          destinationAccountUuid: explicit ? (resolved?.accountUuid ?? null) : null,
          ...linkSchedule(link),
          flow: link.get('flow'),
        },
        now,
      ),
    );
    if (!selectDepositDraft(getState()).destinationAccountUuid && resolved) dispatch(destinationChosen(resolved.accountUuid));
  };

/**
 * The linked methods arrived for a draft still on its first step (or changed: a relink in place): preselect its
 * source. `requestedId` (a link's ?id=, only the first time for a draft without a source) wins when that payment
 * method is usable; else the preselect rule (selectSourceToPreselect), which keeps a usable choice.
 */
export const depositMethodsArrived =
  (requestedId: string | null, now: string): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const requested = requestedId
      ? selectMethodOptions(state).find((option) => option.method.id === requestedId && option.disabledReason === null)?.method
      : undefined;
    if (requested) {
      dispatch(
        sourceChosen({
          kind: 'paymentMethod',
          id: requested.id,
          fundingSourceType: requested.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'ACH',
        }),
      );
      return;
    }
    const preselect = selectSourceToPreselect(state, now);
    if (preselect) dispatch(sourceChosen(preselect));
  };

/** The deposit flow closed (Done, Dismiss, Cancel, the close button): the draft is dropped; answers the step it closed from. */
export const depositFlowCloseChosen = (): AppThunk<DepositStep> => (dispatch, getState) => {
  const fromStep = selectDepositDraft(getState()).step;
  dispatch(depositFlowClosed());
  return fromStep;
};

/** The server's codes for an intent that can no longer be confirmed (docs/routes.md). */
const INTENT_EXPIRED = 'DEPOSIT_INTENT_EXPIRED';
const INTENT_NOT_FOUND = 'DEPOSIT_INTENT_NOT_FOUND';

const isExternal = (draft: DepositDraftState) => draft.source?.kind === 'paymentMethod';
const isTransfer = (draft: DepositDraftState) => draft.source?.kind === 'internalAccount';

/** Where a failure leads: the limit dialog, or a result screen with the server's message. */
function failed(dispatch: AppDispatch, getState: () => RootState, error: unknown, phase: 'initiate' | 'confirm') {
  const draft = selectDepositDraft(getState());
  const apiError = isApiError(error) ? error : null;
  const target = failureTarget(apiError, { externalSource: isExternal(draft), transfer: isTransfer(draft) });
  const message = serverMessage(error);
  if (target.kind === 'limitDialog') {
    dispatch(depositLimitExceeded({ message }));
    return;
  }
  const amountCents = draft.amountCents ?? 0;
  const code = apiError?.errorCode;
  // An expired or unknown intent cannot be confirmed again: Try again starts from the amount with a new one.
  const intentGone = code === INTENT_EXPIRED || code === INTENT_NOT_FOUND;
  if (phase === 'initiate' || intentGone) dispatch(depositInitiateFailed({ screen: target.screen, message, amountCents }));
  else {
    const attemptOver = Boolean(code) && code !== ApiErrorCode.INTERNAL;
    dispatch(depositFinished({ screen: target.screen, outcome: { depositId: null, amountCents, instantCents: 0, message }, attemptOver }));
  }
  recordFlowEvent(dispatch, selectDepositDraft(getState()), DepositAnalytics.result, { screen: target.screen });
}

const forNext = { fixedCacheKey: DEPOSIT_REQUEST_KEYS.next };
const forConfirm = { fixedCacheKey: DEPOSIT_REQUEST_KEYS.confirm };

/**
 * Next on the deposit funds screen, with the amount the customer typed (integer cents). With `split`, an amount
 * over what is left of the day's bank limit becomes two deposits (splitOverBankRoom): the intent is today's room,
 * and the rest is scheduled for the next business day at Confirm.
 */
export const depositNextPressed =
  (amountCents: number, options: { split?: boolean } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    dispatch(amountCommitted(amountCents));
    const draft = selectDepositDraft(getState());
    const { source, destinationAccountUuid } = draft;
    if (!source || !destinationAccountUuid) return;
    // The split is the one the amount step offered: the same selector decides both.
    const parts = options.split ? selectDepositNextState(getState(), amountCents).split : null;
    if (isRecurringFrequency(draft.frequency)) {
      dispatch(recurringReviewOpened());
      recordFlowEvent(dispatch, selectDepositDraft(getState()), DepositAnalytics.reviewViewed);
      return;
    }
    const amount = centsToMoney(parts ? parts.nowCents : amountCents);
    try {
      const intent: { id: string; quote?: DepositQuote } =
        source.kind === 'internalAccount'
          ? await dispatch(
              depositsApi.endpoints.initiateTransfer.initiate(
                {
                  sourceAccountUuid: source.id,
                  destinationAccountUuid,
                  amount,
                  iraContributionYear: draft.iraContributionYear,
                },
                forNext,
              ),
            ).unwrap()
          : await dispatch(
              depositsApi.endpoints.initiateDeposit.initiate(
                {
                  paymentMethodId: source.id,
                  accountUuid: destinationAccountUuid,
                  amount,
                  iraContributionYear: draft.iraContributionYear,
                },
                forNext,
              ),
            ).unwrap();
      const quote = intent.quote ?? null;
      const split = parts ? { ...parts, laterOn: quote?.batchDay ? nextBusinessDay(quote.batchDay) : null } : null;
      dispatch(depositIntentCreated({ intentId: intent.id, quote, split }));
      recordFlowEvent(dispatch, selectDepositDraft(getState()), DepositAnalytics.reviewViewed);
    } catch (error) {
      failed(dispatch, getState, error, 'initiate');
    }
  };

/** Confirm on the review: one request per attempt, keyed by the draft's idempotency key. */
export const depositConfirmPressed = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  dispatch(confirmPressed());
  const draft = selectDepositDraft(getState());
  const { source, destinationAccountUuid, idempotencyKey, amountCents } = draft;
  if (!source || !destinationAccountUuid || !idempotencyKey || amountCents === null) return;
  recordFlowEvent(dispatch, draft, DepositAnalytics.confirmPressed);
  const finish = (screen: DepositResultScreen, outcome: Omit<DepositOutcome, 'message'>) => {
    dispatch(depositFinished({ screen, outcome: { ...outcome, message: null }, attemptOver: true }));
    recordFlowEvent(dispatch, selectDepositDraft(getState()), DepositAnalytics.result, { screen });
  };
  try {
    if (isRecurringFrequency(draft.frequency)) {
      const { recurringDeposit } = await dispatch(
        depositsApi.endpoints.createRecurringDeposit.initiate(
          {
            accountUuid: destinationAccountUuid,
            idempotencyKey,
            recurringDeposit: {
              amount: centsToMoney(amountCents),
              fundingSourceId: source.id,
              fundingSourceType: source.fundingSourceType,
              startDate: recurringStartDate(await marketTodayFor(dispatch, getState)),
              schedule: { frequency: draft.frequency, dayOfWeek: draft.dayOfWeek, dayOfMonth: draft.dayOfMonth },
              iraContributionYear: draft.iraContributionYear,
            },
          },
          forConfirm,
        ),
      ).unwrap();
      finish(RECURRING_CREATED_SCREEN, { depositId: recurringDeposit.id, amountCents, instantCents: 0 });
      return;
    }
    if (!draft.intentId) return;
    const deposit =
      source.kind === 'internalAccount'
        ? await dispatch(depositsApi.endpoints.confirmTransfer.initiate({ id: draft.intentId, idempotencyKey }, forConfirm)).unwrap()
        : await dispatch(
            depositsApi.endpoints.confirmDeposit.initiate(
              { id: draft.intentId, accountUuid: destinationAccountUuid, idempotencyKey },
              forConfirm,
            ),
          ).unwrap();
    const screen = depositOutcomeScreen(deposit, { highYieldDestination: selectIsHighYieldDestination(getState()) });
    const { status, type, availableNow, availableLater, settlesOn, withdrawableOn, cancellableUntil } = deposit;
    const made: MadeDeposit = {
      status,
      type,
      availableNow,
      availableLater,
      settlesOn,
      withdrawableOn,
      cancellableUntil,
      card: source.fundingSourceType === 'DEBIT_CARD',
    };
    const outcome = {
      depositId: deposit.id,
      amountCents: moneyToCents(deposit.amount),
      instantCents: moneyToCents(deposit.instantAmount),
      made: source.kind === 'internalAccount' ? null : made,
    };
    const { split, splitKey } = selectDepositDraft(getState());
    if (!split || !splitKey || source.kind !== 'paymentMethod' || deposit.status !== 'CONFIRMED') {
      finish(screen, outcome);
      return;
    }
    // The first part is made (a repeat of its key answers the same deposit). Now the rest, under its own key: a
    // one-time deposit scheduled for the next business day, made that day against that day's limit.
    try {
      const { recurringDeposit } = await dispatch(
        depositsApi.endpoints.createRecurringDeposit.initiate(
          {
            accountUuid: destinationAccountUuid,
            idempotencyKey: splitKey,
            recurringDeposit: {
              amount: centsToMoney(split.laterCents),
              fundingSourceId: source.id,
              fundingSourceType: 'ACH',
              startDate: split.laterOn ?? recurringStartDate(await marketTodayFor(dispatch, getState)),
              schedule: { frequency: 'ONE_TIME' },
              iraContributionYear: draft.iraContributionYear,
            },
          },
          forConfirm,
        ),
      ).unwrap();
      finish(screen, {
        ...outcome,
        split: { laterCents: split.laterCents, laterOn: recurringDeposit.startDate, scheduledId: recurringDeposit.id, message: null },
      });
    } catch (error) {
      const code = isApiError(error) ? error.errorCode : undefined;
      dispatch(
        depositFinished({
          screen,
          outcome: {
            ...outcome,
            message: null,
            split: { laterCents: split.laterCents, laterOn: split.laterOn, scheduledId: null, message: serverMessage(error) },
          },
          attemptOver: false,
          // A refusal with its code is kept by the server under the key: a retry needs a new one. No answer keeps it.
          splitAttemptOver: Boolean(code) && code !== ApiErrorCode.INTERNAL,
        }),
      );
      recordFlowEvent(dispatch, selectDepositDraft(getState()), DepositAnalytics.result, { screen });
    }
  } catch (error) {
    failed(dispatch, getState, error, 'confirm');
  }
};
