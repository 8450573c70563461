import { Button, Modal } from '../../ui';
import type { ErrorFallbackProps } from './AppErrorBoundary';

export interface FailureDialogProps extends ErrorFallbackProps {
  /** Closes the flow that failed (as its own Close would). */
  onClose: () => void;
}

/**
 * A funding flow that failed, shown where the flow would have opened: a dialog (a sheet on phones) named by what
 * happened, with Try again; Close or Escape closes the flow. In its own file so the kit's Modal stays out of the
 * first bundle (only the funding flows' host, a lazy chunk, uses it).
 */
export function FailureDialog({ title, body, onRetry, onClose }: FailureDialogProps) {
  return (
    <Modal open title={title} onClose={onClose} footer={<Button onClick={onRetry}>Try again</Button>}>
      <p className="muted">{body}</p>
    </Modal>
  );
}
