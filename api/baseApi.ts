import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

export const TAG_TYPES = [
  'Session',
  'Account',
  'PaymentMethod',
  'Deposit',
  'RecurringDeposit',
  'IraContribution',
  'HighYieldAccount',
  'Config',
  'UserProperties',
  'Watchlist',
  'Theme',
  'UserSettings',
  'AcatDraft',
  'OptionsRewards',
  'Address',
  'Portfolio',
  'Treasury',
  'Withdrawal',
  'Document',
  'OnboardingApplication',
  'CryptoTransfer',
  'Profile',
  'Notification',
] as const;

/** The one api of the app; each area injects its endpoints (accountsApi.ts, paymentMethodsApi.ts, ...). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
