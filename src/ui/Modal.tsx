import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { inertOutside, lockBodyScroll, tabbableElements } from './focus';
import { ChevronLeftIcon, CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children?: ReactNode;
  /** Actions pinned under the scrolling body (e.g. Next, Dismiss). */
  footer?: ReactNode;
  /** Width in px on large screens (default 496). Below 760px the modal is a full-screen sheet. */
  width?: number;
  /** Fixed height in px on large screens (e.g. 630 for bank link); the body scrolls. */
  height?: number;
  /** Shows a back button in the header. */
  onBack?: () => void;
  /** Accessible name of the close button (default 'Close'). */
  closeLabel?: string;
  backLabel?: string;
  hideClose?: boolean;
  className?: string;
}

/**
 * A modal dialog in a portal. Focus moves in on open (to an autoFocus element if one took it,
 * else to the dialog) and goes back to the opener on close; Tab cycles inside; Escape and the
 * backdrop call onClose; the page behind is inert and does not scroll.
 */
/** Open dialogs, innermost last: only the topmost one reacts to keys. */
const openModals: HTMLElement[] = [];

/** Keeps Tab and Shift+Tab cycling through the dialog's controls. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const items = tabbableElements(dialog);
  const active = document.activeElement;
  if (items.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const outside = !dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  title, onClose, children, footer, width = 496, height, onBack, closeLabel = 'Close', backLabel = 'Back', hideClose = false, className,
}: ModalProps) {
  const titleId = `ff-modal-title-${useId()}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read during the first render, before autoFocus inside the dialog can move focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // If the focused control disappears (e.g. the back button on the first step), focus would fall
  // to <body>: keep it in the dialog so the keyboard and screen readers stay in context.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && (document.activeElement === document.body || document.activeElement === null)) dialog.focus();
  });

  useEffect(() => {
    const root = rootRef.current;
    const dialog = dialogRef.current;
    if (!root || !dialog) return undefined;
    if (!dialog.contains(document.activeElement)) dialog.focus();
    openModals.push(dialog);
    const unlockScroll = lockBodyScroll();
    const restoreInert = inertOutside(root);

    // Keys are handled on the document, by the topmost modal only, so they work wherever focus
    // is and a modal stacked on another does not close both. Inner widgets that use a key
    // themselves (an open menu's Escape) stop it before it gets here.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || openModals[openModals.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, dialog);
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(dialog), 1);
      restoreInert();
      unlockScroll();
      const active = document.activeElement;
      const focusWasInside = !active || active === document.body || root.contains(active);
      if (focusWasInside && opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const style = {
    '--ff-modal-width': `${width}px`,
    ...(height ? { '--ff-modal-height': `${height}px` } : {}),
  } as CSSProperties;

  return createPortal(
    <div className="ff-modal-root" ref={rootRef}>
      <div className="ff-modal-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx('ff-modal', height ? 'ff-modal--fixed-height' : undefined, className)}
        style={style}
      >
        <div className="ff-modal__header">
          <div className="ff-modal__header-slot">
            {onBack ? (
              <button type="button" className="ff-icon-button" onClick={onBack} aria-label={backLabel}>
                <ChevronLeftIcon size={22} />
              </button>
            ) : null}
          </div>
          <h2 id={titleId} className="ff-modal__title">
            {title}
          </h2>
          <div className="ff-modal__header-slot ff-modal__header-slot--end">
            {hideClose ? null : (
              <button type="button" className="ff-icon-button" onClick={onClose} aria-label={closeLabel}>
                <CloseIcon size={22} />
              </button>
            )}
          </div>
        </div>
        <div className="ff-modal__body">{children}</div>
        {footer ? <div className="ff-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
