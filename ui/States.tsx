import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { AlertIcon } from './icons';

export interface EmptyStateProps {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, body, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx('ff-state', className)}>
      {icon ? <div className="ff-state__icon">{icon}</div> : null}
      <p className="ff-state__title">{title}</p>
      {body ? <div className="ff-state__body">{body}</div> : null}
      {action ? <div className="ff-state__action">{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  title: string;
  body?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** A failed load, announced with role="alert", with an optional retry. */
export function ErrorState({ title, body, onRetry, retryLabel = 'Try again', className }: ErrorStateProps) {
  return (
    <div className={cx('ff-state', 'ff-state--error', className)} role="alert">
      <div className="ff-state__icon ff-state__icon--error">
        <AlertIcon size={24} />
      </div>
      <p className="ff-state__title">{title}</p>
      {body ? <div className="ff-state__body">{body}</div> : null}
      {onRetry ? (
        <div className="ff-state__action">
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
