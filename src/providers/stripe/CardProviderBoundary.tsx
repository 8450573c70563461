import { lazy, type ReactNode } from 'react';
import { useGetProvidersQuery } from '../../../api/bankLinkApi';
import { errorMessage } from '../../../api/apiError';
import { ErrorState, Spinner } from '../../../ui';
import { LazyBoundary } from '../../../features/errorRecovery/AppErrorBoundary';

// Both implementations are separate chunks, fetched only when a card flow opens: neither the sandbox
// form nor Stripe's libraries are in the initial bundle, and a sandbox session never downloads Stripe.
const SandboxCardProvider = lazy(() => import(/* webpackChunkName: "card-sandbox" */ './sandbox/SandboxCardProvider'));
const StripeCardProvider = lazy(() => import(/* webpackChunkName: "card-stripe" */ './live/StripeCardProvider'));

export interface CardProviderBoundaryProps {
  children: ReactNode;
  /** Shown while the provider's code (and in live mode Stripe.js) loads. */
  fallback?: ReactNode;
}

const defaultFallback = <Spinner label="Loading the card form" />;

/**
 * Provides the card provider the server is configured for (GET /api/providers): Stripe in live mode with the
 * publishable key it gives, the sandbox otherwise. Children use it through useCardProvider().
 */
export function CardProviderBoundary({ children, fallback = defaultFallback }: CardProviderBoundaryProps) {
  const { data, error, isLoading, refetch } = useGetProvidersQuery();
  if (isLoading) return <>{fallback}</>;
  if (error || !data) return <ErrorState title="The card form could not load" body={errorMessage(error)} onRetry={() => void refetch()} />;
  if (data.stripe === 'live') {
    if (!data.stripePublishableKey) return <ErrorState title="Card payments are not configured" body="Please try again later." />;
    return (
      <LazyBoundary fallback={fallback}>
        <StripeCardProvider publishableKey={data.stripePublishableKey}>{children}</StripeCardProvider>
      </LazyBoundary>
    );
  }
  return (
    <LazyBoundary fallback={fallback}>
      <SandboxCardProvider>{children}</SandboxCardProvider>
    </LazyBoundary>
  );
}
