import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';
import { NUMBER_LINK_MAX_ATTEMPTS, FundingErrorCode, type LinkOption } from '../../api/contract/values';

/**
 * The link-bank flow of funding-methods.md 2.4 and 4.1 as client state: which step is shown, how the
 * customer got there (for back), what they picked and why a link failed. Server data (institutions,
 * the linked method) stays in the RTK Query cache; the full account number never comes here.
 */

export const BANK_LINK_STEPS = [
  'bank-selector',
  'link-choice',
  'partner-link',
  'number-link',
  'number-bank-verification',
  'number-link-error',
  'bank-link-fallbacks',
  'bank-link-success',
] as const;
export type BankLinkStep = (typeof BANK_LINK_STEPS)[number];

export type BankLinkPresentation = 'modal' | 'page';

/** What the fallback screen can offer: another funding method, or the other way to link this bank. */
export const FALLBACK_OPTIONS = ['PLAID', 'VERIFICATION_SERVICE', 'DEBIT_CARD', 'MICRO_DEPOSIT', 'WIRE_TRANSFER'] as const;
export type FallbackOption = (typeof FALLBACK_OPTIONS)[number];

/**
 * Which title and body the fallback screen shows (FundingMessages.fallbackTryAnother* or fallbackWentWrong*):
 * 'tryAnother' when the bank cannot be linked this way (unsupported, unverifiable, out of retries),
 * 'wentWrong' when something failed unexpectedly (the partner exited with an error, the server failed).
 */
export type FallbackVariant = 'tryAnother' | 'wentWrong';

export interface SelectedInstitution {
  id: string;
  name: string;
  linkOptions: LinkOption[];
  oauth: boolean;
}

/** What the customer typed on the number-link step, minus the account number (only its last 4 digits). */
export interface NumberLinkEntry {
  routingNumber: string;
  accountLast4: string;
  /** The bank found by routing number, or null when the lookup failed or found nothing. */
  bankName: string | null;
}

/** A refusal the customer must read (duplicate bank, addition limits): shown on the current step. */
export interface LinkRefusal {
  errorCode: string;
  message: string;
}

export interface BankLinkState {
  presentation: BankLinkPresentation;
  highYieldOnly: boolean;
  /**
   * What the bank search shows results for: the search field's text once typing pauses
   * (SEARCH_DEBOUNCE_MS), so a replay shows the same search and Back to the search keeps it.
   */
  searchTerm: string;
  step: BankLinkStep;
  /** Steps before the current one, oldest first; back pops the last. */
  history: BankLinkStep[];
  institution: SelectedInstitution | null;
  /** Providers that failed in this flow; they are no longer offered as fallbacks. */
  failedProviders: LinkOption[];
  fallbackVariant: FallbackVariant;
  /** Failed number-link attempts so far (NUMBER_LINK_MAX_ATTEMPTS: one retry, then fallbacks). */
  numberLinkFailures: number;
  numberLink: NumberLinkEntry | null;
  refusal: LinkRefusal | null;
  linkedPaymentMethodId: string | null;
  /** The number link is waiting for the server: the bank lookup after Next, or the link itself. */
  numberLinkRequest: 'lookup' | 'link' | null;
  /**
   * Why number-link-error is shown when it was not the numbers: the message of an outage (a server error,
   * a rate limit, a dropped connection, a time-out). Null when the server refused the numbers themselves.
   */
  numberLinkOutage: string | null;
}

export const initialBankLinkState: BankLinkState = {
  presentation: 'modal',
  highYieldOnly: false,
  searchTerm: '',
  step: 'bank-selector',
  history: [],
  institution: null,
  failedProviders: [],
  fallbackVariant: 'tryAnother',
  numberLinkFailures: 0,
  numberLink: null,
  refusal: null,
  linkedPaymentMethodId: null,
  numberLinkRequest: null,
  numberLinkOutage: null,
};

function goTo(state: BankLinkState, step: BankLinkStep) {
  if (state.step !== step) state.history.push(state.step);
  state.step = step;
  state.refusal = null;
}

function showFallbacks(state: BankLinkState, variant: FallbackVariant, failed?: LinkOption) {
  if (failed && !state.failedProviders.includes(failed)) state.failedProviders.push(failed);
  state.fallbackVariant = variant;
  goTo(state, 'bank-link-fallbacks');
}

