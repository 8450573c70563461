import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  FundingErrorCode,
  FundingValidationMessages,
  isValidMicroDepositAccount,
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  LinkedPaymentMethodResponse,
  MicroDepositLinkRequest,
  NumberLinkRequest,
} from '../../../api/contract';
import { addBankMethod, assertCanAddNow, lastFour } from '../../domain/bankLinks';
import { invalidRoutingNumber, linkOptionUnavailable, validationFailed } from '../../domain/fundingErrors';
import { newMicroDepositAmounts } from '../../domain/microDeposits';
import { bankDisplayName, newBankMethod } from '../../domain/paymentMethods';
import { ApiError } from '../../errors';
import { presentPaymentMethod } from '../../presenters';
import { findInstitutionsByRoutingNumber } from '../../repositories/institutions';
import { insertMicroDepositChallenge } from '../../repositories/microDepositChallenges';
import type { RouteDeps } from '../routeDeps';

/** A bank added by routing and account number: verified at once by the verification service, or by micro-deposits. */
export function accountNumberLinkRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  return async (app) => {
    app.post<{ Body: NumberLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.numberLink,
      { schema: { body: NumberLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { routingNumber, bankAccount } = request.body;
        if (!isValidRoutingNumber(routingNumber)) throw invalidRoutingNumber();
        if (!isValidNumberLinkAccount(bankAccount)) throw validationFailed(FundingValidationMessages.accountNumber);
        await assertCanAddNow(db, userId, 'bank');
        const [institution] = await findInstitutionsByRoutingNumber(db, routingNumber);
        if (institution && !institution.link_options.includes('VERIFICATION_SERVICE')) {
          throw linkOptionUnavailable('by routing and account number');
        }

        const outcome = await providers.accountVerification.verify(routingNumber, bankAccount);
        if (outcome === 'UNABLE_TO_VERIFY') {
          throw new ApiError(
            400,
            FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT,
            "We couldn't verify this bank account. Please choose another way to add money.",
          );
        }
        if (outcome === 'VERIFICATION_FAILED') {
          throw new ApiError(
            400,
            FundingErrorCode.ACCOUNT_VERIFICATION_FAILED,
            "We couldn't verify this account number. Please check it and try again.",
          );
        }

        const row = await addBankMethod(db, userId, 'bank', (id) =>
          newBankMethod({
            id,
            user_id: userId,
            type: 'ACH',
            display_name: bankDisplayName(institution?.name ?? null, null),
            last4: lastFour(bankAccount),
            created_at: clock.now(),
            bank_account_type: null,
            verification_source: 'VERIFICATION_SERVICE',
            issuing_bank: institution?.name ?? null,
            institution_id: institution?.id ?? null,
          }),
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );

    // Two deposits under $1 are "sent"; the method waits, verifiable via micro-deposits, until they are confirmed.
    app.post<{ Body: MicroDepositLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.microDepositLink,
      { schema: { body: MicroDepositLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { routingNumber, bankAccount, bankAccountType } = request.body;
        if (!/^\d{9}$/.test(routingNumber)) throw validationFailed(FundingValidationMessages.microRoutingNumber);
        if (!isValidRoutingNumber(routingNumber)) throw invalidRoutingNumber();
        if (!isValidMicroDepositAccount(bankAccount)) throw validationFailed(FundingValidationMessages.microAccountNumber);
        const [institution] = await findInstitutionsByRoutingNumber(db, routingNumber);
        const now = clock.now();
        const row = await addBankMethod(
          db,
          userId,
          'microDeposit',
          (id) =>
            newBankMethod({
              id,
              user_id: userId,
              type: 'ACH',
              display_name: bankDisplayName(institution?.name ?? null, bankAccountType),
              last4: lastFour(bankAccount),
              created_at: now,
              bank_account_type: bankAccountType,
              verification_source: 'MICRO_DEPOSIT',
              issuing_bank: institution?.name ?? null,
              institution_id: institution?.id ?? null,
              status: 'PENDING',
              readiness: 'VERIFICATION_NEEDED',
              verification_status: 'UNVERIFIED',
              approval_method: 'MICRO_DEPOSIT',
            }),
          (trx, method) => insertMicroDepositChallenge(trx, method.id, newMicroDepositAmounts(), now),
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );
  };
}
