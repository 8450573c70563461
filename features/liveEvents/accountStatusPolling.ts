import { createSelector } from '@reduxjs/toolkit';
import { ACCOUNT_STATUS_POLL_MS } from '../../api/contract/values';
import type { Account, ApplicationStatus } from '../../api/contract';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectCurrentUser } from '../session/sessionSlice';

/**
 * The customer's account status for onboarding (funding-methods.md 4.9): the application's status, except
 * that an open account, or an entity variant, counts as COMPLETE. Null while nothing is known.
 */
export function effectiveAccountStatus(
  applicationStatus: ApplicationStatus | null,
  account: Pick<Account, 'status' | 'variant'> | null,
): ApplicationStatus | null {
  if (account && (account.status === 'OPEN' || account.variant === 'ENTITY')) return 'COMPLETE';
  return applicationStatus;
}

/** Poll every 15 seconds while a refresh is requested, until the status is COMPLETE; 0 means no polling. */
export function accountStatusPollingInterval(refreshRequested: boolean, status: ApplicationStatus | null): number {
  return refreshRequested && status !== 'COMPLETE' ? ACCOUNT_STATUS_POLL_MS : 0;
}

export const selectAccountStatus = createSelector([selectCurrentUser, selectSelectedAccount], (user, account) =>
  effectiveAccountStatus(user?.applicationStatus ?? null, account),
);
