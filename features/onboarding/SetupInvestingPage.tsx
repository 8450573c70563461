import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { useGetApplicationQuery } from '../../api/onboardingApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Card, ErrorState, PageHeader, Spinner } from '../../ui';
import { useAccountStatusPolling } from '../liveEvents/useAccountStatusPolling';
import { ApplicationChecklist } from './ApplicationChecklist';
import { ApplicationCompleteState } from './ApplicationCompleteState';
import { ApplicationRejectedState } from './ApplicationRejectedState';
import { ApplicationReviewingState } from './ApplicationReviewingState';
import { ApplicationWizard } from './ApplicationWizard';
import { OnboardingCopy } from './onboardingCopy';
import { applicationStarted, selectWizardPhase, setupInvestingReset } from './setupInvestingSlice';
import { needsApplicationRefetch, setupInvestingView, shownApplicationStatus } from './setupInvestingView';
import './onboarding.css';

/**
 * /setup-investing, the "Finish Application" target (funding-methods.md 2.1): the application's missing steps as a
 * checklist, forms for them, review and submit; then the review's progress (the account status is polled every
 * 15 seconds, section 4.9) and its outcome. A customer who is done is told so.
 */
export default function SetupInvestingPage() {
  const dispatch = useAppDispatch();
  const query = useGetApplicationQuery(undefined, { refetchOnMountOrArgChange: true });
  const phase = useAppSelector(selectWizardPhase);
  const application = query.data;
  const applicationStatus = application?.status ?? null;
  const { status: liveStatus } = useAccountStatusPolling(applicationStatus === 'PENDING');
  const status = shownApplicationStatus(applicationStatus, liveStatus);
  // Seen the review run on this visit: the outcome is news ("Your account is open"), not a returning visit.
  const [sawReview, setSawReview] = useState(false);
  const view = setupInvestingView({ loading: query.isLoading, failed: query.isError, status, phase });

  const refetch = query.refetch;
  const refetchNeeded = needsApplicationRefetch(applicationStatus, liveStatus);
  useEffect(() => {
    // The status poll saw the decision: fetch the application for its details (reason, message).
    if (refetchNeeded) void refetch();
  }, [refetchNeeded, liveStatus, refetch]);
  useEffect(() => {
    if (view === 'reviewing') setSawReview(true);
  }, [view]);
  useEffect(() => () => void dispatch(setupInvestingReset()), [dispatch]);

  let body: React.ReactNode;
  if (view === 'loading') body = <Spinner label="Loading your application" />;
  else if (view === 'error')
    body = <ErrorState title={OnboardingCopy.loadFailed} body={errorMessage(query.error)} onRetry={() => void refetch()} />;
  else if (view === 'complete') body = <ApplicationCompleteState justApproved={sawReview} />;
  else if (view === 'reviewing') body = <ApplicationReviewingState />;
  else if (view === 'rejected') body = <ApplicationRejectedState message={application?.rejectionMessage ?? null} />;
  else if (view === 'form' || view === 'review') body = <ApplicationWizard application={application!} />;
  else body = <ApplicationChecklist application={application!} onContinue={(steps) => dispatch(applicationStarted(steps))} />;

  return (
    <div className="page setup-investing">
      <PageHeader
        title={view === 'complete' || view === 'reviewing' || view === 'rejected' ? OnboardingCopy.sentTitle : OnboardingCopy.title}
        subtitle={view === 'checklist' ? OnboardingCopy.subtitle : undefined}
      />
      <Card>{body}</Card>
    </div>
  );
}
