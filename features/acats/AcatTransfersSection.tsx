import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/apiError';
import { useDeleteAcatDraftMutation, useGetAcatDraftsQuery, useSubmitAcatDraftMutation } from '../../api/servicesApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Badge, Button, Card, EmptyState, ErrorState, Modal, Spinner } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { AcatDraftEditor } from './AcatDraftEditor';
import { ACAT_MESSAGES, draftStatus } from './acatRules';
import {
  continuePressed,
  deleteDismissed,
  deletePressed,
  newTransferPressed,
  selectDeletingDraftId,
  selectEditingDraftId,
  selectStartingNewTransfer,
} from './acatTransfersSlice';
import type { AcatDraft } from './acatTypes';
import './acats.css';

export const ACATS_ANCHOR = 'acats';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * Account transfers from other brokerages on the Transfers page (/settings/v2/transfers#acats): every transfer
 * with its status; a draft in progress can be continued (the editor), submitted once the server finds nothing
 * missing, or deleted.
 */
export default function AcatTransfersSection() {
  const query = useGetAcatDraftsQuery();
  const dispatch = useAppDispatch();
  const editingDraftId = useAppSelector(selectEditingDraftId);
  const deletingDraftId = useAppSelector(selectDeletingDraftId);
  const startingNew = useAppSelector(selectStartingNewTransfer);
  const { hash } = useLocation();
  const drafts = query.data ?? [];

  // The section renders after its chunk and the list load, too late for the browser's own jump to #acats.
  useEffect(() => {
    if (!query.isLoading && hash === `#${ACATS_ANCHOR}`) document.getElementById(ACATS_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [query.isLoading, hash]);

  // The editor opens on an empty form; the draft is created by its first Save, so opening and cancelling leaves nothing.
  const startButton = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} size={variant === 'primary' ? undefined : 'sm'} onClick={() => dispatch(newTransferPressed())}>
      {ACAT_MESSAGES.start}
    </Button>
  );

  let body: React.ReactNode;
  if (query.isLoading) body = <Spinner label={ACAT_MESSAGES.loading} />;
  else if (query.isError && !query.data) {
    body = <ErrorState title={ACAT_MESSAGES.loadFailed} body={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (drafts.length === 0) {
    body = <EmptyState title={ACAT_MESSAGES.emptyTitle} body={ACAT_MESSAGES.emptyBody} action={startButton('primary')} />;
  } else {
    body = (
      <ul className="acat-list" aria-label={ACAT_MESSAGES.title} aria-busy={query.isFetching || undefined}>
        {drafts.map((draft) => (
          <li key={draft.id}>
            <AcatDraftItem draft={draft} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div id={ACATS_ANCHOR} className="acat-section">
      <Card as="section" title={ACAT_MESSAGES.title} actions={drafts.length > 0 ? startButton('secondary') : null}>
        {body}
      </Card>
      {editingDraftId || startingNew ? <AcatDraftEditor draftId={editingDraftId} /> : null}
      <DeleteDraftModal draftId={deletingDraftId} onClose={() => dispatch(deleteDismissed())} />
    </div>
  );
}

function AcatDraftItem({ draft }: { draft: AcatDraft }) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const problemsId = useId();
  const [submit, submission] = useSubmitAcatDraftMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const status = draftStatus(draft);
  const inProgress = draft.progress === 'IN_PROGRESS';
  const title = draft.brokerage ? `From ${draft.brokerage}` : ACAT_MESSAGES.newTransfer;

  const onSubmit = async () => {
    setSubmitError(null);
    try {
      await submit(draft.id).unwrap();
      dispatch(toastShown(ACAT_MESSAGES.submitted, 'success'));
    } catch (error) {
      setSubmitError(errorMessage(error));
    }
  };

  return (
    <article className="acat-item" aria-labelledby={headingId}>
      <div className="acat-item__head">
        <h3 id={headingId} className="acat-item__title">
          {title}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="acat-item__meta">
        {draft.kind === 'ROLLOVER' ? 'Rollover' : 'Account transfer'} ·{' '}
        {draft.submittedAt ? `Submitted ${formatDate(draft.submittedAt)}` : `Started ${formatDate(draft.createdAt)}`}
      </p>
      {inProgress && draft.problems.length > 0 ? (
        <div id={problemsId} className="acat-item__problems">
          <p>{ACAT_MESSAGES.toFinish}</p>
          <ul>
            {draft.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {draft.items.length > 0 ? (
        <ul className="acat-item__assets" aria-label={`What moves ${draft.brokerage ? `from ${draft.brokerage}` : ''}`.trim()}>
          {draft.items.map((item) => (
            <li key={item.description}>
              {item.description} <span className="acat-item__asset-status">{itemStatusLabel(item.status)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* A submit whose answer was lost may have gone through: once the refreshed list shows the transfer submitted,
          the stale error is not shown on it. */}
      {submitError && inProgress ? (
        <p role="alert" className="acat-error">
          {submitError}
        </p>
      ) : null}
      {inProgress ? (
        <div className="acat-item__actions">
          <Button size="sm" variant="secondary" onClick={() => dispatch(continuePressed(draft.id))} aria-describedby={headingId}>
            Continue
          </Button>
          <Button
            size="sm"
            onClick={() => void onSubmit()}
            disabled={!draft.readyToSubmit}
            loading={submission.isLoading}
            aria-describedby={draft.readyToSubmit ? headingId : problemsId}
          >
            Submit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => dispatch(deletePressed(draft.id))} aria-describedby={headingId}>
            Delete
          </Button>
        </div>
      ) : null}
    </article>
  );
}

const itemStatusLabel = (status: AcatDraft['items'][number]['status']) =>
  ({ PENDING: 'Pending', COMPLETED: 'Completed', REJECTED: 'Rejected', ACTION_REQUIRED: 'Action required' })[status];

function DeleteDraftModal({ draftId, onClose }: { draftId: string | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [remove, removal] = useDeleteAcatDraftMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!draftId) return;
    setError(null);
    try {
      await remove(draftId).unwrap();
      dispatch(toastShown(ACAT_MESSAGES.deleted, 'success'));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Modal
      open={draftId !== null}
      title={ACAT_MESSAGES.deleteTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={removal.isLoading}>
            Delete transfer
          </Button>
        </>
      }
    >
      <p>{ACAT_MESSAGES.deleteBody}</p>
      {error ? (
        <p role="alert" className="acat-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
