import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { sessionSlice } from '../features/session/sessionSlice';
import { accountSelectionSlice } from '../features/accountSelection/accountSelectionSlice';
import { toastsSlice } from '../features/notifications/toastsSlice';
import { configSlice } from '../features/config/configSlice';
import { analyticsSlice } from '../features/analytics/analyticsSlice';
import { debitCardAttemptsSlice } from '../features/debitCard/debitCardAttemptsSlice';
import { depositDraftHolder } from '../features/deposits/depositDraftHolder';
import { navigationSlice } from '../features/navigation/navigationSlice';

/**
 * Slices that a flow's lazy chunk injects when it loads (`slice.injectInto(rootReducer)`), declared by
 * module augmentation in their own files; until then their selectors answer the initial state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Redux Toolkit's anchor for lazy slices: empty here, filled by each slice's declaration merging.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  api,
  sessionSlice,
  accountSelectionSlice,
  toastsSlice,
  configSlice,
  analyticsSlice,
  debitCardAttemptsSlice,
  // The persisted deposit draft, held until the deposit flow's chunk injects its slice over it.
  { depositDraft: depositDraftHolder },
  navigationSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
