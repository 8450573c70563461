import { KEEP_LIVE_ATTRIBUTE } from './focus';

// What a modal does to the page around it (Tab stops, scrolling, inert layers). Apart from focus.ts, which the
// header's menus use on the first page, so this goes only with the chunks that open a modal.
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
