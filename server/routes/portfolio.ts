import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, BondAccountYieldResponse, PortfolioParams, PortfolioResponse, TreasuryQuickPicksResponse } from '../../api/contract';
import { DepositRefusals } from '../domain/depositErrors';
import { accountBalance, BOND_ACCOUNT_YIELD_KEY, PERCENT_PATTERN, PORTFOLIO_REFRESH_MS, presentPosition } from '../domain/portfolio';
import { settleDueDeposits } from '../domain/settlement';
import { settleDueWithdrawals } from '../domain/withdrawals';
import { readAppConfig } from '../repositories/appConfig';
import { findOwnAccount } from '../repositories/deposits';
import { positionsOfAccount, treasuryQuickPicks } from '../repositories/portfolio';
import type { RouteDeps } from './routeDeps';

/**
 * Positions and balances of one of the customer's accounts (another customer's account, or an unknown one, is
 * 404 ACCOUNT_NOT_FOUND), the Treasury quick picks and the bond account's yield to maturity.
 */
export function portfolioRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Params: PortfolioParams; Reply: PortfolioResponse }>(
      ApiPaths.portfolio,
      { schema: { params: PortfolioParams, response: { 200: PortfolioResponse } } },
      async (request) => {
        const account = await findOwnAccount(db, request.userId, request.params.accountUuid);
        if (!account) throw DepositRefusals.accountNotFound();
        // Balances include every settlement that is due by now, even between two scheduler ticks.
        await settleDueDeposits(db, clock.now(), request.userId, deps.providers.moneyMovement, deps.providers.mailer);
        await settleDueWithdrawals(db, clock.now(), request.userId);
        const settled = (await findOwnAccount(db, request.userId, account.id))!;
        const balance = await accountBalance(db, request.userId, settled, clock.now());
        const rows = await positionsOfAccount(db, settled.id);
        return {
          accountUuid: settled.id,
          asOf: clock.now().toISOString(),
          balance,
          positions: rows.map((row) => presentPosition(row, settled.id)),
          millisecondsToWaitAfterLastResponse: PORTFOLIO_REFRESH_MS,
        };
      },
    );

    app.get<{ Reply: TreasuryQuickPicksResponse }>(
      ApiPaths.treasuryQuickPicks,
      { schema: { response: { 200: TreasuryQuickPicksResponse } } },
      async () => {
        const rows = await treasuryQuickPicks(db);
        const quickPicks = rows
          .filter((row) => PERCENT_PATTERN.test(row.yield_to_worst))
          .map((row) => ({
            cusip: row.cusip,
            name: row.name,
            term: row.term,
            maturityDate: row.maturity_date,
            yieldToWorst: row.yield_to_worst,
          }));
        const highest = quickPicks.reduce<string | null>(
          (best, pick) => (best === null || percentHundredths(pick.yieldToWorst) > percentHundredths(best) ? pick.yieldToWorst : best),
          null,
        );
        return { highestYieldToWorst: highest, quickPicks, asOf: clock.now().toISOString() };
      },
    );

    app.get<{ Reply: BondAccountYieldResponse }>(
      ApiPaths.bondAccountYield,
      { schema: { response: { 200: BondAccountYieldResponse } } },
      async () => {
        const stored = (await readAppConfig(db)).get(BOND_ACCOUNT_YIELD_KEY);
        const yieldToMaturity = typeof stored === 'string' && PERCENT_PATTERN.test(stored) ? stored : null;
        return { yieldToMaturity, asOf: clock.now().toISOString() };
      },
    );
  };
}

/** "4.31" -> 431: compares percentages exactly, without floats. */
const percentHundredths = (value: string) => (value.startsWith('-') ? -1 : 1) * Number(value.replace('-', '').replace('.', ''));