export interface FlowOpenedPayload {
  presentation: BankLinkPresentation;
  highYieldOnly?: boolean;
  /** Back from the bank's own site (OAuth): go straight to the partner for this institution. */
  oauthResumeInstitution?: SelectedInstitution;
}

const bankLinkSliceDefinition = createSlice({
  name: 'bankLink',
  initialState: initialBankLinkState,
  reducers: {
    flowOpened(_state, action: PayloadAction<FlowOpenedPayload>) {
      const { presentation, highYieldOnly = false, oauthResumeInstitution } = action.payload;
      const fresh: BankLinkState = { ...initialBankLinkState, presentation, highYieldOnly };
      if (oauthResumeInstitution) {
        return { ...fresh, institution: oauthResumeInstitution, step: 'partner-link', history: ['bank-selector'] };
      }
      return fresh;
    },

    /** The customer paused typing in the bank search: its results are for this text (trimmed). */
    bankSearched(state, action: PayloadAction<string>) {
      state.searchTerm = action.payload.trim();
    },

    /** Rule of 4.1: two providers → link-choice; partner only → partner-link; number only → number-link; neither → fallbacks. */
    institutionSelected(state, action: PayloadAction<SelectedInstitution>) {
      const institution = action.payload;
      state.institution = institution;
      state.failedProviders = [];
      state.numberLinkFailures = 0;
      state.numberLink = null;
      const partner = institution.linkOptions.includes('PLAID');
      const number = institution.linkOptions.includes('VERIFICATION_SERVICE');
      if (partner && number) goTo(state, 'link-choice');
      else if (partner) goTo(state, 'partner-link');
      else if (number) goTo(state, 'number-link');
      else showFallbacks(state, 'tryAnother');
    },

    linkProviderChosen(state, action: PayloadAction<LinkOption>) {
      goTo(state, action.payload === 'PLAID' ? 'partner-link' : 'number-link');
    },

    partnerLinkSucceeded(state, action: PayloadAction<{ paymentMethodId: string }>) {
      state.linkedPaymentMethodId = action.payload.paymentMethodId;
      goTo(state, 'bank-link-success');
    },

    /**
     * The widget closed. Without an error it is a cancel: back to the step before the partner. With an
     * error the partner is removed from the fallbacks and they are shown.
     */
    partnerLinkExited(state, action: PayloadAction<{ error: { code: string; description: string } | null }>) {
      if (action.payload.error) {
        showFallbacks(state, 'wentWrong', 'PLAID');
        return;
      }
      state.refusal = null;
      state.step = state.history.pop() ?? 'bank-selector';
    },

    /** The widget succeeded but our server could not link the account (not a refusal). */
    partnerLinkFailed(state, _action: PayloadAction<{ reason: string; description: string }>) {
      showFallbacks(state, 'wentWrong', 'PLAID');
    },

    /** Next on the number form: the bank is being looked up by routing number. */
    numberFormSubmitted(state) {
      state.numberLinkRequest = 'lookup';
    },

    /** The number form was submitted and the bank looked up; with a bank found, ask 'Is this the right account?'. */
    bankLookedUp(state, action: PayloadAction<NumberLinkEntry>) {
      state.numberLinkRequest = null;
      state.numberLink = action.payload;
      state.refusal = null;
      if (action.payload.bankName !== null) goTo(state, 'number-bank-verification');
    },

    /** The link by number was sent (after "Yes, link this account", or at once when no bank was found). */
    numberLinkSent(state) {
      state.numberLinkRequest = 'link';
    },

    numberLinkSucceeded(state, action: PayloadAction<{ paymentMethodId: string }>) {
      state.numberLinkRequest = null;
      state.linkedPaymentMethodId = action.payload.paymentMethodId;
      goTo(state, 'bank-link-success');
    },

    /**
     * Rule of 4.1: the first failure shows number-link-error (Try Again), unless the reason is 'unable to
     * verify account'; a failure once the retry is used, or that reason, removes the number link and
     * shows the fallbacks.
     */
    numberLinkFailed(state, action: PayloadAction<{ reason: string; description: string }>) {
      state.numberLinkRequest = null;
      state.numberLinkOutage = null;
      state.numberLinkFailures += 1;
      const unverifiable = action.payload.reason === FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT;
      if (!unverifiable && state.numberLinkFailures < NUMBER_LINK_MAX_ATTEMPTS) goTo(state, 'number-link-error');
      else showFallbacks(state, 'tryAnother', 'VERIFICATION_SERVICE');
    },

    /**
     * The link got no verdict on the numbers: our server failed, asked the customer to slow down, or the
     * connection dropped or timed out. Not the customer's mistake, so it does not use up one of the
     * NUMBER_LINK_MAX_ATTEMPTS; number-link-error shows the message with Try Again.
     */
    numberLinkUnavailable(state, action: PayloadAction<{ reason: string; message: string }>) {
      state.numberLinkRequest = null;
      state.numberLinkOutage = action.payload.message;
      goTo(state, 'number-link-error');
    },

    /** Try Again: back to the number form, with the verification and error steps gone from history. */
    tryAgainPressed(state) {
      if (state.step !== 'number-link-error') return;
      state.history = state.history.filter((step) => step !== 'number-bank-verification' && step !== 'number-link-error');
      if (state.history[state.history.length - 1] === 'number-link') state.history.pop();
      state.step = 'number-link';
      state.refusal = null;
      state.numberLinkOutage = null;
    },

    backPressed(state) {
      const previous = state.history.pop();
      if (previous === undefined) return;
      state.step = previous;
      state.refusal = null;
    },

    /** A fallback that stays inside the flow (the other link provider); the others leave the flow. */
    fallbackChosen(state, action: PayloadAction<FallbackOption>) {
      if (action.payload === 'PLAID') goTo(state, 'partner-link');
      else if (action.payload === 'VERIFICATION_SERVICE') {
        state.numberLinkFailures = 0;
        goTo(state, 'number-link');
      }
    },

    linkRefused(state, action: PayloadAction<LinkRefusal>) {
      state.numberLinkRequest = null;
      state.refusal = action.payload;
    },

    /** After a refusal at the partner: start again with another bank. */
    searchAgainPressed(state) {
      return { ...initialBankLinkState, presentation: state.presentation, highYieldOnly: state.highYieldOnly };
    },

    flowClosed(state) {
      return { ...initialBankLinkState, presentation: state.presentation, highYieldOnly: state.highYieldOnly };
    },
  },
  selectors: {
    selectBankLinkStep: (state) => state.step,
    selectBankLinkHistory: (state) => state.history,
    selectSelectedInstitution: (state) => state.institution,
    selectNumberLinkEntry: (state) => state.numberLink,
    selectLinkRefusal: (state) => state.refusal,
    selectLinkedPaymentMethodId: (state) => state.linkedPaymentMethodId,
    selectFallbackVariant: (state) => state.fallbackVariant,
    selectBankLinkPresentation: (state) => state.presentation,
    // An export from before the search was kept has no searchTerm: its search shows empty.
    selectBankSearchTerm: (state) => state.searchTerm ?? '',
    selectNumberLinkRequest: (state) => state.numberLinkRequest ?? null,
    // Likewise an export from before outages were told apart: its error step is a refusal of the numbers.
    selectNumberLinkOutage: (state) => state.numberLinkOutage ?? null,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof bankLinkSliceDefinition> {}
}

/**
 * Injected into the root reducer when the link-bank flow's chunk loads, so the first bundle does not carry
 * it; its selectors answer the initial state until then.
 */
export const bankLinkSlice = bankLinkSliceDefinition.injectInto(rootReducer);

/** The flow's state, or its initial state before the flow has loaded. */
export const selectBankLinkState = (state: Parameters<typeof bankLinkSlice.selectSlice>[0]) => bankLinkSlice.selectSlice(state);

export const {
  flowOpened,
  bankSearched,
  institutionSelected,
  linkProviderChosen,
  partnerLinkSucceeded,
  partnerLinkExited,
  partnerLinkFailed,
  numberFormSubmitted,
  bankLookedUp,
  numberLinkSent,
  numberLinkSucceeded,
  numberLinkFailed,
  numberLinkUnavailable,
  tryAgainPressed,
  backPressed,
  fallbackChosen,
  linkRefused,
  searchAgainPressed,
  flowClosed,
} = bankLinkSlice.actions;

export const {
  selectBankLinkStep,
  selectBankLinkHistory,
  selectSelectedInstitution,
  selectNumberLinkEntry,
  selectLinkRefusal,
  selectLinkedPaymentMethodId,
  selectFallbackVariant,
  selectBankLinkPresentation,
  selectBankSearchTerm,
  selectNumberLinkRequest,
  selectNumberLinkOutage,
} = bankLinkSlice.selectors;
