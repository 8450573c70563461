import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/** Which management dialog of the funding-methods screen is open, and for which method. */
export interface ManageFundingMethodsState {
  /** The method the remove confirmation (2.9) asks about. */
  removalId: string | null;
  /** The method being relinked through the partner (4.7). */
  relinkId: string | null;
}

const initialState: ManageFundingMethodsState = { removalId: null, relinkId: null };

const manageFundingMethodsSliceDefinition = createSlice({
  name: 'manageFundingMethods',
  initialState,
  reducers: {
    removalRequested(state, action: PayloadAction<string>) {
      state.removalId = action.payload;
    },
    /** Cancel, or the removal finished (either way the confirmation closes). */
    removalClosed(state) {
      state.removalId = null;
    },
    relinkRequested(state, action: PayloadAction<string>) {
      state.relinkId = action.payload;
    },
    relinkClosed(state) {
      state.relinkId = null;
    },
  },
  selectors: {
    selectRemovalId: (state) => state.removalId,
    selectRelinkId: (state) => state.relinkId,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof manageFundingMethodsSliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const manageFundingMethodsSlice = manageFundingMethodsSliceDefinition.injectInto(rootReducer);

export const { removalRequested, removalClosed, relinkRequested, relinkClosed } = manageFundingMethodsSlice.actions;
export const { selectRemovalId, selectRelinkId } = manageFundingMethodsSlice.selectors;
