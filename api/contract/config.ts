import { Type, type Static } from '@sinclair/typebox';
import { Obj } from './common';

/** Feature flags of the universal configuration; the app uses DEFAULT_FLAGS until the server answers (3 s time-out). */
export const FeatureFlags = Obj({
  newerSettingsLayout: Type.Boolean(),
  newPortfolioLayout: Type.Boolean(),
  cashAccountFeatures: Type.Boolean(),
  recurringDeposits: Type.Boolean(),
  oneTimeFundingPlan: Type.Boolean(),
  brokerageFundingPlan: Type.Boolean(),
  highYield: Type.Boolean(),
  iraMatchPercent: Type.Number({ minimum: 0, maximum: 100 }),
  brokerageMatchPercent: Type.Number({ minimum: 0, maximum: 100 }),
  fundingFlowsAsModal: Type.Boolean(),
  dcfLimit: Type.Integer({ minimum: 0, description: 'debit card lifetime limit in dollars' }),
});
export type FeatureFlags = Static<typeof FeatureFlags>;

export const MarketRestrictions = Type.Record(Type.String(), Type.Boolean({ description: 'true when trading the kind is restricted' }));

export const UniversalConfig = Obj({ flags: FeatureFlags, marketRestrictions: MarketRestrictions });
export type UniversalConfig = Static<typeof UniversalConfig>;
