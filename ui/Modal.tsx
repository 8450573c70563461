import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { inertOutside, lockBodyScroll, tabStops } from './overlayFocus';
import { useFocusOnStepChange } from './stepFocus';
import { CloseIcon } from './icons';
import { ChevronLeftIcon } from './flowIcons';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
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
  /**
   * The flow's current step. When it changes (after Next, Confirm, Back) focus moves to the title, so a
   * screen reader starts reading the new step and Tab starts from its top.
   */
  step?: string;
}

/**
 * A modal dialog in a portal. Focus moves in on open (to an autoFocus element if one took it,
 * else to the dialog) and goes back to the opener on close; Tab cycles inside; Escape and the
 * backdrop call onClose; the page behind is inert and does not scroll.
 */
/** Open dialogs, innermost last: only the topmost one reacts to keys. */
const openModals: HTMLElement[] = [];

/**
 * Keeps Tab and Shift+Tab cycling through the dialog's controls. Only the edges are handled here (the browser
 * moves focus between the stops in between). A radio group is one stop, as the browser treats it: from any of
 * its radios, Tab leaves the group, so a group at the end is the last stop even while nothing in it is chosen.
 */
function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const stops = tabStops(dialog);
  const active = document.activeElement;
  if (stops.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  const outside = !(active instanceof HTMLElement) || !dialog.contains(active) || active === dialog;
  const within = (stop: HTMLElement[]) => active instanceof HTMLElement && stop.includes(active);
  if (event.shiftKey && (outside || within(first))) {
    event.preventDefault();
    // Coming back into a radio group from after it lands on its chosen radio, else its last (as the browser does).
    (last.find((item) => (item as HTMLInputElement).checked) ?? last[last.length - 1]).focus();
  } else if (!event.shiftKey && (outside || within(last))) {
    event.preventDefault();
    (first.find((item) => (item as HTMLInputElement).checked) ?? first[0]).focus();
  }
}

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  title,
  onClose,
  children,
  footer,
  width = 496,
  height,
  onBack,
  closeLabel = 'Close',
  backLabel = 'Back',
  hideClose = false,
  className,
  step,
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
  // to <body>: keep it in the dialog so the keyboard and screen readers stay in context. Checked a
  // task later, never during the render's own event: a field's blur re-renders (its error shows)
  // while focus is still on its way to the field clicked or tabbed to, and <body> holds it in between;
  // taking focus then would steal it from that field (issue 18: typing into the next field was lost).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const dialog = dialogRef.current;
      const topmost = dialog !== null && openModals[openModals.length - 1] === dialog;
      if (topmost && (document.activeElement === document.body || document.activeElement === null)) dialog.focus();
    });
    return () => window.clearTimeout(timer);
  });

  const titleRef = useFocusOnStepChange<HTMLHeadingElement>(step);

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
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="ff-modal__title">
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
