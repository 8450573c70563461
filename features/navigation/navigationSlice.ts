import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The address the customer is on, as the router last reported it. The router stays the source of truth in
 * the app; this copy makes the route part of the recorded state, so DevTools time travel and a support
 * replay know which page each recorded state was shown on.
 */
export interface NavigationState {
  pathname: string;
  search: string;
  hash: string;
}

const initialState: NavigationState = { pathname: '/', search: '', hash: '' };

export const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    locationChanged(state, action: PayloadAction<NavigationState>) {
      const { pathname, search, hash } = action.payload;
      return state.pathname === pathname && state.search === search && state.hash === hash ? state : { pathname, search, hash };
    },
  },
  selectors: {
    selectLocation: (state) => state,
    selectHref: (state) => `${state.pathname}${state.search}${state.hash}`,
  },
});

export const { locationChanged } = navigationSlice.actions;
export const { selectLocation, selectHref } = navigationSlice.selectors;
