import { DEFAULT_ERROR_MESSAGE, errorMessage, isOutage } from '../../api/apiError';
import { AlertIcon, Notice } from '../../ui';

/** Why a confirmation's action failed, for the item it was about. */
export interface ActionFailure {
  id: string;
  /** No verdict on the request (5xx, 429, no answer): pressing again may work. */
  outage: boolean;
  /** The server's or the network layer's message, unless it is only the generic one. */
  detail: string | null;
}

export function actionFailureOf(id: string, error: unknown): ActionFailure {
  const detail = errorMessage(error);
  return { id, outage: isOutage(error), detail: detail === DEFAULT_ERROR_MESSAGE ? null : detail };
}

/**
 * The failure shown inside a confirmation dialog that stays open. An outage says what went wrong and how to retry
 * there; a verdict on the request shows only the server's reason, without an invitation to press again.
 */
export function ActionFailureNotice({ failure, title, retryHint }: { failure: ActionFailure; title: string; retryHint: string }) {
  if (!failure.outage) return <Notice tone="danger" icon={<AlertIcon size={20} />} title={failure.detail ?? title} live="assertive" />;
  return (
    <Notice tone="danger" icon={<AlertIcon size={20} />} title={title} live="assertive">
      {failure.detail ? `${failure.detail} ` : ''}
      {retryHint}
    </Notice>
  );
}
