import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  DepositsResponse,
  FundingErrorCode,
  FundingMessages,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  SandboxCustomerRequest,
  SandboxCustomerResponse,
  SandboxMicroDepositsResponse,
  SandboxOutboxResponse,
  SandboxPlaidLoginRequest,
  SandboxPlaidLoginResponse,
} from '../../api/contract';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from '../db/seed';
import { linkTokenInvalid, paymentMethodNotFound } from '../domain/fundingErrors';
import { returnDeposit, settleNowForUser } from '../domain/settlement';
import { SandboxReturnDepositParams, SandboxReturnDepositRequest } from '../../api/contract/achReturns';
import { findDepositById } from '../repositories/deposits';
import { Deposit } from '../../api/contract';
import { centsAsMicroDepositEntry } from '../domain/microDeposits';
import { hashToken } from '../domain/tokens';
import { ApiError } from '../errors';
import { presentDeposit, presentPaymentMethod } from '../presenters';
import { listDepositsOfUser } from '../repositories/deposits';
import { findInstitution } from '../repositories/institutions';
import { findOwnLiveMethod, findPaymentMethodById } from '../repositories/paymentMethods';
import { copyDemoCustomer } from '../repositories/sandboxCustomers';
import { issueSandboxPublicToken, sandboxAccounts, sandboxLoginError } from '../vendors/plaidSandbox';
import type { RouteDeps } from './routeDeps';
import { publishLiveEvent } from '../events/liveEventChannel';

// What the vendors' test dashboards would offer. Registered in sandbox mode only, so in live mode every one
// of these paths is a plain 404.

/** Sandbox calls of a signed-in customer. */
export function sandboxRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    // The in-app bank login of the sandbox partner: Plaid's test credentials against one of our link tokens.
    app.post<{ Body: SandboxPlaidLoginRequest; Reply: SandboxPlaidLoginResponse }>(
      ApiPaths.sandboxPlaidLogin,
      { schema: { body: SandboxPlaidLoginRequest, response: { 200: SandboxPlaidLoginResponse } } },
      async (request) => {
        const { userId } = request;
        const { linkToken, username, password } = request.body;
        const token = await db
          .selectFrom('link_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(linkToken))
          .where('user_id', '=', userId)
          .where('expires_at', '>', clock.now())
          .executeTakeFirst();
        if (!token) throw linkTokenInvalid();
        const failure = sandboxLoginError(username, password);
        if (failure) throw new ApiError(400, failure.errorCode, failure.message);

        const institution = token.institution_id ? await findInstitution(db, token.institution_id) : undefined;
        const accounts = sandboxAccounts();
        const publicToken = await issueSandboxPublicToken(db, clock, {
          userId,
          linkTokenId: token.id,
          institutionId: token.institution_id,
          paymentMethodId: token.payment_method_id,
          accounts,
        });
        return {
          publicToken,
          institution: { id: institution?.id ?? '', name: institution?.name ?? 'Bank' },
          accounts,
        };
      },
    );

    // Like Plaid's /sandbox/item/reset_login: the bank login must be renewed (relink).
    app.post<{ Params: PaymentMethodIdParams; Reply: PaymentMethodResponse }>(
      ApiPaths.sandboxResetLogin,
      { schema: { params: PaymentMethodIdParams, response: { 200: PaymentMethodResponse } } },
      async (request) => {
        const method = await findOwnLiveMethod(db, request.userId, request.params.paymentMethodId);
        if (!method || method.type === 'DEBIT_CARD') throw paymentMethodNotFound();
        await db.updateTable('payment_methods').set({ plaid_login_required: true }).where('id', '=', method.id).execute();
        await publishLiveEvent(db, request.userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: method.id }, clock.now());
        return { paymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
      },
    );

    // What the customer would read on their bank statement.
    app.get<{ Params: PaymentMethodIdParams; Reply: SandboxMicroDepositsResponse }>(
      ApiPaths.sandboxMicroDeposits,
      { schema: { params: PaymentMethodIdParams, response: { 200: SandboxMicroDepositsResponse } } },
      async (request) => {
        const method = await findOwnLiveMethod(db, request.userId, request.params.paymentMethodId);
        const challenge = method
          ? await db.selectFrom('micro_deposit_challenges').selectAll().where('payment_method_id', '=', method.id).executeTakeFirst()
          : undefined;
        if (!challenge) throw new ApiError(404, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound);
        return { amount1: centsAsMicroDepositEntry(challenge.amount1_cents), amount2: centsAsMicroDepositEntry(challenge.amount2_cents) };
      },
    );

    // What waiting three business days would do: the customer's bank deposits are sent and settled now.
    // Deposits waiting for an application approval stay pending.
    app.post<{ Reply: DepositsResponse }>(ApiPaths.sandboxSettleDeposits, { schema: { response: { 200: DepositsResponse } } }, async (request) => {
      const now = clock.now();
      await settleNowForUser(db, request.userId, now, deps.providers.moneyMovement, deps.providers.mailer);
      const deposits = await listDepositsOfUser(db, request.userId);
      return { deposits: deposits.map(({ deposit, events }) => presentDeposit(deposit, events, now)) };
    });

    // What the customer's bank would do days later: send a bank deposit back (R01, R02 or R03).
    app.post<{ Params: SandboxReturnDepositParams; Body: SandboxReturnDepositRequest; Reply: Deposit }>(
      ApiPaths.sandboxReturnDeposit,
      { schema: { params: SandboxReturnDepositParams, body: SandboxReturnDepositRequest, response: { 200: Deposit } } },
      async (request) => {
        const now = clock.now();
        await returnDeposit(db, request.userId, request.params.depositId, request.body.code, now, deps.providers.moneyMovement, deps.providers.mailer);
        const made = await findDepositById(db, request.params.depositId);
        return presentDeposit(made.deposit, made.events, now);
      },
    );

    app.get<{ Reply: SandboxOutboxResponse }>(ApiPaths.sandboxOutbox, { schema: { response: { 200: SandboxOutboxResponse } } }, async (request) => {
      const rows = await db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('user_id', '=', request.userId)
        .orderBy('sent_at', 'desc')
        .orderBy('id')
        .execute();
      return { messages: rows.map((row) => ({ to: row.to_address, subject: row.subject, link: row.link, ...(row.text ? { text: row.text } : {}), sentAt: row.sent_at.toISOString() })) };
    });
  };
}

/** Sandbox calls without a session: a fresh copy of a demo customer. */
export function sandboxPublicRoutes(deps: RouteDeps): FastifyPluginAsync {
  const templates = DEMO_CUSTOMERS.map((customer) => customer.email);
  return async (app) => {
    app.post<{ Body: SandboxCustomerRequest; Reply: SandboxCustomerResponse }>(
      ApiPaths.sandboxCustomers,
      { schema: { body: SandboxCustomerRequest, response: { 201: SandboxCustomerResponse } } },
      async (request, reply) => {
        const email = await copyDemoCustomer(deps.db, request.body.template, templates);
        if (!email) throw new ApiError(404, 'DEMO_CUSTOMER_NOT_FOUND', 'There is no demo customer with that email.');
        return reply.code(201).send({ email, password: DEMO_PASSWORD });
      },
    );
  };
}
