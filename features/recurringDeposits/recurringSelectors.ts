import { createSelector } from '@reduxjs/toolkit';
import { selectAllAccounts } from '../../api/accountsApi';
import { depositsApi, recurringDepositsAdapter } from '../../api/depositsApi';
import type { RecurringDeposit } from '../../api/contract';
import type { RootState } from '../../store/rootReducer';
import { isListed, recurringDestinationAccounts } from './recurringRules';

/** The customer's accounts that can receive recurring deposits, brokerage first. */
export const selectRecurringDestinationAccounts = createSelector([selectAllAccounts], recurringDestinationAccounts);

const emptySchedules = recurringDepositsAdapter.getInitialState();
const listedSchedules = createSelector([(entities: ReturnType<typeof recurringDepositsAdapter.getInitialState>) => entities], (entities) =>
  recurringDepositsAdapter.getSelectors().selectAll(entities).filter(isListed),
);

/** One account's live schedules (cancelled ones are left out), from the cache entry of its list query. */
export function selectListedRecurringDeposits(state: RootState, accountUuid: string): RecurringDeposit[] {
  return listedSchedules(depositsApi.endpoints.getRecurringDeposits.select(accountUuid)(state).data ?? emptySchedules);
}

/**
 * What the manage list as a whole shows across the customer's accounts: 'listed' when some account has a live
 * schedule, 'loading' while some list has not answered yet, 'failed' when nothing is listed and some list failed
 * (each failed account shows its own retry), 'empty' when every list answered and none has a schedule.
 */
export type RecurringOverview = 'listed' | 'loading' | 'failed' | 'empty';

export function selectRecurringOverview(state: RootState, accountUuids: readonly string[]): RecurringOverview {
  const results = accountUuids.map((accountUuid) => depositsApi.endpoints.getRecurringDeposits.select(accountUuid)(state));
  if (results.some((result) => result.data && listedSchedules(result.data).length > 0)) return 'listed';
  if (results.some((result) => result.isUninitialized || (result.isLoading && !result.data))) return 'loading';
  if (results.some((result) => result.isError && !result.data)) return 'failed';
  return 'empty';
}
