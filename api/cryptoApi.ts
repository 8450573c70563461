import { api } from './baseApi';
import { listTag } from './tags';
import { ApiPaths } from './contract/values';
import type {
  CryptoDepositAddress,
  CryptoDepositAddressRequest,
  CryptoDepositOptions,
  CryptoTransfer,
  CryptoTransfersResponse,
} from './contract';

export const cryptoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCryptoDepositOptions: build.query<CryptoDepositOptions, void>({
      query: () => ApiPaths.cryptoDepositOptions,
      // Eligibility follows the customer's accounts and the configuration's market restrictions.
      providesTags: [listTag('Account'), 'Config'],
    }),
    /** A POST because the custodian may allocate the address on first ask; the answer is stable afterwards. */
    getCryptoDepositAddress: build.query<CryptoDepositAddress, CryptoDepositAddressRequest>({
      query: (body) => ({ url: ApiPaths.cryptoDepositAddress, method: 'POST', body }),
    }),
    getCryptoTransfers: build.query<CryptoTransfer[], void>({
      query: () => ApiPaths.cryptoTransfers,
      transformResponse: (response: CryptoTransfersResponse) => response.transfers,
      providesTags: [listTag('CryptoTransfer')],
    }),
  }),
});

export const { useGetCryptoDepositOptionsQuery, useGetCryptoDepositAddressQuery, useGetCryptoTransfersQuery } = cryptoApi;
