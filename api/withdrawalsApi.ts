import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { ApiPaths, IDEMPOTENCY_HEADER, compareCodeUnits } from './contract/values';
import type { AvailableToWithdraw, CreateWithdrawalRequest, Withdrawal, WithdrawalsResponse } from './contract';

export const withdrawalsAdapter = createEntityAdapter<Withdrawal, string>({
  selectId: (withdrawal) => withdrawal.id,
  sortComparer: (a, b) => compareCodeUnits(b.createdAt, a.createdAt),
});

/** A withdrawal changes balances, what is available and the transfer history: these refetch after one. */
const AFTER_WITHDRAWAL = [
  { type: 'Withdrawal', id: 'LIST' },
  { type: 'Withdrawal', id: 'AVAILABLE' },
  { type: 'Account', id: 'LIST' },
  { type: 'Deposit', id: 'LIST' },
  { type: 'HighYieldAccount', id: 'LIST' },
] as const;

/** Withdrawals: the list, what an account has available to withdraw, and making one (our paths). */
export const withdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: build.query<EntityState<Withdrawal, string>, void>({
      query: () => ApiPaths.withdrawals,
      transformResponse: (response: WithdrawalsResponse) => withdrawalsAdapter.setAll(withdrawalsAdapter.getInitialState(), response.withdrawals),
      providesTags: (result) => [{ type: 'Withdrawal', id: 'LIST' }, ...(result?.ids ?? []).map((id) => ({ type: 'Withdrawal' as const, id }))],
    }),
    getAvailableToWithdraw: build.query<AvailableToWithdraw, string>({
      query: (accountUuid) => ({ url: ApiPaths.withdrawalsAvailable, params: { accountUuid } }),
      // Holds end when a deposit settles or is returned (the live ORDER_UPDATED event): refresh with the deposits and balances.
      providesTags: [
        { type: 'Withdrawal', id: 'AVAILABLE' },
        { type: 'Deposit', id: 'LIST' },
        { type: 'Account', id: 'LIST' },
      ],
    }),
    /** The caller makes the key once per attempt (kept in the withdrawal slice), so Try again reuses it. */
    createWithdrawal: build.mutation<Withdrawal, CreateWithdrawalRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: ApiPaths.withdrawals, method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: [...AFTER_WITHDRAWAL],
    }),
  }),
});

export const { useGetWithdrawalsQuery, useGetAvailableToWithdrawQuery, useCreateWithdrawalMutation } = withdrawalsApi;
