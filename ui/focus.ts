import { useEffect, useRef, type RefObject } from 'react';

/** Attribute of body-level layers that stay live while a modal is open (the toast viewport). */
export const KEEP_LIVE_ATTRIBUTE = 'data-ff-keep-live';

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
