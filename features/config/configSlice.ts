import { createSelector, createSlice } from '@reduxjs/toolkit';
import { configApi } from '../../api/configApi';

/**
 * Flags decide routes (the newer-settings mapping), so the app waits for the universal configuration,
 * but never longer than FLAG_LOAD_TIMEOUT_MS: then it goes on with DEFAULT_FLAGS and applies the
 * answer whenever it arrives. The time-out is an action so time travel replays it.
 */
export const configSlice = createSlice({
  name: 'config',
  initialState: { waitExpired: false },
  reducers: {
    configWaitExpired(state) {
      state.waitExpired = true;
    },
  },
  selectors: { selectConfigWaitExpired: (state) => state.waitExpired },
});

export const { configWaitExpired } = configSlice.actions;
const selectConfigResult = configApi.endpoints.getConfig.select();

export const selectConfigSettled = createSelector(
  [selectConfigResult, configSlice.selectors.selectConfigWaitExpired],
  (result, waitExpired) => waitExpired || result.isSuccess || result.isError,
);
