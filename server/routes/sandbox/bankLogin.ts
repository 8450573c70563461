import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  FundingErrorCode,
  FundingMessages,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  SandboxMicroDepositsResponse,
  SandboxPlaidLoginRequest,
  SandboxPlaidLoginResponse,
} from '../../../api/contract';
import { linkTokenInvalid, paymentMethodNotFound } from '../../domain/fundingErrors';
import { centsAsMicroDepositEntry } from '../../domain/microDeposits';
import { hashToken } from '../../domain/tokens';
import { ApiError } from '../../errors';
import { publishLiveEvent } from '../../events/liveEventChannel';
import { presentPaymentMethod } from '../../presenters';
import { findInstitution } from '../../repositories/institutions';
import { findOwnLiveMethod, findPaymentMethodById } from '../../repositories/paymentMethods';
import { findLiveLinkToken, findMicroDepositChallenge, requireBankLogin } from '../../repositories/sandbox';
import { issueSandboxPublicToken, sandboxAccounts, sandboxLoginError } from '../../vendors/plaidSandbox';
import type { RouteDeps } from '../routeDeps';

/** The sandbox bank: its in-app login, a login that must be renewed, and the micro-deposits a bank statement shows. */
export function sandboxBankRoutes({ db, clock }: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    // The in-app bank login of the sandbox partner: Plaid's test credentials against one of our link tokens.
    app.post<{ Body: SandboxPlaidLoginRequest; Reply: SandboxPlaidLoginResponse }>(
      ApiPaths.sandboxPlaidLogin,
      { schema: { body: SandboxPlaidLoginRequest, response: { 200: SandboxPlaidLoginResponse } } },
      async (request) => {
        const { userId } = request;
        const { linkToken, username, password } = request.body;
        const token = await findLiveLinkToken(db, userId, hashToken(linkToken), clock.now());
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
        await requireBankLogin(db, method.id);
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
        const challenge = method ? await findMicroDepositChallenge(db, method.id) : undefined;
        if (!challenge)
          throw new ApiError(404, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound);
        return { amount1: centsAsMicroDepositEntry(challenge.amount1_cents), amount2: centsAsMicroDepositEntry(challenge.amount2_cents) };
      },
    );
  };
}
