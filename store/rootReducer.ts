import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { sessionSlice } from '../features/session/sessionSlice';
import { accountSelectionSlice } from '../features/accountSelection/accountSelectionSlice';
import { toastsSlice } from '../features/notifications/toastsSlice';
import { configSlice } from '../features/config/configSlice';
import { analyticsSlice } from '../features/analytics/analyticsSlice';

export const rootReducer = combineSlices(
  api,
  sessionSlice,
  accountSelectionSlice,
  toastsSlice,
  configSlice,
  analyticsSlice,
);

export type RootState = ReturnType<typeof rootReducer>;
