import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, InvestingProfile, InvestingProfileResponse, investingProfileProblems, ProfileErrorCode } from '../../../api/contract';
import { requireUser } from '../../domain/sessions';
import { ApiError } from '../../errors';
import { findInvestingProfile, saveInvestingProfile } from '../../repositories/profile';
import type { RouteDeps } from '../routeDeps';

/** The customer's investing profile: read it, or replace it whole. */
export function investingProfileRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: InvestingProfileResponse }>(
      ApiPaths.profileInvestingProfile,
      { schema: { response: { 200: InvestingProfileResponse } } },
      async (request) => {
        const row = await findInvestingProfile(db, request.userId);
        if (!row) return { profile: null, updatedAt: null };
        return {
          profile: {
            investmentObjective: row.investment_objective,
            riskTolerance: row.risk_tolerance,
            timeHorizon: row.time_horizon,
            investmentExperience: row.investment_experience,
            liquidityNeeds: row.liquidity_needs,
            annualIncome: row.annual_income,
            netWorth: row.net_worth,
            liquidNetWorth: row.liquid_net_worth,
          },
          updatedAt: row.updated_at.toISOString(),
        };
      },
    );

    app.put<{ Body: InvestingProfile; Reply: InvestingProfileResponse }>(
      ApiPaths.profileInvestingProfile,
      { schema: { body: InvestingProfile, response: { 200: InvestingProfileResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const profile = request.body;
        const problems = investingProfileProblems(profile);
        if (problems.length > 0) throw new ApiError(400, ProfileErrorCode.INVESTING_PROFILE_INVALID, problems[0].message);
        const now = clock.now();
        await saveInvestingProfile(db, user.id, {
          investment_objective: profile.investmentObjective,
          risk_tolerance: profile.riskTolerance,
          time_horizon: profile.timeHorizon,
          investment_experience: profile.investmentExperience,
          liquidity_needs: profile.liquidityNeeds,
          annual_income: profile.annualIncome,
          net_worth: profile.netWorth,
          liquid_net_worth: profile.liquidNetWorth,
          updated_at: now,
        });
        return { profile, updatedAt: now.toISOString() };
      },
    );
  };
}
