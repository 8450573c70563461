import type { UnknownAction } from '@reduxjs/toolkit';
import { bankLinkApi } from '../../api/bankLinkApi';
import { isApiError } from '../../api/apiError';
import { FundingMessages } from '../../api/contract/values';
import { analyticsEventRecorded } from '../analytics/analyticsSlice';
import type { AppThunk } from '../../store/store';
import { isRefusalCode, numbersRefused } from './bankLinkSelectors';
import {
  backPressed,
  flowClosed,
  numberLinkSent,
  numberLinkSucceeded,
  numberLinkFailed,
  numberLinkUnavailable,
  partnerLinkExited,
  partnerLinkFailed,
  linkRefused,
  selectBankLinkState,
  type BankLinkState,
  type LinkRefusal,
} from './bankLinkSlice';

/**
 * Thunks that move the flow and record its analytics events (2.4, 4.1, section 8: edit, cancel, fallback
 * page view, link failures with the provider's description). The reducers stay pure; the events are
 * recorded here, next to the transition that causes them.
 */

export const BankLinkAnalytics = {
  edit: 'bank_link_edit',
  cancel: 'bank_link_cancel',
  fallbackViewed: 'bank_link_fallback_viewed',
  linkFailed: 'bank_link_failed',
  refused: 'bank_link_refused',
  succeeded: 'bank_link_succeeded',
} as const;

/** Analytics property values are bounded by the contract (300 characters). */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

const flowProperties = (state: BankLinkState) => ({
  step: state.step,
  institutionId: state.institution?.id ?? null,
  presentation: state.presentation,
});

/** Dispatches a flow event and logs a fallback page view when it lands on the fallbacks. */
export const bankLinkTransition =
  (action: UnknownAction): AppThunk =>
  (dispatch, getState) => {
    const before = selectBankLinkState(getState()).step;
    dispatch(action);
    const after = selectBankLinkState(getState());
    if (after.step === 'bank-link-fallbacks' && before !== 'bank-link-fallbacks') {
      dispatch(
        analyticsEventRecorded(BankLinkAnalytics.fallbackViewed, {
          ...flowProperties(after),
          variant: after.fallbackVariant,
          failedProviders: after.failedProviders.join(',') || null,
        }),
      );
    }
  };

/** Back; leaving 'Is this the right account?' this way means the customer wants to edit the numbers. */
export const goBack = (): AppThunk => (dispatch, getState) => {
  const state = selectBankLinkState(getState());
  if (state.step === 'number-bank-verification') dispatch(analyticsEventRecorded(BankLinkAnalytics.edit, flowProperties(state)));
  dispatch(backPressed());
};

/** Closing the flow before success is a cancel. */
export const closeBankLink = (): AppThunk => (dispatch, getState) => {
  const state = selectBankLinkState(getState());
  if (state.step !== 'bank-link-success') dispatch(analyticsEventRecorded(BankLinkAnalytics.cancel, flowProperties(state)));
  dispatch(flowClosed());
};

/** The partner widget closed: a cancel without an error, a failure (with its description) with one. */
export const partnerExited =
  (error: { code: string; description: string } | null): AppThunk =>
  (dispatch, getState) => {
    const state = selectBankLinkState(getState());
    if (error) {
      dispatch(recordLinkFailed('PLAID', error.code, error.description));
    } else {
      dispatch(analyticsEventRecorded(BankLinkAnalytics.cancel, { ...flowProperties(state), provider: 'PLAID' }));
    }
    dispatch(bankLinkTransition(partnerLinkExited({ error })));
  };

/** The link failure event: which provider failed, why, and the (clipped) description. */
const recordLinkFailed =
  (provider: 'PLAID' | 'VERIFICATION_SERVICE', reason: string, description: string): AppThunk =>
  (dispatch, getState) => {
    dispatch(
      analyticsEventRecorded(BankLinkAnalytics.linkFailed, {
        ...flowProperties(selectBankLinkState(getState())),
        provider,
        reason,
        description: clip(description),
      }),
    );
  };

export const partnerFailed =
  (reason: string, description: string): AppThunk =>
  (dispatch) => {
    dispatch(recordLinkFailed('PLAID', reason, description));
    dispatch(bankLinkTransition(partnerLinkFailed({ reason, description })));
  };

export const numberLinkFailedTracked =
  (reason: string, description: string): AppThunk =>
  (dispatch) => {
    dispatch(recordLinkFailed('VERIFICATION_SERVICE', reason, description));
    dispatch(bankLinkTransition(numberLinkFailed({ reason, description })));
  };

/** The link by number got no answer on the numbers (an outage): recorded as a failure, told as ours. */
export const numberLinkUnavailableTracked =
  (reason: string, message: string): AppThunk =>
  (dispatch) => {
    dispatch(recordLinkFailed('VERIFICATION_SERVICE', reason, message));
    dispatch(numberLinkUnavailable({ reason, message }));
  };

/** A refusal (duplicate bank, limits) stays on the current step with its message. */
export const linkRefusedTracked =
  (refusal: LinkRefusal): AppThunk =>
  (dispatch, getState) => {
    dispatch(
      analyticsEventRecorded(BankLinkAnalytics.refused, { ...flowProperties(selectBankLinkState(getState())), reason: refusal.errorCode }),
    );
    dispatch(linkRefused(refusal));
  };

/**
 * 'Yes, link this account' (or numbers whose bank was not found): the numbers go to the server. The server's
 * refusal is told as a refusal; its verdict on the numbers counts as an attempt; an outage is told as ours.
 */
export const sendNumberLink =
  (routingNumber: string, account: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(numberLinkSent());
    try {
      // Untracked: the mutation's arguments (the full account number) are not kept in the store's cache.
      const answer = await dispatch(
        bankLinkApi.endpoints.linkByNumber.initiate({ routingNumber, bankAccount: account }, { track: false }),
      ).unwrap();
      dispatch(bankLinkTransition(numberLinkSucceeded({ paymentMethodId: answer.linkedPaymentMethod.id })));
      dispatch(analyticsEventRecorded(BankLinkAnalytics.succeeded, { provider: 'VERIFICATION_SERVICE' }));
    } catch (error) {
      const code = isApiError(error) ? error.errorCode : undefined;
      const message = isApiError(error) ? error.message : FundingMessages.tryAgain;
      const reason = code ?? (isApiError(error) ? String(error.status) : 'UNKNOWN');
      if (isRefusalCode(code)) dispatch(linkRefusedTracked({ errorCode: code ?? '', message }));
      // Only the server's verdict on the numbers counts as an attempt; an outage is told as ours.
      else if (numbersRefused(error)) dispatch(numberLinkFailedTracked(reason, message));
      else dispatch(numberLinkUnavailableTracked(reason, message));
    }
  };
