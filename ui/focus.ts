import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside root that Tab can reach, in DOM order. */
export function tabbableElements(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && element.closest('[inert], [hidden]') === null,
  );
}

/**
 * The places Tab stops inside root, in order, each as the elements it stands for. A radio group (same name,
 * same form) is one stop, as browsers treat it: Tab moves into the group and straight out of it again.
 */
export function tabStops(root: HTMLElement): HTMLElement[][] {
  const stops: HTMLElement[][] = [];
  const groups = new Map<string, HTMLElement[]>();
  for (const element of tabbableElements(root)) {
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const key = `${element.form?.id ?? ''}\u0000${element.name}`;
      const group = groups.get(key);
      if (group) {
        group.push(element);
        continue;
      }
      const stop = [element];
      groups.set(key, stop);
      stops.push(stop);
    } else {
      stops.push([element]);
    }
  }
  return stops;
}

/**
 * Focus for a step-by-step flow: put the returned ref on the step's heading (with tabIndex={-1}). Whenever
 * `step` changes after the first render (Next, Confirm, Back), focus moves to that heading, so a screen reader
 * reads the new step from its title and Tab goes on from the top of it. The first step keeps whatever focus its
 * opening gave (an opener, an autoFocus field).
 */
export function useFocusOnStepChange<T extends HTMLElement>(step: string | undefined) {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (step === undefined || shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}

let scrollLocks = 0;
let savedBodyStyle: { overflow: string; paddingRight: string } | null = null;

/** Stops the page behind an overlay from scrolling. Nested overlays share one lock. */
export function lockBodyScroll(): () => void {
  const body = document.body;
  if (scrollLocks === 0) {
    savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the layout from jumping sideways when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  scrollLocks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    scrollLocks -= 1;
    if (scrollLocks === 0 && savedBodyStyle) {
      body.style.overflow = savedBodyStyle.overflow;
      body.style.paddingRight = savedBodyStyle.paddingRight;
      savedBodyStyle = null;
    }
  };
}

/** Attribute of body-level layers that stay live while a modal is open (the toast viewport). */
export const KEEP_LIVE_ATTRIBUTE = 'data-ff-keep-live';

/** How many open overlays hold each element inert (an element made inert by anyone else is left alone). */
const inertHolds = new Map<Element, number>();

/**
 * Makes everything beside `keep` inert (not focusable, hidden from assistive technology), as
 * aria-modal promises. Returns the undo. Overlays may open and close in any order: an element
 * stays inert until the last overlay that holds it lets go (a dialog opened over another keeps
 * the page inert when the one below closes first).
 */
export function inertOutside(keep: HTMLElement): () => void {
  const held: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || element.contains(keep)) continue;
    if (element.hasAttribute(KEEP_LIVE_ATTRIBUTE)) continue;
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE' || element.tagName === 'LINK') continue;
    const holds = inertHolds.get(element) ?? 0;
    if (holds === 0 && element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    inertHolds.set(element, holds + 1);
    held.push(element);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const element of held) {
      const holds = (inertHolds.get(element) ?? 1) - 1;
      if (holds > 0) {
        inertHolds.set(element, holds);
      } else {
        inertHolds.delete(element);
        element.removeAttribute('inert');
      }
    }
  };
}

/**
 * While `open`, a mouse press outside `root` calls `dismiss` (a popup list or menu closes, nothing is chosen). `root`
 * may be several elements (a panel and the button that toggles it): a press in any of them is not outside.
 */
export function useDismissOnPressOutside(
  root: RefObject<HTMLElement | null> | ReadonlyArray<RefObject<HTMLElement | null>>,
  open: boolean,
  dismiss: () => void,
) {
  // The latest roots, read at the press: a caller may pass a new array on every render.
  const roots = useRef(root);
  roots.current = root;
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      const current = roots.current;
      const elements = (Array.isArray(current) ? (current as RefObject<HTMLElement | null>[]) : [current as RefObject<HTMLElement | null>])
        .map((ref) => ref.current)
        .filter((element): element is HTMLElement => element !== null);
      if (elements.length > 0 && !elements.some((element) => element.contains(event.target as Node))) dismiss();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, dismiss]);
}
