import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';
import { DEBIT_CARD_MAX_ADDRESS_ATTEMPTS, FundingErrorCode, FundingMessages } from '../../api/contract/values';
import type { CardBrand } from '../../api/contract/sandboxCards';
import {
  cardProviderFailure,
  debitCardErrorOutcome,
  isPassingFailure,
  type DebitCardErrorOutcome,
  type DebitCardFailure,
} from './debitCardErrors';
import { addressChangeRefused, addressChangeSent, debitCardFlowClosed, debitCardLinked } from './debitCardEvents';

export { addressChangeRefused, addressChangeSent, debitCardFlowClosed, debitCardLinked };

/**
 * Steps of the debit-card flow (funding-methods.md 2.7 and 4.4). Client state only, and never card data:
 * the card stays in the card provider; the brand is kept only to title the error modal.
 */
export type DebitCardScreen =
  'idle' | 'cardEntry' | 'address' | 'verificationSent' | 'confirmingAddress' | 'success' | 'error' | 'maxAttempts';

export interface DebitCardState {
  screen: DebitCardScreen;
  mode: 'add' | 'replace';
  replacePaymentMethodId: string | null;
  /** Grows each time card entry starts: every card entry asks the server for a fresh setup intent. */
  cardEntryRound: number;
  brand: CardBrand | null;
  error: DebitCardErrorOutcome | null;
  /** Why the address form is shown (the server's text), if it was an error that sent the customer there. */
  addressReason: string | null;
  verificationEmailSent: boolean;
  /** The address was just verified through the emailed link: card entry says so. */
  addressVerified: boolean;
  linkedCardName: string | null;
  /**
   * Confirming the emailed address link failed without a definite answer (no answer, our side failed, slow down):
   * the link may still be unused, so Try Again sends the same confirmation again instead of starting card entry.
   */
  retryAddressConfirmation: boolean;
}

/** The spec has no text for this case; it says what happened and what the button does. */
export const ADDRESS_CONFIRMATION_RETRY_MESSAGE = "We couldn't confirm your new address just now. Please try again.";

export const initialDebitCardState: DebitCardState = {
  screen: 'idle',
  mode: 'add',
  replacePaymentMethodId: null,
  cardEntryRound: 0,
  brand: null,
  error: null,
  addressReason: null,
  verificationEmailSent: false,
  addressVerified: false,
  linkedCardName: null,
  retryAddressConfirmation: false,
};

export interface FlowStartedPayload {
  replacePaymentMethodId?: string | null;
  /** Entered from the address-verification email (auv): confirm the address first. */
  withAddressToken?: boolean;
}

export interface FailurePayload<E> {
  error: E;
  /** Address-change attempts stored so far (the persisted debitCardAttempts count). */
  addressAttempts: number;
}

function startCardEntry(state: DebitCardState) {
  state.screen = 'cardEntry';
  state.cardEntryRound += 1;
  state.error = null;
}

/** Where an outcome leads: the address form (or max attempts once they are used up), else the error modal. */
function applyOutcome(state: DebitCardState, outcome: DebitCardErrorOutcome, addressAttempts: number) {
  if (outcome.action === 'updateAddress') {
    state.screen = addressAttempts >= DEBIT_CARD_MAX_ADDRESS_ATTEMPTS ? 'maxAttempts' : 'address';
    state.addressReason = outcome.message;
    state.error = null;
    return;
  }
  state.screen = 'error';
  state.error = outcome;
}

const debitCardSliceDefinition = createSlice({
  name: 'debitCard',
  initialState: initialDebitCardState,
  reducers: {
    debitCardFlowStarted(state, action: PayloadAction<FlowStartedPayload>) {
      const replaceId = action.payload.replacePaymentMethodId ?? null;
      Object.assign(state, initialDebitCardState, {
        cardEntryRound: state.cardEntryRound,
        mode: replaceId ? 'replace' : 'add',
        replacePaymentMethodId: replaceId,
      });
      if (action.payload.withAddressToken) state.screen = 'confirmingAddress';
      else startCardEntry(state);
    },
    cardBrandDetected(state, action: PayloadAction<CardBrand>) {
      state.brand = action.payload;
    },
    /** Stripe.js refused the card in the browser (decline, expired, wrong CVC...). */
    cardSetupRefused(state, action: PayloadAction<FailurePayload<{ code: string; message: string }>>) {
      applyOutcome(state, debitCardErrorOutcome(cardProviderFailure(action.payload.error)), action.payload.addressAttempts);
    },
    /** Our server refused to link (or replace) the card. */
    debitCardLinkFailed(state, action: PayloadAction<FailurePayload<DebitCardFailure>>) {
      applyOutcome(state, debitCardErrorOutcome(action.payload.error), action.payload.addressAttempts);
    },
    addressConfirmed(state) {
      state.addressVerified = true;
      state.addressReason = null;
      startCardEntry(state);
    },
    addressConfirmationFailed(state, action: PayloadAction<DebitCardFailure>) {
      state.screen = 'error';
      if (isPassingFailure(action.payload)) {
        const outcome = debitCardErrorOutcome(action.payload);
        state.retryAddressConfirmation = true;
        state.error = {
          ...outcome,
          message: outcome.message === FundingMessages.debitCardDefault ? ADDRESS_CONFIRMATION_RETRY_MESSAGE : outcome.message,
        };
        return;
      }
      state.retryAddressConfirmation = false;
      state.error = debitCardErrorOutcome({
        ...action.payload,
        errorCode: action.payload.errorCode ?? FundingErrorCode.ADDRESS_TOKEN_INVALID,
      });
    },
    /** 'Add your address' on the no-address blocker: the address form, saying why it is asked for. */
    addressEntryChosen(state, action: PayloadAction<{ reason: string }>) {
      state.screen = 'address';
      state.addressReason = action.payload.reason;
      state.error = null;
    },
    tryAgainChosen(state) {
      if (state.retryAddressConfirmation) {
        state.retryAddressConfirmation = false;
        state.screen = 'confirmingAddress';
        state.error = null;
        return;
      }
      startCardEntry(state);
      state.addressVerified = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(debitCardLinked, (state, action) => {
        state.screen = 'success';
        state.error = null;
        state.linkedCardName = action.payload.displayName;
      })
      .addCase(addressChangeSent, (state) => {
        state.screen = 'verificationSent';
        state.verificationEmailSent = true;
      })
      .addCase(addressChangeRefused, (state, action) => {
        if (action.payload.errorCode === FundingErrorCode.ADDRESS_ATTEMPTS_EXCEEDED) state.screen = 'maxAttempts';
      })
      .addCase(debitCardFlowClosed, (state) => {
        Object.assign(state, initialDebitCardState, { cardEntryRound: state.cardEntryRound });
      });
  },
  selectors: {
    selectDebitCardFlow: (state) => state,
    selectDebitCardScreen: (state) => state.screen,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof debitCardSliceDefinition> {}
}

/**
 * Injected into the root reducer when the debit-card flow's chunk loads, so the first bundle does not carry
 * it; its selectors answer the initial state until then.
 */
export const debitCardSlice = debitCardSliceDefinition.injectInto(rootReducer);

export const {
  debitCardFlowStarted,
  cardBrandDetected,
  cardSetupRefused,
  debitCardLinkFailed,
  addressConfirmed,
  addressConfirmationFailed,
  addressEntryChosen,
  tryAgainChosen,
} = debitCardSlice.actions;
export const { selectDebitCardFlow, selectDebitCardScreen } = debitCardSlice.selectors;
