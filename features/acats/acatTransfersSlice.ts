import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/**
 * Client state of the account-transfers section (/settings/v2/transfers#acats): which transfer is open in the
 * editor and which one waits for a delete confirmation. The drafts themselves stay in the RTK Query cache.
 */
export interface AcatTransfersState {
  /** The draft open in the editor; null with `startingNew` for a transfer not saved yet. */
  editingDraftId: string | null;
  /** The editor is open on a new transfer: no draft exists until its first Save (none is left behind empty). */
  startingNew: boolean;
  deletingDraftId: string | null;
}

const initialState: AcatTransfersState = { editingDraftId: null, startingNew: false, deletingDraftId: null };

const acatTransfersSliceDefinition = createSlice({
  name: 'acatTransfers',
  initialState,
  reducers: {
    newTransferPressed(state) {
      state.startingNew = true;
      state.editingDraftId = null;
      state.deletingDraftId = null;
    },
    continuePressed(state, action: PayloadAction<string>) {
      state.editingDraftId = action.payload;
      state.startingNew = false;
      state.deletingDraftId = null;
    },
    editorClosed(state) {
      state.editingDraftId = null;
      state.startingNew = false;
    },
    deletePressed(state, action: PayloadAction<string>) {
      state.deletingDraftId = action.payload;
      state.editingDraftId = null;
      state.startingNew = false;
    },
    deleteDismissed(state) {
      state.deletingDraftId = null;
    },
  },
  selectors: {
    selectEditingDraftId: (state) => state.editingDraftId,
    selectStartingNewTransfer: (state) => state.startingNew,
    selectDeletingDraftId: (state) => state.deletingDraftId,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof acatTransfersSliceDefinition> {}
}

/** Injected when the section's chunk loads, so the first bundle does not carry it. */
export const acatTransfersSlice = acatTransfersSliceDefinition.injectInto(rootReducer);
export const { newTransferPressed, continuePressed, editorClosed, deletePressed, deleteDismissed } = acatTransfersSlice.actions;
export const { selectEditingDraftId, selectStartingNewTransfer, selectDeletingDraftId } = acatTransfersSlice.selectors;
