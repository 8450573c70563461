import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { sessionSlice } from '../features/session/sessionSlice';
import { accountSelectionSlice } from '../features/accountSelection/accountSelectionSlice';
import { toastsSlice } from '../features/notifications/toastsSlice';
import { configSlice } from '../features/config/configSlice';
import { analyticsSlice } from '../features/analytics/analyticsSlice';
import { debitCardSlice } from '../features/debitCard/debitCardSlice';
import { debitCardAttemptsSlice } from '../features/debitCard/debitCardAttemptsSlice';
import { bankLinkSlice } from '../features/bankLink/bankLinkSlice';
import { fundingMethodsSlices } from '../features/fundingMethods/fundingMethodsSlices';

export const rootReducer = combineSlices(
  api,
  sessionSlice,
  accountSelectionSlice,
  toastsSlice,
  configSlice,
  analyticsSlice,
  debitCardSlice,
  debitCardAttemptsSlice,
  bankLinkSlice,
  ...fundingMethodsSlices,
);

export type RootState = ReturnType<typeof rootReducer>;
