import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  ApiPaths,
  centsToMoney,
  ConfirmDepositRequest,
  Deposit,
  DepositIdParams,
  DepositIntent,
  DepositLimitsResponse,
  DepositsResponse,
  InitiateDepositRequest,
  moneyToCents,
} from '../../api/contract';
import type { Database, DepositIntentRow } from '../db/schema';
import { DepositRefusals } from '../domain/depositErrors';
import { bankLimitFigures, bankLimitFiguresOf, dcfLimitCents, depositLimitRoom } from '../domain/depositLimitRoom';
import { placeDeposit, planDeposit } from '../domain/deposits';
import { idempotencyKeyOf, runIdempotent } from '../domain/idempotency';
import { depositQuote } from '../domain/depositQuote';
import { cancelDeposit, settleDueDeposits } from '../domain/settlement';
import { isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import { noMetrics } from '../observability/metrics';
import { presentDeposit, presentDepositIntent } from '../presenters';
import { listPaymentMethodsOfUser } from '../repositories/paymentMethods';
import { findDepositById, findDepositOfUser, listDepositsOfUser, readConfirmFacts } from '../repositories/deposits';
import { achBatchDay } from '../../api/contract/bankCalendar';
import { rejectInvalidBody } from './depositValidation';
import type { RouteDeps } from './routeDeps';

/** An intent must be confirmed within this time; after it the customer starts again. */
export const DEPOSIT_INTENT_TTL_MS = 30 * 60 * 1000;

export interface NewIntent {
  userId: string;
  kind: DepositIntentRow['kind'];
  accountId: string;
  sourceAccountId: string | null;
  paymentMethodId: string | null;
  amountCents: number;
  iraContributionYear: number | null;
}

/** Stores a checked deposit or transfer intent, valid for DEPOSIT_INTENT_TTL_MS from now. */
export function insertIntent(db: Kysely<Database>, intent: NewIntent, now: Date): Promise<DepositIntentRow> {
  return db
    .insertInto('deposit_intents')
    .values({
      id: randomUUID(),
      user_id: intent.userId,
      kind: intent.kind,
      account_id: intent.accountId,
      source_account_id: intent.sourceAccountId,
      payment_method_id: intent.paymentMethodId,
      amount_cents: intent.amountCents,
      ira_contribution_year: intent.iraContributionYear,
      created_at: now,
      expires_at: new Date(now.getTime() + DEPOSIT_INTENT_TTL_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An intent with the id of the deposit it made, if any. */
export type OwnIntent = DepositIntentRow & { made_deposit_id: string | null };

/**
 * The customer's intent of this kind, or a 404 (another customer's intent included), read together with the
 * deposit it already made: confirming an intent twice (another key) answers that deposit.
 */
export async function ownIntent(trx: Transaction<Database>, userId: string, id: string, kind: DepositIntentRow['kind']): Promise<OwnIntent> {
  const intent = isUuid(id)
    ? await trx
        .selectFrom('deposit_intents')
        .selectAll('deposit_intents')
        .select((eb) => eb.selectFrom('deposits').select('deposits.id').whereRef('deposits.intent_id', '=', 'deposit_intents.id').limit(1).as('made_deposit_id'))
        .where('deposit_intents.id', '=', id)
        .where('deposit_intents.user_id', '=', userId)
        .where('deposit_intents.kind', '=', kind)
        .executeTakeFirst()
    : undefined;
  if (!intent) throw DepositRefusals.intentNotFound();
  return intent;
}

/** The deposit an intent already made, if any. */
export async function depositOfIntent(trx: Transaction<Database>, intent: OwnIntent) {
  return intent.made_deposit_id ? findDepositById(trx, intent.made_deposit_id) : undefined;
}

export function depositRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  const metrics = deps.metrics ?? noMetrics;

  return async (app) => {
    // Every deposit and transfer of the customer, newest first, with its events; due settlements first.
    app.get<{ Reply: DepositsResponse }>(ApiPaths.deposits, { schema: { response: { 200: DepositsResponse } } }, async (request) => {
      const now = clock.now();
      await settleDueDeposits(db, now, request.userId, deps.providers.moneyMovement, deps.providers.mailer);
      const deposits = await listDepositsOfUser(db, request.userId);
      return { deposits: deposits.map(({ deposit, events }) => presentDeposit(deposit, events, now)) };
    });

    app.get<{ Reply: DepositLimitsResponse }>(ApiPaths.depositLimits, { schema: { response: { 200: DepositLimitsResponse } } }, async (request) => {
      const now = clock.now();
      const { userId } = request;
      const bank = (await bankLimitFigures(db, userId, now)).room;
      // One debit card a customer (the addition rules); its room is the card's, by fingerprint.
      const card = (await listPaymentMethodsOfUser(db, userId)).find((method) => method.type === 'DEBIT_CARD');
      const cardRoom = card ? await depositLimitRoom(db, { userId, method: card, now }) : null;
      const cardLimitCents = cardRoom?.limitCents ?? (await dcfLimitCents(db));
      return {
        dailyBankLimit: centsToMoney(bank.limitCents),
        dailyBankRemaining: centsToMoney(bank.leftCents),
        dailyBankBatchDay: bank.batchDay!,
        debitCardLifetimeLimit: centsToMoney(cardLimitCents),
        debitCardRemaining: centsToMoney(cardRoom?.leftCents ?? cardLimitCents),
        liveDebitCard: card && cardRoom ? { paymentMethodId: card.id, remaining: centsToMoney(cardRoom.leftCents) } : null,
      };
    });

    // Initiate: every rule is checked now for an early answer (and again, authoritatively, at confirm).
    app.post<{ Body: InitiateDepositRequest; Reply: DepositIntent }>(
      ApiPaths.depositIntents,
      { schema: { body: InitiateDepositRequest, response: { 201: DepositIntent } }, attachValidation: true },
      async (request, reply) => {
        rejectInvalidBody(request);
        const now = clock.now();
        const { accountUuid, paymentMethodId, iraContributionYear } = request.body;
        const amountCents = moneyToCents(request.body.amount);
        const plan = await planDeposit(db, { userId: request.userId, accountUuid, paymentMethodId, amountCents, iraContributionYear }, now);
        // The quote comes from the plan's own figures (its instant part and the limit room it checked), at the same
        // clock reading: what this exact deposit would do now.
        const quote = depositQuote({
          amountCents,
          instantCents: plan.instantCents,
          sourceType: plan.sourceType,
          waitsForApproval: plan.type === 'PENDING_DEPOSIT',
          limitRoom: plan.limitRoom,
          now,
        });
        const intent = await insertIntent(
          db,
          { userId: request.userId, kind: 'DEPOSIT', accountId: plan.account.id, sourceAccountId: null, paymentMethodId: plan.method.id, amountCents, iraContributionYear: plan.iraContributionYear },
          now,
        );
        return reply.code(201).send({ ...presentDepositIntent(intent), quote });
      },
    );

    // Confirm: idempotent on the Idempotency-Key header; one intent makes one deposit whatever the keys.
    app.post<{ Body: ConfirmDepositRequest; Reply: Deposit }>(
      ApiPaths.depositConfirm,
      { schema: { body: ConfirmDepositRequest, response: { 200: Deposit } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        // Whether this request decided (not a replay of a stored answer, nor an intent's earlier deposit): only
        // decisions are counted.
        let decided = false;
        // Three statements and the commit: the key's claim with the customer's lock; every fact of the intent
        // (readConfirmFacts); the deposit with all its writes and this answer (writeDeposit).
        const answer = await runIdempotent<Deposit>(db, { userId, endpoint: 'depositConfirm', key, request: request.body, now, lockUser: true }, async (trx, { lockedUser, storeAnswerWith }) => {
          decided = true;
          if (!lockedUser) throw DepositRefusals.accountNotFound();
          const batchDay = achBatchDay(now);
          const facts = await readConfirmFacts(trx, { userId, intentId: request.body.id, batchDay });
          if (!facts) throw DepositRefusals.intentNotFound();
          const { intent } = facts;
          if (intent.account_id !== request.body.accountUuid) throw DepositRefusals.intentNotFound();
          const earlier = await depositOfIntent(trx, intent);
          decided = !earlier;
          if (earlier) return { status: 200, body: presentDeposit(earlier.deposit, earlier.events, now) };
          if (intent.expires_at.getTime() <= now.getTime()) throw DepositRefusals.intentExpired();
          let answered: { status: number; body: Deposit } | undefined;
          await placeDeposit(
            trx,
            deps,
            {
              userId,
              accountUuid: intent.account_id,
              paymentMethodId: intent.payment_method_id!,
              amountCents: intent.amount_cents,
              iraContributionYear: intent.ira_contribution_year,
              intentId: intent.id,
            },
            now,
            {
              lockedUser,
              known: { account: facts.account, method: facts.method, bank: bankLimitFiguresOf(facts.bank, batchDay) },
              // The answer is stored by the deposit's own statement.
              alsoWrite: (made) => storeAnswerWith((answered = { status: 200, body: presentDeposit(made.deposit, made.events, now) })),
            },
          );
          return answered!;
        }).catch((error: unknown) => {
          if (decided && error instanceof ApiError) metrics.depositRefused('confirm', error.errorCode);
          throw error;
        });
        if (decided) metrics.depositConfirmed('confirm');
        // Committed: its initiated notice is made with the next batch (a repeated answer is told once all the same).
        if (answer.status === 200) request.server.depositNotices.madeDeposit(answer.body.id);
        return reply.code(answer.status).send(answer.body);
      },
    );

    app.post<{ Params: { depositId: string }; Reply: Deposit }>(
      ApiPaths.depositCancel,
      { schema: { params: DepositIdParams, response: { 200: Deposit } } },
      async (request) => {
        const now = clock.now();
        if (!isUuid(request.params.depositId)) throw DepositRefusals.depositNotFound();
        await cancelDeposit(db, request.userId, request.params.depositId, now);
        const cancelled = await findDepositOfUser(db, request.userId, request.params.depositId);
        return presentDeposit(cancelled!.deposit, cancelled!.events, now);
      },
    );
  };
}
