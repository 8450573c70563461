import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  isBrokerageVariant,
  isHighYieldVariant,
  OpenHighYieldAccountRequest,
  OpenHighYieldAccountResponse,
  VARIANT_LABELS,
} from '../../api/contract';
import { ApiError } from '../errors';
import { marketDate } from '../../api/contract/bankCalendar';
import { allAccountsOfUser, insertAccount } from '../repositories/accounts';
import { lockUser } from '../repositories/deposits';
import type { RouteDeps } from './routeDeps';

/** Our code (the spec has none): only an approved, active customer can open high-yield cash. */
export const HIGH_YIELD_NOT_ELIGIBLE = 'HIGH_YIELD_NOT_ELIGIBLE';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;

/**
 * POST /api/high-yield-account (the /setup-high-yield-account page): opens the customer's high-yield cash account
 * under their brokerage account. A customer who already has one gets it back (200, created false), so a double
 * click or a retry never makes a second account; the customer's row is locked while it is decided.
 */
export function highYieldSetupRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.post<{ Body: OpenHighYieldAccountRequest; Reply: OpenHighYieldAccountResponse }>(
      ApiPaths.highYieldAccount,
      { schema: { body: OpenHighYieldAccountRequest, response: { 200: OpenHighYieldAccountResponse, 201: OpenHighYieldAccountResponse } } },
      async (request, reply) => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            const answer = await db.transaction().execute(async (trx) => {
              const user = await lockUser(trx, request.userId);
              if (!user || user.status !== 'ACTIVE' || user.application_status !== 'COMPLETE') {
                throw new ApiError(403, HIGH_YIELD_NOT_ELIGIBLE, 'High-yield cash can be opened once your application is approved.');
              }
              const accounts = await allAccountsOfUser(trx, user.id);
              const existing = accounts.find((account) => isHighYieldVariant(account.variant));
              if (existing) return { accountUuid: existing.id, created: false };
              const parent = accounts.find((account) => isBrokerageVariant(account.variant));
              if (!parent)
                throw new ApiError(
                  403,
                  HIGH_YIELD_NOT_ELIGIBLE,
                  'High-yield cash is opened next to a brokerage account, and you have none yet.',
                );
              const now = clock.now();
              const id = randomUUID();
              await insertAccount(trx, {
                id,
                account_id: `HY${randomInt(10_000_000, 99_999_999)}`,
                user_id: user.id,
                account_number: String(randomInt(100_000_000, 999_999_999)),
                variant: 'HIGH_YIELD',
                status: 'OPEN',
                display_name: VARIANT_LABELS.HIGH_YIELD,
                parent_account_id: parent.account_id,
                balance_cents: 0,
                account_type: 'cash',
                user_type: parent.user_type,
                date_joined: marketDate(now),
                has_funded: false,
                settings: JSON.stringify({}),
                actions: JSON.stringify([]),
                created_at: now.toISOString(),
              });
              return { accountUuid: id, created: true };
            });
            return reply.status(answer.created ? 201 : 200).send(answer);
          } catch (error) {
            // A random account number or id that is already taken: draw again (a few times at most).
            if (isUniqueViolation(error) && attempt < 4) continue;
            throw error;
          }
        }
      },
    );
  };
}
