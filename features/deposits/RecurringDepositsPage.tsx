import { lazy } from 'react';
import { Spinner } from '../../ui';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

const RecurringDepositsSection = lazy(
  () => import(/* webpackChunkName: "recurring-deposits" */ '../recurringDeposits/RecurringDepositsSection'),
);

/**
 * /settings/recurring-deposits in the older settings layout (the newer one shows the same section on the Transfers
 * page at #recurring-deposits).
 */
export default function RecurringDepositsPage() {
  return (
    <div className="page">
      <h1 className="page-title">Recurring deposits</h1>
      <LazyBoundary fallback={<Spinner label="Loading recurring deposits" codeLoading />}>
        <RecurringDepositsSection />
      </LazyBoundary>
    </div>
  );
}
