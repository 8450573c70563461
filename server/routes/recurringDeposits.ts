import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  CreateRecurringDepositRequest,
  RecurringAccountParams,
  RecurringDepositParams,
  RecurringDepositResponse,
  RecurringDepositsResponse,
  UpdateRecurringDepositRequest,
} from '../../api/contract';
import { DepositRefusals } from '../domain/depositErrors';
import { idempotencyKeyOf, runIdempotent } from '../domain/idempotency';
import { presentRecurringDeposit } from '../domain/recurringDeposits';
import { cancelOwnSchedule, createSchedule, setScheduleStatus, skipNextOccurrence } from '../domain/recurringSchedules';
import { rejectInvalidBody } from '../http/depositValidation';
import { findOwnAccount } from '../repositories/deposits';
import { listLiveSchedulesOfAccount } from '../repositories/recurringDeposits';
import type { RouteDeps } from './routeDeps';

/** Recurring deposits at the spec's community-service paths (section 7); the rules are in domain/recurringSchedules.ts. */
export function recurringDepositRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    app.get<{ Params: { accountUuid: string }; Reply: RecurringDepositsResponse }>(
      ApiPaths.recurringDeposits,
      { schema: { params: RecurringAccountParams, response: { 200: RecurringDepositsResponse } } },
      async (request) => {
        const account = await findOwnAccount(db, request.userId, request.params.accountUuid);
        if (!account) throw DepositRefusals.accountNotFound();
        const rows = await listLiveSchedulesOfAccount(db, account.id);
        return { recurringDeposits: rows.map(presentRecurringDeposit) };
      },
    );

    // Create: idempotent like a confirmation.
    app.post<{ Params: { accountUuid: string }; Body: CreateRecurringDepositRequest; Reply: RecurringDepositResponse }>(
      ApiPaths.recurringDeposits,
      {
        schema: { params: RecurringAccountParams, body: CreateRecurringDepositRequest, response: { 201: RecurringDepositResponse } },
        attachValidation: true,
      },
      async (request, reply) => {
        rejectInvalidBody(request);
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        const { accountUuid } = request.params;
        const answer = await runIdempotent<RecurringDepositResponse>(
          db,
          { userId, endpoint: 'recurringDepositCreate', key, request: { accountUuid, body: request.body }, now },
          async (trx) => {
            const row = await createSchedule(trx, { userId, accountUuid, input: request.body.recurringDeposit }, now);
            return { status: 201, body: { recurringDeposit: presentRecurringDeposit(row) } };
          },
        );
        return reply.code(answer.status).send(answer.body);
      },
    );

    // Pause or resume.
    app.patch<{
      Params: { accountUuid: string; recurringDepositId: string };
      Body: UpdateRecurringDepositRequest;
      Reply: RecurringDepositResponse;
    }>(
      ApiPaths.recurringDeposit,
      { schema: { params: RecurringDepositParams, body: UpdateRecurringDepositRequest, response: { 200: RecurringDepositResponse } } },
      async (request) => {
        const { accountUuid, recurringDepositId } = request.params;
        const change = { userId: request.userId, accountUuid, id: recurringDepositId, status: request.body.status };
        const row = await setScheduleStatus(db, change, clock.now());
        return { recurringDeposit: presentRecurringDeposit(row) };
      },
    );

    app.delete<{ Params: { accountUuid: string; recurringDepositId: string } }>(
      ApiPaths.recurringDeposit,
      { schema: { params: RecurringDepositParams } },
      async (request, reply) => {
        await cancelOwnSchedule(db, request.userId, request.params.accountUuid, request.params.recurringDepositId, clock.now());
        return reply.code(204).send();
      },
    );

    app.post<{ Params: { accountUuid: string; recurringDepositId: string }; Reply: RecurringDepositResponse }>(
      ApiPaths.recurringDepositSkip,
      { schema: { params: RecurringDepositParams, response: { 200: RecurringDepositResponse } } },
      async (request) => {
        const target = { userId: request.userId, accountUuid: request.params.accountUuid, id: request.params.recurringDepositId };
        const row = await skipNextOccurrence(db, deps.providers.mailer, target, clock.now());
        return { recurringDeposit: presentRecurringDeposit(row) };
      },
    );
  };
}
