import { createSelector } from '@reduxjs/toolkit';
import { selectAllAccounts } from '../../api/accountsApi';
import { selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import { withdrawalsApi } from '../../api/withdrawalsApi';
import { moneyToCents, type WithdrawalVariant } from '../../api/contract/values';
import type { RootState } from '../../store/store';
import { amountProblem, banksAwaitingMicroDeposits, withdrawalBanks, withdrawalSources } from './withdrawalRules';
import { selectWithdrawalState } from './withdrawalSlice';

const selectVariant = (state: RootState) => selectWithdrawalState(state).variant ?? 'brokerage';

/** The accounts the current page withdraws from. */
export const selectWithdrawalSources = createSelector([selectAllAccounts, selectVariant], (accounts, variant: WithdrawalVariant) =>
  withdrawalSources(accounts, variant),
);

/** Banks money can be sent to: only approved, ready, connected bank accounts. */
export const selectWithdrawalBanks = createSelector([selectAllPaymentMethods], withdrawalBanks);

/** Banks waiting for their micro-deposits: the withdrawal page offers to verify each one in place. */
export const selectWithdrawalBanksAwaitingMicroDeposits = createSelector([selectAllPaymentMethods], banksAwaitingMicroDeposits);

/** The chosen source account, when it is still one the page offers. */
export const selectWithdrawalSource = createSelector(
  [selectWithdrawalSources, (state: RootState) => selectWithdrawalState(state).accountUuid],
  (sources, uuid) => sources.find((account) => account.accountUuid === uuid) ?? null,
);

export const selectWithdrawalBank = createSelector(
  [selectWithdrawalBanks, (state: RootState) => selectWithdrawalState(state).paymentMethodId],
  (banks, id) => banks.find((method) => method.id === id) ?? null,
);

/** Cents available to withdraw from the chosen account, or null while not known. */
export const selectAvailableCents = (state: RootState): number | null => {
  const uuid = selectWithdrawalState(state).accountUuid;
  if (!uuid) return null;
  const answer = withdrawalsApi.endpoints.getAvailableToWithdraw.select(uuid)(state).data;
  return answer ? moneyToCents(answer.availableToWithdraw) : null;
};

/**
 * Why Next is disabled (or null when it is not): the amount's problem, a missing bank, or, for an IRA, a
 * missing withholding choice or distribution reason.
 */
export const selectWithdrawalNextProblem = createSelector(
  [
    selectWithdrawalState,
    selectWithdrawalSource,
    selectWithdrawalBank,
    selectAvailableCents,
    (_state: RootState, amountCents: number | null) => amountCents,
  ],
  (flow, source, bank, availableCents, amountCents) => {
    const amount = amountProblem(amountCents, availableCents);
    if (amount) return amount;
    if (!source) return 'account';
    if (!bank) return 'bank';
    if (flow.variant === 'ira' && (flow.withholdingPercent === null || flow.distributionReason === null)) return 'iraChoices';
    return null;
  },
);
