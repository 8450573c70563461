import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { always, idTag, listTag, listTags, unlessRefused } from './tags';
import { apiPath, ApiPaths, IDEMPOTENCY_HEADER, compareCodeUnits } from './contract/values';
import type {
  ConfirmDepositRequest,
  ConfirmTransferRequest,
  CreateRecurringDepositRequest,
  Deposit,
  DepositIntent,
  DepositLimitsResponse,
  DepositsResponse,
  InitiateDepositRequest,
  InitiateTransferRequest,
  IraConfiguration,
  IraContributionsResponse,
  PatchUserPropertiesRequest,
  RecurringDeposit,
  RecurringDepositResponse,
  RecurringDepositsResponse,
  UpdateRecurringDepositRequest,
  TransferIntent,
  UserPropertiesResponse,
} from './contract';

export const depositsAdapter = createEntityAdapter<Deposit, string>({
  selectId: (deposit) => deposit.id,
  sortComparer: (a, b) => compareCodeUnits(b.createdAt, a.createdAt),
});
export const recurringDepositsAdapter = createEntityAdapter<RecurringDeposit, string>({ selectId: (deposit) => deposit.id });

/** Money movements that change balances, buying power and method usage: every confirmation refreshes these. */
const AFTER_MONEY_MOVES = [
  listTag('Deposit'),
  listTag('Account'),
  listTag('PaymentMethod'),
  listTag('IraContribution'),
  listTag('HighYieldAccount'),
] as const;

/** Deposits, internal transfers, recurring deposits and IRA data (deposits-and-transfers.md 7); the high-yield account is in highYieldApi.ts. */
export const depositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeposits: build.query<EntityState<Deposit, string>, void>({
      query: () => ApiPaths.deposits,
      transformResponse: (response: DepositsResponse) => depositsAdapter.setAll(depositsAdapter.getInitialState(), response.deposits),
      providesTags: (result) => listTags('Deposit', result?.ids),
    }),
    getDepositLimits: build.query<DepositLimitsResponse, void>({
      query: () => ApiPaths.depositLimits,
      providesTags: [idTag('Deposit', 'LIMITS')],
    }),
    initiateDeposit: build.mutation<DepositIntent, InitiateDepositRequest>({
      query: (body) => ({ url: ApiPaths.depositIntents, method: 'POST', body }),
    }),
    /** The key is made once per confirmation attempt by the caller (kept in the draft), so a retry reuses it. */
    confirmDeposit: build.mutation<Deposit, ConfirmDepositRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: ApiPaths.depositConfirm,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // A money movement: a limit refusal means the figures on screen were out of date.
      invalidatesTags: always([...AFTER_MONEY_MOVES, idTag('Deposit', 'LIMITS')]),
    }),
    cancelDeposit: build.mutation<Deposit, string>({
      query: (depositId) => ({ url: apiPath(ApiPaths.depositCancel, { depositId }), method: 'POST' }),
      // A money movement: a refused cancel (already sent, money spent) means the deposit on screen was out of date.
      invalidatesTags: always((_result, depositId) => [idTag('Deposit', depositId), ...AFTER_MONEY_MOVES, idTag('Deposit', 'LIMITS')]),
    }),
    initiateTransfer: build.mutation<TransferIntent, InitiateTransferRequest>({
      query: (body) => ({ url: ApiPaths.transferIntents, method: 'POST', body }),
    }),
    confirmTransfer: build.mutation<Deposit, ConfirmTransferRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: ApiPaths.transferConfirm,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // A money movement: a refusal (not enough to move) means the balances on screen were out of date.
      invalidatesTags: always([...AFTER_MONEY_MOVES]),
    }),
    getRecurringDeposits: build.query<EntityState<RecurringDeposit, string>, string>({
      query: (accountUuid) => apiPath(ApiPaths.recurringDeposits, { accountUuid }),
      transformResponse: (response: RecurringDepositsResponse) =>
        recurringDepositsAdapter.setAll(recurringDepositsAdapter.getInitialState(), response.recurringDeposits),
      providesTags: (result) => listTags('RecurringDeposit', result?.ids),
    }),
    createRecurringDeposit: build.mutation<
      RecurringDepositResponse,
      CreateRecurringDepositRequest & { accountUuid: string; idempotencyKey: string }
    >({
      query: ({ accountUuid, idempotencyKey, ...body }) => ({
        url: apiPath(ApiPaths.recurringDeposits, { accountUuid }),
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: unlessRefused([listTag('RecurringDeposit')]),
    }),
    updateRecurringDeposit: build.mutation<
      RecurringDepositResponse,
      UpdateRecurringDepositRequest & { accountUuid: string; recurringDepositId: string }
    >({
      query: ({ accountUuid, recurringDepositId, ...body }) => ({
        url: apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId }),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: unlessRefused((_result, { recurringDepositId }) => [idTag('RecurringDeposit', recurringDepositId)]),
    }),
    skipNextRecurringDeposit: build.mutation<RecurringDepositResponse, { accountUuid: string; recurringDepositId: string }>({
      query: ({ accountUuid, recurringDepositId }) => ({
        url: apiPath(ApiPaths.recurringDepositSkip, { accountUuid, recurringDepositId }),
        method: 'POST',
      }),
      invalidatesTags: unlessRefused((_result, { recurringDepositId }) => [idTag('RecurringDeposit', recurringDepositId)]),
    }),
    cancelRecurringDeposit: build.mutation<void, { accountUuid: string; recurringDepositId: string }>({
      query: ({ accountUuid, recurringDepositId }) => ({
        url: apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId }),
        method: 'DELETE',
      }),
      invalidatesTags: unlessRefused((_result, { recurringDepositId }) => [
        idTag('RecurringDeposit', recurringDepositId),
        listTag('RecurringDeposit'),
      ]),
    }),
    getIraConfiguration: build.query<IraConfiguration, void>({
      query: () => ApiPaths.iraConfiguration,
      keepUnusedDataFor: 3600,
    }),
    getIraContributions: build.query<IraContributionsResponse, string>({
      query: (accountUuid) => ({ url: ApiPaths.iraContributions, params: { accountUuid } }),
      providesTags: [listTag('IraContribution')],
    }),
    getUserProperties: build.query<UserPropertiesResponse, void>({
      query: () => ApiPaths.userProperties,
      providesTags: ['UserProperties'],
    }),
    patchUserProperties: build.mutation<UserPropertiesResponse, PatchUserPropertiesRequest>({
      query: (body) => ({ url: ApiPaths.userProperties, method: 'PATCH', body }),
      invalidatesTags: unlessRefused(['UserProperties']),
    }),
  }),
});

export const {
  useGetDepositsQuery,
  useGetDepositLimitsQuery,
  useInitiateDepositMutation,
  useConfirmDepositMutation,
  useCancelDepositMutation,
  useInitiateTransferMutation,
  useConfirmTransferMutation,
  useGetRecurringDepositsQuery,
  useCreateRecurringDepositMutation,
  useUpdateRecurringDepositMutation,
  useSkipNextRecurringDepositMutation,
  useCancelRecurringDepositMutation,
  useGetIraConfigurationQuery,
  useGetIraContributionsQuery,
  useGetUserPropertiesQuery,
  usePatchUserPropertiesMutation,
} = depositsApi;
