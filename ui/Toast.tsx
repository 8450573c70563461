import { createPortal } from 'react-dom';
import { cx } from './cx';
import { KEEP_LIVE_ATTRIBUTE } from './focus';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastItem {
  id: string;
  message: string;
  tone?: ToastTone;
}

export interface ToastViewportProps {
  toasts: ToastItem[];
  onDismiss: (id: string) => void;
  /** Accessible name of each dismiss button (default 'Dismiss'). */
  dismissLabel?: string;
}

const toneIcon = { info: InfoIcon, success: CheckCircleIcon, error: AlertIcon } as const;

function Toast({ toast, onDismiss, dismissLabel }: { toast: ToastItem; onDismiss: (id: string) => void; dismissLabel: string }) {
  const tone = toast.tone ?? 'info';
  const Icon = toneIcon[tone];
  return (
    <div className={cx('ff-toast', `ff-toast--${tone}`)} role={tone === 'error' ? 'alert' : undefined}>
      <Icon size={20} className="ff-toast__icon" />
      <p className="ff-toast__message">{toast.message}</p>
      <button
        type="button"
        className="ff-toast__dismiss"
        aria-label={`${dismissLabel}: ${toast.message}`}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

/**
 * Shows the app's toasts (kept in its store; expiry is the app's job). The regions are always in
 * the page, so screen readers announce new toasts: errors assertively (role="alert"), the rest
 * politely. It lives in a portal that stays usable while a modal is open.
 */
export function ToastViewport({ toasts, onDismiss, dismissLabel = 'Dismiss' }: ToastViewportProps) {
  if (typeof document === 'undefined') return null;
  const errors = toasts.filter((toast) => toast.tone === 'error');
  const others = toasts.filter((toast) => toast.tone !== 'error');
  return createPortal(
    <div className="ff-toasts" {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}>
      <div className="ff-toasts__list">
        {errors.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={onDismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
      <div className="ff-toasts__list" aria-live="polite">
        {others.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={onDismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
    </div>,
    document.body,
  );
}
