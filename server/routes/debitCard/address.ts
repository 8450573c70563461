import type { FastifyPluginAsync } from 'fastify';
import {
  Address,
  AddressConfirmRequest,
  AddressResponse,
  AddressUpdateResponse,
  ApiPaths,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  DebitCardHolderMessages,
  FundingErrorCode,
} from '../../../api/contract';
import type { StoredAddress } from '../../db/schema';
import { requireUser } from '../../domain/sessions';
import { hashToken, newOpaqueToken } from '../../domain/tokens';
import { ApiError } from '../../errors';
import { confirmAddressChange, recordAddressChange } from '../../repositories/addressChanges';
import type { RouteDeps } from '../routeDeps';

/** An address verification link stays valid for a day. */
const ADDRESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const addressVerificationLink = (token: string) => `/settings/payment-methods?m=debit&auv=${encodeURIComponent(token)}`;

/** The card holder's address change: a new address is confirmed by email before it becomes the customer's. */
export function cardAddressRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  return async (app) => {
    // Each request counts as an attempt.
    app.put<{ Body: Address; Reply: AddressUpdateResponse }>(
      ApiPaths.debitCardAddress,
      { schema: { body: Address, response: { 200: AddressUpdateResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const now = clock.now();
        const address: StoredAddress = {
          address1: request.body.address1.trim().replace(/\s+/g, ' '),
          address2: request.body.address2?.trim().replace(/\s+/g, ' ') || null,
          city: request.body.city.trim().replace(/\s+/g, ' '),
          state: request.body.state,
          zipcode: request.body.zipcode,
        };
        if (!address.address1 || !address.city) {
          throw new ApiError(400, FundingErrorCode.ADDRESS_INVALID, 'Please enter a complete address.');
        }
        const token = newOpaqueToken();
        const attempts = await recordAddressChange(db, {
          userId: user.id,
          maxAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
          tokenHash: hashToken(token),
          address,
          now,
          expiresAt: new Date(now.getTime() + ADDRESS_TOKEN_TTL_MS),
        });
        if (attempts === null) {
          throw new ApiError(429, FundingErrorCode.ADDRESS_ATTEMPTS_EXCEEDED, DebitCardHolderMessages.addressChangesUsedUp);
        }
        await providers.mailer.send({
          userId: user.id,
          to: user.email,
          subject: 'Confirm your new address',
          link: addressVerificationLink(token),
        });
        return { verificationSent: true, attempts, maxAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS };
      },
    );

    app.post<{ Body: AddressConfirmRequest; Reply: AddressResponse }>(
      ApiPaths.debitCardAddressConfirm,
      { schema: { body: AddressConfirmRequest, response: { 200: AddressResponse } } },
      async (request) => {
        const address = await confirmAddressChange(db, request.userId, hashToken(request.body.token), clock.now());
        if (!address) {
          throw new ApiError(
            400,
            FundingErrorCode.ADDRESS_TOKEN_INVALID,
            'This address confirmation link is not valid or has expired. Please enter your address again.',
          );
        }
        return { address: { ...address, country: 'USA' as const } };
      },
    );
  };
}
