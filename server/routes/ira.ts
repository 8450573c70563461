import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  centsToMoney,
  contributionYearsOpen,
  iraContributionDeadline,
  iraLimitCents,
  IRA_LIMITS_BY_YEAR,
  IRA_MATCH_HOLD_YEARS,
  IraConfiguration,
  IraContributionsQuery,
  IraContributionsResponse,
  iraRemainingCents,
} from '../../api/contract';
import { DepositRefusals } from '../domain/depositErrors';
import { firstIraYear, isIra } from '../domain/deposits';
import { marketDate } from '../../api/contract/bankCalendar';
import { requireUser } from '../domain/sessions';
import { resolveUniversalConfig } from '../domain/universalConfig';
import { readAppConfig } from '../repositories/appConfig';
import { findOwnAccount, iraContributionsOf } from '../repositories/deposits';
import type { RouteDeps } from './routeDeps';

/** Catch-up contributions start at this age (by the end of the tax year); `catchUpEligible` applies it. */
export const IRA_CATCH_UP_AGE = 50;

export function iraRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    // The IRS figures by tax year (IRA_LIMITS_BY_YEAR) with each year's filing deadline, and the match promotion.
    app.get<{ Reply: IraConfiguration }>(ApiPaths.iraConfiguration, { schema: { response: { 200: IraConfiguration } } }, async () => {
      const { config } = resolveUniversalConfig(await readAppConfig(db));
      const years = Object.keys(IRA_LIMITS_BY_YEAR)
        .map(Number)
        .sort((a, b) => b - a)
        .map((year) => {
          const limits = IRA_LIMITS_BY_YEAR[year];
          return {
            year,
            limit: centsToMoney(limits.limitCents),
            catchUp: centsToMoney(limits.catchUpCents),
            rothIncomeLimitSingle: centsToMoney(limits.rothIncomeLimitSingle * 100),
            rothIncomeLimitJoint: centsToMoney(limits.rothIncomeLimitJoint * 100),
            deadline: iraContributionDeadline(year),
          };
        });
      return { matchPercent: config.flags.iraMatchPercent, matchHoldYears: IRA_MATCH_HOLD_YEARS, catchUpAge: IRA_CATCH_UP_AGE, years };
    });

    // Contributions per tax year for one of the customer's IRAs. Traditional and Roth share one limit, so
    // every year shows both; the years run from the customer's first IRA year to the current one.
    app.get<{ Querystring: IraContributionsQuery; Reply: IraContributionsResponse }>(
      ApiPaths.iraContributions,
      { schema: { querystring: IraContributionsQuery, response: { 200: IraContributionsResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const account = await findOwnAccount(db, user.id, request.query.accountUuid);
        if (!account || !isIra(account)) throw DepositRefusals.accountNotFound();
        const today = marketDate(clock.now());
        const firstYear = firstIraYear(user);
        const currentYear = Number(today.slice(0, 4));
        const yearlyContributions = [];
        for (let year = currentYear; year >= firstYear; year -= 1) {
          const { traditionalCents, rothCents } = await iraContributionsOf(db, user.id, year);
          const total = traditionalCents + rothCents;
          yearlyContributions.push({
            year,
            totalContributions: centsToMoney(total),
            traditionalContributionAmount: centsToMoney(traditionalCents),
            rothContributionAmount: centsToMoney(rothCents),
            limitContributionAmount: centsToMoney(iraLimitCents(year, user.birth_date)),
            remainingAmount: centsToMoney(iraRemainingCents(year, user.birth_date, total)),
            cutOffDate: iraContributionDeadline(year),
          });
        }
        return { availableYears: contributionYearsOpen(today, firstYear), yearlyContributions };
      },
    );
  };
}
