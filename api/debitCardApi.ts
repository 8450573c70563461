import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { ApiPaths } from './contract/values';
import type {
  Address,
  AddressConfirmRequest,
  AddressResponse,
  AddressUpdateResponse,
  DebitCardLinkRequest,
  DebitCardReplaceRequest,
  LinkedPaymentMethodResponse,
  SetupIntentResponse,
} from './contract';

const LIST = listTag('PaymentMethod');

/** Debit-card calls (funding-methods.md 7.3). The card itself goes from the browser to the card provider only. */
export const debitCardApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: every card entry needs a fresh setup intent, never a cached one.
    createSetupIntent: build.mutation<SetupIntentResponse, void>({
      query: () => ({ url: ApiPaths.debitCardSetupIntent, method: 'POST' }),
    }),
    linkDebitCard: build.mutation<LinkedPaymentMethodResponse, DebitCardLinkRequest>({
      query: (body) => ({ url: ApiPaths.debitCardLink, method: 'POST', body }),
      invalidatesTags: unlessRefused([LIST]),
    }),
    replaceDebitCard: build.mutation<LinkedPaymentMethodResponse, DebitCardReplaceRequest>({
      query: (body) => ({ url: ApiPaths.debitCardReplace, method: 'POST', body }),
      invalidatesTags: unlessRefused((_result, { paymentMethodId }) => [idTag('PaymentMethod', paymentMethodId), LIST]),
    }),
    updateAddress: build.mutation<AddressUpdateResponse, Address>({
      query: (body) => ({ url: ApiPaths.debitCardAddress, method: 'PUT', body }),
    }),
    confirmAddress: build.mutation<AddressResponse, AddressConfirmRequest>({
      query: (body) => ({ url: ApiPaths.debitCardAddressConfirm, method: 'POST', body }),
    }),
  }),
});

export const {
  useCreateSetupIntentMutation,
  useLinkDebitCardMutation,
  useReplaceDebitCardMutation,
  useUpdateAddressMutation,
  useConfirmAddressMutation,
} = debitCardApi;
