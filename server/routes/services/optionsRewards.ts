import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, centsToMoney, OptionsRebateResponse, OptionsReferralsResponse } from '../../../api/contract';
import { derivedReferralCode, OPTIONS_REBATE_CENTS_PER_CONTRACT, OPTIONS_REFERRAL_REWARD_CENTS } from '../../domain/servicesCommunity';
import { findOptionsRewards } from '../../repositories/community';
import type { RouteDeps } from '../routeDeps';

/** Options referrals and the options rebate at the spec's community-service paths (7.1). */
export function optionsRewardRoutes({ db }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: OptionsReferralsResponse }>(
      ApiPaths.optionsReferrals,
      { schema: { response: { 200: OptionsReferralsResponse } } },
      async (request) => {
        const row = await findOptionsRewards(db, request.userId);
        const code = row?.referral_code ?? derivedReferralCode(request.userId);
        const qualified = row?.qualified ?? 0;
        return {
          referrals: {
            referralCode: code,
            shareUrl: `https://fundflow.example/invite/${code}`,
            invited: row?.invited ?? 0,
            qualified,
            rewardPerReferral: centsToMoney(OPTIONS_REFERRAL_REWARD_CENTS),
            earned: centsToMoney(qualified * OPTIONS_REFERRAL_REWARD_CENTS),
          },
        };
      },
    );

    app.get<{ Reply: OptionsRebateResponse }>(
      ApiPaths.optionsRebate,
      { schema: { response: { 200: OptionsRebateResponse } } },
      async (request) => {
        const row = await findOptionsRewards(db, request.userId);
        const contracts = row?.contracts_this_month ?? 0;
        return {
          rebate: {
            ratePerContract: centsToMoney(OPTIONS_REBATE_CENTS_PER_CONTRACT),
            contractsThisMonth: contracts,
            earnedThisMonth: centsToMoney(contracts * OPTIONS_REBATE_CENTS_PER_CONTRACT),
            paidToDate: centsToMoney(row?.paid_to_date_cents ?? 0),
          },
        };
      },
    );
  };
}
