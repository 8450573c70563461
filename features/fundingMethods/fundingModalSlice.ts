import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/** The funding modal states of funding-methods.md 4.2. */
export const FUNDING_MODALS = [
  'none',
  'ach',
  'addMethod',
  'debitCard',
  'deposit',
  'recurringDeposit',
  'microDeposit',
  'wireTransfer',
] as const;
export type FundingModal = (typeof FUNDING_MODALS)[number];

export interface FundingModalContext {
  /** bankLinkHighYield: the bank link offers only the two bank-link kinds as fallbacks. */
  highYieldOnly: boolean;
  /** addWithdrawalMethods: the choose-a-method screen hides wire transfer. */
  withdrawalMode: boolean;
  /** Debit card flow: the card being replaced, if any. */
  replacePaymentMethodId: string | null;
  /** Debit card flow entered after address verification. */
  auvToken: string | null;
}

export interface FundingModalState extends FundingModalContext {
  modal: FundingModal;
  /** The flow the customer started from; switching to another modal keeps it, exit clears it. */
  baseFlow: FundingModal;
}

const noContext: FundingModalContext = { highYieldOnly: false, withdrawalMode: false, replacePaymentMethodId: null, auvToken: null };
const initialState: FundingModalState = { modal: 'none', baseFlow: 'none', ...noContext };

export type FundingFlowRequest = { modal: Exclude<FundingModal, 'none'> } & Partial<FundingModalContext>;

const fundingModalSliceDefinition = createSlice({
  name: 'fundingModal',
  initialState,
  reducers: {
    /** A flow starts (a button, a query flag): it becomes the base flow. */
    fundingFlowOpened(_state, action: PayloadAction<FundingFlowRequest>) {
      const { modal, ...context } = action.payload;
      return { ...initialState, ...context, modal, baseFlow: modal };
    },
    /** The customer moves on to another modal from inside a flow (e.g. add method → bank link); the base flow stays. */
    fundingModalSwitched(state, action: PayloadAction<FundingFlowRequest>) {
      const { modal, ...context } = action.payload;
      if (state.baseFlow === 'none') state.baseFlow = modal;
      Object.assign(state, noContext, { highYieldOnly: state.highYieldOnly, withdrawalMode: state.withdrawalMode }, context);
      state.modal = modal;
    },
    /** A sub-flow finished: back to the flow the customer started from. */
    fundingModalReturnedToBase(state) {
      state.modal = state.baseFlow;
      state.replacePaymentMethodId = null;
      state.auvToken = null;
    },
    fundingFlowExited() {
      return initialState;
    },
  },
  selectors: {
    selectFundingModal: (state) => state.modal,
    selectFundingBaseFlow: (state) => state.baseFlow,
    selectFundingModalState: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof fundingModalSliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const fundingModalSlice = fundingModalSliceDefinition.injectInto(rootReducer);

export const { fundingFlowOpened, fundingModalSwitched, fundingModalReturnedToBase, fundingFlowExited } = fundingModalSlice.actions;
export const { selectFundingModal, selectFundingBaseFlow, selectFundingModalState } = fundingModalSlice.selectors;
