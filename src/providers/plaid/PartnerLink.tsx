import { lazy } from 'react';
import { useGetProvidersQuery } from '../../../api/bankLinkApi';
import { errorMessage } from '../../../api/apiError';
import { ErrorState, Spinner } from '../../../ui';
import { SandboxPlaidLink } from './SandboxPlaidLink';
import { LazyBoundary } from '../../../features/errorRecovery/AppErrorBoundary';
import type { PartnerLinkProps } from './partnerLink';

const LivePlaidLink = lazy(() => import(/* webpackChunkName: "plaid-live" */ './LivePlaidLink'));

/**
 * The partner link the flows render: Plaid Link in live mode, the in-app sandbox otherwise, chosen by the
 * server's provider modes (GET /api/providers). Same props and callbacks either way.
 */
export function PartnerLink(props: PartnerLinkProps) {
  const providers = useGetProvidersQuery();
  if (providers.isLoading) return <Spinner label="Connecting to your bank" />;
  if (providers.isError || !providers.data) {
    return (
      <ErrorState
        title="We couldn't reach the bank connection service"
        body={errorMessage(providers.error)}
        onRetry={() => void providers.refetch()}
      />
    );
  }
  if (providers.data.plaid === 'live') {
    return (
      <LazyBoundary fallback={<Spinner label="Opening Plaid" codeLoading />}>
        <LivePlaidLink {...props} />
      </LazyBoundary>
    );
  }
  return <SandboxPlaidLink {...props} />;
}
