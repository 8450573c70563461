/** Everything a pointer does that can change something: a press, a click, a menu. Wheel and touch scroll stay. */
const POINTER_EVENTS = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
  'dragstart',
  'drop',
] as const;
/**
 * Everything typing can do: keys, text going in, clipboard, a form sent; and focus moving (Tab stays free, so
 * a keyboard can leave the frame, but the app does not hear it: a field's blur would show its errors).
 */
const KEY_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'paste',
  'cut',
  'submit',
  'focusin',
  'focusout',
] as const;
/** Keys that scroll the page (and move focus: Tab) when nothing in particular has focus. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', ' ', 'Tab']);

/**
 * Makes the replayed screen read-only: a click or a key inside the frame reaches neither the browser's
 * default action (a link, a checkbox, typing into a field, focus) nor the app's handlers (React listens at
 * its root, below the window, where this stops the event first), and the screen's own code cannot focus
 * anything. Scrolling stays: the wheel and touch are left alone, and so are the scrolling keys while no
 * control has focus.
 */
export function makeReadOnly(target: Window): () => void {
  const block = (event: Event) => {
    // The app never hears it; the browser's own action is kept only for scrolling and Tab (so a keyboard can
    // always leave the frame, even past a replayed dialog whose focus trap would hold it).
    event.stopImmediatePropagation();
    if (event instanceof KeyboardEvent && event.type !== 'keypress' && SCROLL_KEYS.has(event.key)) {
      const focused = event.target;
      const onPage =
        focused === target.document.body ||
        focused === target.document.documentElement ||
        focused === target.document ||
        focused === target;
      if (onPage || event.key === 'Tab') return;
    }
    event.preventDefault();
  };
  const types = [...POINTER_EVENTS, ...KEY_EVENTS];
  for (const type of types) target.addEventListener(type, block, { capture: true });
  // A screen that focuses a field or a heading when it mounts would pull the support page's focus into the
  // frame on every step shown, away from the timeline or the slider the person is using.
  const frameWindow = target as Window & typeof globalThis;
  const focusMethods = [frameWindow.HTMLElement.prototype, frameWindow.SVGElement.prototype].map((prototype) => ({
    prototype,
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on the same prototype, never called unbound.
    focus: prototype.focus,
  }));
  for (const { prototype } of focusMethods) prototype.focus = () => undefined;
  return () => {
    for (const type of types) target.removeEventListener(type, block, { capture: true });
    for (const { prototype, focus } of focusMethods) prototype.focus = focus;
  };
}
