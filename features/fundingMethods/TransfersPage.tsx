import { lazy } from 'react';
import { AppLink } from '../navigation/AppLink';
import { PageHeader, Spinner } from '../../ui';
import { TransferBetweenAccountsButton } from '../transfers/internalTransferEntry';
import { ManageFundingMethods } from './ManageFundingMethods';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

// Its own chunk: the schedules load after the funding methods, and the section carries the #recurring-deposits anchor.
const AcatTransfersSection = lazy(() => import(/* webpackChunkName: "acat-transfers" */ '../acats/AcatTransfersSection'));
const RecurringDepositsSection = lazy(
  () => import(/* webpackChunkName: "recurring-deposits" */ '../recurringDeposits/RecurringDepositsSection'),
);

/**
 * /settings/v2/transfers: in the newer settings layout the funding methods live on the Transfers page
 * (section 2.1 maps /settings/funding-methods there), with the recurring deposits at #recurring-deposits, the
 * transfer history and transfers between the customer's own accounts. ACAT transfers join it with their issue.
 */
export default function TransfersPage() {
  return (
    <div className="page">
      <PageHeader
        title="Transfers"
        actions={
          <>
            <AppLink to="/settings/v2/transfers/history" className="text-link">
              Transfer history
            </AppLink>
            <TransferBetweenAccountsButton size="sm" />
          </>
        }
      />
      <ManageFundingMethods />
      <LazyBoundary fallback={<Spinner label="Loading recurring deposits" codeLoading />}>
        <RecurringDepositsSection />
      </LazyBoundary>
      <LazyBoundary fallback={<Spinner label="Loading account transfers" codeLoading />}>
        <AcatTransfersSection />
      </LazyBoundary>
    </div>
  );
}
