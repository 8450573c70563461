import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/**
 * Client state of the account-transfers section (/settings/v2/transfers#acats): which transfer is open in the
 * editor and which one waits for a delete confirmation. The drafts themselves stay in the RTK Query cache.
 */
export interface AcatTransfersState {
  editingDraftId: string | null;
  deletingDraftId: string | null;
}

const initialState: AcatTransfersState = { editingDraftId: null, deletingDraftId: null };

const acatTransfersSliceDefinition = createSlice({
  name: 'acatTransfers',
  initialState,
  reducers: {
    continuePressed(state, action: PayloadAction<string>) {
      state.editingDraftId = action.payload;
      state.deletingDraftId = null;
    },
    editorClosed(state) {
      state.editingDraftId = null;
    },
    deletePressed(state, action: PayloadAction<string>) {
      state.deletingDraftId = action.payload;
      state.editingDraftId = null;
    },
    deleteDismissed(state) {
      state.deletingDraftId = null;
    },
  },
  selectors: {
    selectEditingDraftId: (state) => state.editingDraftId,
    selectDeletingDraftId: (state) => state.deletingDraftId,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof acatTransfersSliceDefinition> {}
}

/** Injected when the section's chunk loads, so the first bundle does not carry it. */
export const acatTransfersSlice = acatTransfersSliceDefinition.injectInto(rootReducer);
export const { continuePressed, editorClosed, deletePressed, deleteDismissed } = acatTransfersSlice.actions;
export const { selectEditingDraftId, selectDeletingDraftId } = acatTransfersSlice.selectors;
