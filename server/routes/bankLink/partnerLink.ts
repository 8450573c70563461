import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  FundingMessages,
  LinkedPaymentMethodResponse,
  LinkTokenRequest,
  LinkTokenResponse,
  PartnerLinkRequest,
  PartnerRelinkRequest,
  PaymentMethodIdParams,
} from '../../../api/contract';
import { addBankMethod, assertCanAddNow, callPartner, partnerInstitution, storeLinkToken } from '../../domain/bankLinks';
import { partnerLinkFailed, paymentMethodNotFound, relinkNotRequired } from '../../domain/fundingErrors';
import { bankAccountTypeOf, bankDisplayName, newBankMethod } from '../../domain/paymentMethods';
import { presentPaymentMethod } from '../../presenters';
import { PartnerError, type PartnerItem } from '../../providers';
import { findPartnerItemAccessToken, insertPartnerItem } from '../../repositories/bankLinks';
import { clearPlaidLoginRequired, findOwnLiveMethod, findPaymentMethodById } from '../../repositories/paymentMethods';
import type { RouteDeps } from '../routeDeps';

/** A bank login through the partner (Plaid): link tokens, the link itself, and the relink of an expired login. */
export function partnerLinkRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  return async (app) => {
    app.post<{ Body: LinkTokenRequest; Reply: LinkTokenResponse }>(
      ApiPaths.linkToken,
      { schema: { body: LinkTokenRequest, response: { 200: LinkTokenResponse } } },
      async (request) => {
        const { userId } = request;
        const institution = await partnerInstitution(db, request.body.institutionId);
        await assertCanAddNow(db, userId, 'bank');
        const token = await callPartner(() => providers.partner.createLinkToken({ userId }));
        return storeLinkToken(deps, { ...token, userId, mode: 'NEW', institutionId: institution.id, paymentMethodId: null });
      },
    );

    // Update mode for a method whose bank login must be renewed (plaidLoginRequired).
    app.post<{ Params: PaymentMethodIdParams; Reply: LinkTokenResponse }>(
      ApiPaths.relinkToken,
      { schema: { params: PaymentMethodIdParams, response: { 200: LinkTokenResponse } } },
      async (request) => {
        const { userId } = request;
        const method = await findOwnLiveMethod(db, userId, request.params.paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!method.plaid_login_required) throw relinkNotRequired();
        const accessToken = method.partner_item_id ? await findPartnerItemAccessToken(db, method.partner_item_id) : undefined;
        const token = await callPartner(() => providers.partner.createLinkToken({ userId, update: { accessToken: accessToken ?? null } }));
        return storeLinkToken(deps, { ...token, userId, mode: 'UPDATE', institutionId: method.institution_id, paymentMethodId: method.id });
      },
    );

    app.post<{ Body: PartnerLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.partnerLink,
      { schema: { body: PartnerLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { publicToken, institutionId, accountId } = request.body;
        const institution = await partnerInstitution(db, institutionId);
        await assertCanAddNow(db, userId, 'bank');

        let item: PartnerItem;
        try {
          item = await providers.partner.exchangePublicToken(publicToken, userId);
        } catch (error) {
          if (error instanceof PartnerError)
            throw partnerLinkFailed('This bank login has expired or was already used. Please log in to your bank again.');
          throw error;
        }
        const sameBank =
          (item.institutionId === null || item.institutionId === institution.id) &&
          (item.partnerInstitutionId === null ||
            institution.plaid_institution_id === null ||
            item.partnerInstitutionId === institution.plaid_institution_id);
        if (!sameBank) throw partnerLinkFailed('The bank you logged in to is not the bank you chose. Please start again.');
        const account = item.accounts.find((candidate) => candidate.id === accountId);
        if (!account || !/^\d{1,4}$/.test(account.mask))
          throw partnerLinkFailed('The account you chose was not found at this bank. Please start again.');

        const accountType = bankAccountTypeOf(account.subtype);
        const row = await addBankMethod(
          db,
          userId,
          'bank',
          (id) =>
            newBankMethod({
              id,
              user_id: userId,
              type: 'PLAID_ACCOUNT',
              display_name: account.name.trim() || bankDisplayName(institution.name, accountType),
              last4: account.mask,
              created_at: clock.now(),
              bank_account_type: accountType,
              verification_source: 'PLAID',
              issuing_bank: institution.name,
              institution_id: institution.id,
              partner_item_id: item.itemId,
              partner_account_id: account.id,
            }),
          (trx) =>
            insertPartnerItem(trx, {
              id: item.itemId,
              userId,
              institutionId: institution.id,
              accessToken: item.accessToken,
              createdAt: clock.now(),
            }),
        );
        return { linkedPaymentMethod: presentPaymentMethod(row) };
      },
    );

    // Relink keeps the method itself (id, nickname, default flag, and so whatever schedules point at it).
    app.post<{ Params: PaymentMethodIdParams; Body: PartnerRelinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.partnerRelink,
      { schema: { params: PaymentMethodIdParams, body: PartnerRelinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const method = await findOwnLiveMethod(db, userId, request.params.paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!method.plaid_login_required) throw relinkNotRequired();
        try {
          await providers.partner.confirmUpdate(request.body.publicToken, userId, method.id);
        } catch (error) {
          if (error instanceof PartnerError) throw partnerLinkFailed(FundingMessages.relinkFailed);
          throw error;
        }
        await clearPlaidLoginRequired(db, method.id);
        return { linkedPaymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
      },
    );
  };
}
