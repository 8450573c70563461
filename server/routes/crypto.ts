import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  CryptoDepositAddress,
  CryptoDepositAddressRequest,
  CryptoDepositOptions,
  CryptoErrorCode,
  CryptoTransfersQuery,
  CryptoTransfersResponse,
  cryptoNetworkOption,
} from '../../api/contract';
import { cryptoAccountOf, cryptoIneligibility, presentCryptoTransfer, presentDepositOptions } from '../domain/crypto';
import { requireUser } from '../domain/sessions';
import { ApiError } from '../errors';
import { accountsOfCustomer, findDepositAddress, keepDepositAddress, listCryptoTransfers } from '../repositories/crypto';
import { findOwnAccount } from '../repositories/deposits';
import { CustodyUnavailableError, type CryptoCustodyProvider } from '../vendors/cryptoCustody';
import type { RouteDeps } from './routeDeps';

export const CryptoMessages = {
  RESTRICTED: 'Crypto transfers are not available in your market.',
  APPLICATION_NOT_COMPLETE: 'Finish your application before sending crypto to Fundflow.',
  NO_BROKERAGE_ACCOUNT: 'Crypto is held in your brokerage account, and it is not open yet.',
  networkNotSupported: (asset: string, network: string) => `${asset} can't be received on the ${network} network.`,
  accountNotFound: 'Account not found.',
  wrongAccount: 'Crypto can only be received into your brokerage account.',
  custodyUnavailable: "We can't show a deposit address right now. Please try again in a few minutes.",
} as const;

/**
 * Crypto transfers in (/settings/crypto-transfer): the deposit options (with why the customer cannot send, if so),
 * a deposit address per asset and network from the custodian seam (asked once, then kept), and the incoming
 * transfers. Market restrictions come from the universal configuration (marketRestrictions.crypto).
 */
export function cryptoRoutes(deps: RouteDeps, custody: CryptoCustodyProvider = deps.providers.custody): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: CryptoDepositOptions }>(
      ApiPaths.cryptoDepositOptions,
      { schema: { response: { 200: CryptoDepositOptions } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const account = cryptoAccountOf(await accountsOfCustomer(db, user.id));
        return presentDepositOptions(await cryptoIneligibility(db, user, account), account, custody.mode);
      },
    );

    app.post<{ Body: CryptoDepositAddressRequest; Reply: CryptoDepositAddress }>(
      ApiPaths.cryptoDepositAddress,
      { schema: { body: CryptoDepositAddressRequest, response: { 200: CryptoDepositAddress } } },
      async (request) => {
        const { accountUuid, asset, network } = request.body;
        const user = await requireUser(db, request.userId);
        const account = await findOwnAccount(db, user.id, accountUuid);
        if (!account) throw new ApiError(404, CryptoErrorCode.ACCOUNT_NOT_FOUND, CryptoMessages.accountNotFound);
        const option = cryptoNetworkOption(asset, network);
        if (!option) throw new ApiError(400, CryptoErrorCode.NETWORK_NOT_SUPPORTED, CryptoMessages.networkNotSupported(asset, network));
        const eligibleAccount = cryptoAccountOf([account]);
        const ineligibility = await cryptoIneligibility(db, user, eligibleAccount);
        if (ineligibility === 'RESTRICTED') throw new ApiError(403, CryptoErrorCode.RESTRICTED, CryptoMessages.RESTRICTED);
        if (!eligibleAccount) throw new ApiError(403, CryptoErrorCode.NOT_ELIGIBLE, CryptoMessages.wrongAccount);
        if (ineligibility) throw new ApiError(403, CryptoErrorCode.NOT_ELIGIBLE, CryptoMessages[ineligibility]);

        const answer = (address: string) => ({
          accountUuid,
          asset,
          network,
          address,
          minimum: option.minimum,
          confirmations: option.confirmations,
        });
        const stored = await findDepositAddress(db, account.id, asset, network);
        if (stored) return answer(stored);
        let address: string;
        try {
          address = await custody.depositAddress({ userId: user.id, accountUuid: account.id, asset, network });
        } catch (error) {
          if (error instanceof CustodyUnavailableError) {
            request.log.warn({ vendor: 'custody', reason: error.message }, 'deposit address unavailable');
            throw new ApiError(503, CryptoErrorCode.CUSTODY_UNAVAILABLE, CryptoMessages.custodyUnavailable);
          }
          throw error;
        }
        // Two requests at once may both ask the custodian; the first stored address wins and both answer it.
        return answer(await keepDepositAddress(db, account.id, asset, network, address, clock.now()));
      },
    );

    app.get<{ Querystring: CryptoTransfersQuery; Reply: CryptoTransfersResponse }>(
      ApiPaths.cryptoTransfers,
      { schema: { querystring: CryptoTransfersQuery, response: { 200: CryptoTransfersResponse } } },
      async (request) => {
        const { accountUuid } = request.query;
        if (accountUuid !== undefined && !(await findOwnAccount(db, request.userId, accountUuid))) {
          throw new ApiError(404, CryptoErrorCode.ACCOUNT_NOT_FOUND, CryptoMessages.accountNotFound);
        }
        const rows = await listCryptoTransfers(db, request.userId, accountUuid, 100);
        return { transfers: rows.map(presentCryptoTransfer) };
      },
    );
  };
}
