import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/**
 * Client state of the recurring-deposits manage list: which schedule's cancel confirmation is open. The
 * schedules themselves stay in the RTK Query cache. Injected when the list's chunk loads, so the first bundle
 * does not carry it.
 */

export interface RecurringDepositRef {
  accountUuid: string;
  recurringDepositId: string;
}

export interface RecurringDepositsState {
  cancelTarget: RecurringDepositRef | null;
}

const initialState: RecurringDepositsState = { cancelTarget: null };

const recurringDepositsSliceDefinition = createSlice({
  name: 'recurringDeposits',
  initialState,
  reducers: {
    recurringCancelRequested(state, action: PayloadAction<RecurringDepositRef>) {
      state.cancelTarget = action.payload;
    },
    /** The customer kept the schedule, or the cancellation finished (either way). */
    recurringCancelClosed(state) {
      state.cancelTarget = null;
    },
  },
  selectors: {
    selectRecurringCancelTarget: (state) => state.cancelTarget,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof recurringDepositsSliceDefinition> {}
}

export const recurringDepositsSlice = recurringDepositsSliceDefinition.injectInto(rootReducer);
export const { recurringCancelRequested, recurringCancelClosed } = recurringDepositsSlice.actions;
export const { selectRecurringCancelTarget } = recurringDepositsSlice.selectors;
export const recurringDepositsReducer = recurringDepositsSliceDefinition.reducer;
