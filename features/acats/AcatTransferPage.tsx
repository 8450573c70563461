import { lazy } from 'react';
import { AppLink } from '../navigation/AppLink';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import { ChevronLeftIcon, PageHeader, Spinner } from '../../ui';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

// The section is its own chunk, shared with the Transfers page (#acats).
const AcatTransfersSection = lazy(() => import(/* webpackChunkName: "acat-transfers" */ './AcatTransfersSection'));

export const AcatTransferCopy = {
  title: 'Transfer from another brokerage',
  subtitle:
    'Move stocks, ETFs and cash from another brokerage or retirement account to Fundflow. Your investments move as they are; no selling needed.',
  back: 'Back to transfers',
} as const;

/**
 * /settings/acat-transfer in the older settings layout: the account-transfer section on a page of its own. In the
 * newer layout the path maps to /settings/v2/transfers#acats, where the same section sits on the Transfers page.
 */
export default function AcatTransferPage() {
  const flags = useAppSelector(selectFlags);
  const transfersPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  return (
    <div className="page acat-transfer-page">
      <AppLink to={transfersPath} className="text-link">
        <ChevronLeftIcon size={16} /> {AcatTransferCopy.back}
      </AppLink>
      <PageHeader title={AcatTransferCopy.title} subtitle={AcatTransferCopy.subtitle} />
      <LazyBoundary fallback={<Spinner label="Loading account transfers" codeLoading />}>
        <AcatTransfersSection />
      </LazyBoundary>
    </div>
  );
}
