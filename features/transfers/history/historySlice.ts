import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../store/rootReducer';

/**
 * Client state of the transfers history page: which deposit's cancel confirmation is open. The deposits stay in
 * the RTK Query cache; the filter lives in the address (?status=pending) so it can be shared and survives reloads.
 * Injected when the page's chunk loads.
 */
export interface TransfersHistoryState {
  cancelDepositId: string | null;
}

const initialState: TransfersHistoryState = { cancelDepositId: null };

const transfersHistorySliceDefinition = createSlice({
  name: 'transfersHistory',
  initialState,
  reducers: {
    depositCancelRequested(state, action: PayloadAction<string>) {
      state.cancelDepositId = action.payload;
    },
    depositCancelClosed(state) {
      state.cancelDepositId = null;
    },
  },
  selectors: {
    selectDepositCancelId: (state) => state.cancelDepositId,
  },
});

declare module '../../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof transfersHistorySliceDefinition> {}
}

export const transfersHistorySlice = transfersHistorySliceDefinition.injectInto(rootReducer);
export const { depositCancelRequested, depositCancelClosed } = transfersHistorySlice.actions;
export const { selectDepositCancelId } = transfersHistorySlice.selectors;
