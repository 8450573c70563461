import type { FeatureFlags } from './config';

export const ASSET_KINDS = ['stock', 'etf', 'crypto', 'alt', 'otc', 'treasuries', 'bond', 'options', 'other'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** The documented defaults the app runs with until the universal configuration answers. */
export const DEFAULT_FLAGS: FeatureFlags = {
  newerSettingsLayout: true,
  newPortfolioLayout: false,
  cashAccountFeatures: true,
  recurringDeposits: true,
  oneTimeFundingPlan: false,
  brokerageFundingPlan: false,
  highYield: false,
  iraMatchPercent: 1,
  brokerageMatchPercent: 0,
  fundingFlowsAsModal: true,
  dcfLimit: 2500,
};

export const FLAG_LOAD_TIMEOUT_MS = 3000;
