import { lazy } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import { Spinner } from '../../ui';
import { safeOrigin } from '../../src/routes/safeOrigin';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

const InternalTransferFlow = lazy(() => import(/* webpackChunkName: "internal-transfer" */ './InternalTransferFlow'));

/**
 * /settings/v2/transfers/between-accounts (and /settings/transfers/between-accounts): the transfer between the
 * customer's own accounts as a full route, for links and narrow screens. Closing returns to ?origin= or Transfers.
 */
export default function InternalTransferPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flags = useAppSelector(selectFlags);
  const transfers = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  return (
    <div className="page">
      <LazyBoundary fallback={<Spinner label="Loading" codeLoading />}>
        <InternalTransferFlow presentation="page" onClose={() => void navigate(safeOrigin(params.get('origin')) ?? transfers)} />
      </LazyBoundary>
    </div>
  );
}
