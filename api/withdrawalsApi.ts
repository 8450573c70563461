import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { always, idTag, listTag, listTags } from './tags';
import { ApiPaths, IDEMPOTENCY_HEADER, compareCodeUnits } from './contract/values';
import type { AvailableToWithdraw, CreateWithdrawalRequest, Withdrawal, WithdrawalsResponse } from './contract';

export const withdrawalsAdapter = createEntityAdapter<Withdrawal, string>({
  selectId: (withdrawal) => withdrawal.id,
  sortComparer: (a, b) => compareCodeUnits(b.createdAt, a.createdAt),
});

/** A withdrawal changes balances, what is available and the transfer history: these refetch after one. */
const AFTER_WITHDRAWAL = [
  listTag('Withdrawal'),
  idTag('Withdrawal', 'AVAILABLE'),
  listTag('Account'),
  listTag('Deposit'),
  listTag('HighYieldAccount'),
] as const;

/** Withdrawals: the list, what an account has available to withdraw, and making one (our paths). */
export const withdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: build.query<EntityState<Withdrawal, string>, void>({
      query: () => ApiPaths.withdrawals,
      transformResponse: (response: WithdrawalsResponse) =>
        withdrawalsAdapter.setAll(withdrawalsAdapter.getInitialState(), response.withdrawals),
      providesTags: (result) => listTags('Withdrawal', result?.ids),
    }),
    getAvailableToWithdraw: build.query<AvailableToWithdraw, string>({
      query: (accountUuid) => ({ url: ApiPaths.withdrawalsAvailable, params: { accountUuid } }),
      // Holds end when a deposit settles or is returned (the live ORDER_UPDATED event): refresh with the deposits and balances.
      providesTags: [idTag('Withdrawal', 'AVAILABLE'), listTag('Deposit'), listTag('Account')],
    }),
    /** The caller makes the key once per attempt (kept in the withdrawal slice), so Try again reuses it. */
    createWithdrawal: build.mutation<Withdrawal, CreateWithdrawalRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: ApiPaths.withdrawals,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // A money movement: a refusal means what is available to withdraw changed.
      invalidatesTags: always([...AFTER_WITHDRAWAL]),
    }),
  }),
});

export const { useGetWithdrawalsQuery, useGetAvailableToWithdrawQuery, useCreateWithdrawalMutation } = withdrawalsApi;
