import { useGetAccountsQuery } from '../../api/accountsApi';
import { useGetMeQuery } from '../../api/authApi';
import type { ApplicationStatus } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { accountStatusPollingInterval, selectAccountStatus } from './accountStatusPolling';

export interface AccountStatusPolling {
  status: ApplicationStatus | null;
  complete: boolean;
  /** True while the status is being polled (a refresh is requested and it is not COMPLETE yet). */
  polling: boolean;
}

/**
 * Polls the customer's application (GET /api/me, which also updates the session's user) and accounts every
 * 15 seconds while `refreshRequested`, and stops once the status is COMPLETE (funding-methods.md 4.9), e.g.
 * on a screen waiting for an application review. Without a request it reads what is known and polls nothing.
 */
export function useAccountStatusPolling(refreshRequested: boolean): AccountStatusPolling {
  const status = useAppSelector(selectAccountStatus);
  const pollingInterval = accountStatusPollingInterval(refreshRequested, status);
  const polling = pollingInterval > 0;
  // Stopping is pollingInterval 0, not skip: the subscription stays, so no poll already planned slips through.
  useGetMeQuery(undefined, { skip: !refreshRequested, pollingInterval, refetchOnMountOrArgChange: true });
  useGetAccountsQuery(undefined, { skip: !refreshRequested, pollingInterval, refetchOnMountOrArgChange: true });
  return { status, complete: status === 'COMPLETE', polling };
}
