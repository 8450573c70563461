import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

export type NicknameMode = 'view' | 'edit' | 'confirmRemove';

/** The bank nickname modal (2.10, 4.6). What is typed stays in the form; the store holds the mode. */
export interface NicknameState {
  paymentMethodId: string | null;
  mode: NicknameMode;
}

const initialState: NicknameState = { paymentMethodId: null, mode: 'view' };

const nicknameSliceDefinition = createSlice({
  name: 'nickname',
  initialState,
  reducers: {
    /**
     * The modal opens in its view state (the saved name, 'Edit nickname', 'Remove'), which is what the spec shows
     * while the nickname is unchanged; `edit: true` opens the form straight away.
     */
    nicknameModalOpened(_state, action: PayloadAction<{ paymentMethodId: string; edit?: boolean }>) {
      return { paymentMethodId: action.payload.paymentMethodId, mode: action.payload.edit ? 'edit' : 'view' };
    },
    nicknameEditStarted(state) {
      state.mode = 'edit';
    },
    nicknameEditCanceled(state) {
      state.mode = 'view';
    },
    nicknameRemovalRequested(state) {
      state.mode = 'confirmRemove';
    },
    nicknameRemovalCanceled(state) {
      state.mode = 'view';
    },
    /** Saved or removed: back to the view of the new name. */
    nicknameUpdated(state) {
      state.mode = 'view';
    },
    nicknameModalClosed() {
      return initialState;
    },
  },
  selectors: {
    selectNickname: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof nicknameSliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const nicknameSlice = nicknameSliceDefinition.injectInto(rootReducer);

export const {
  nicknameModalOpened,
  nicknameEditStarted,
  nicknameEditCanceled,
  nicknameRemovalRequested,
  nicknameRemovalCanceled,
  nicknameUpdated,
  nicknameModalClosed,
} = nicknameSlice.actions;
export const { selectNickname } = nicknameSlice.selectors;
