import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDismissOnPressOutside } from './focus';
import { cx } from './cx';
import { MoreIcon } from './icons';

export interface OptionsMenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  /** A second line, e.g. why an item is disabled. */
  hint?: string;
}

export interface OptionsMenuProps {
  /** Accessible name of the trigger, e.g. 'Options for Chase Checking'. */
  label: string;
  items: OptionsMenuItem[];
  className?: string;
  /** The trigger's icon; "⋯" by default. */
  icon?: ReactNode;
}

const GAP = 6;
const EDGE = 8;

/**
 * A "⋯" menu button (WAI-ARIA menu button pattern). Arrow keys, Home/End and first letters move
 * between items; Enter/Space/click select; Escape, Tab and outside clicks close. Disabled items
 * can be reached (so their hint is heard) but not selected.
 */
export function OptionsMenu({ label, items, className, icon }: OptionsMenuProps) {
  const baseId = `ff-menu-${useId()}`;
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  // Positioned with `fixed` so scrolling modal bodies and cards cannot clip it.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const place = () => {
      const trigger = triggerRef.current;
      const menu = menuRef.current;
      if (!trigger || !menu) return;
      const anchor = trigger.getBoundingClientRect();
      const size = menu.getBoundingClientRect();
      let top = anchor.bottom + GAP;
      if (top + size.height > window.innerHeight - EDGE && anchor.top - GAP - size.height > EDGE) {
        top = anchor.top - GAP - size.height;
      }
      const left = Math.min(Math.max(EDGE, anchor.right - size.width), window.innerWidth - size.width - EDGE);
      menu.style.top = `${Math.round(top)}px`;
      menu.style.left = `${Math.round(Math.max(EDGE, left))}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus({ preventScroll: true });
  }, [open, active]);

  const closeList = useCallback(() => setOpen(false), []);
  useDismissOnPressOutside(rootRef, open, closeList);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        setActive((index) => (index - 1 + count) % count);
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(count - 1);
        break;
      case 'Escape':
        // Handled here: an enclosing modal must not close as well.
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default: {
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase();
          for (let step = 1; step <= count; step += 1) {
            const index = (active + step) % count;
            if (items[index].label.toLowerCase().startsWith(letter)) {
              setActive(index);
              break;
            }
          }
        }
        return;
      }
    }
    event.preventDefault();
  }

  function choose(item: OptionsMenuItem) {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  }

  return (
    <div className={cx('ff-menu', className)} ref={rootRef}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={cx('ff-icon-button', 'ff-menu__trigger', open && 'ff-menu__trigger--open')}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={items.length === 0}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
      >
        {icon ?? <MoreIcon size={20} />}
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-labelledby={triggerId} className="ff-menu__list" onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              aria-disabled={item.disabled || undefined}
              aria-labelledby={`${baseId}-${index}-label`}
              aria-describedby={item.hint ? `${baseId}-${index}-hint` : undefined}
              className={cx('ff-menu__item', item.tone === 'danger' && 'ff-menu__item--danger', item.disabled && 'ff-menu__item--disabled')}
              onClick={() => choose(item)}
              onMouseMove={() => {
                if (index !== active) setActive(index);
              }}
            >
              <span id={`${baseId}-${index}-label`} className="ff-menu__item-label">
                {item.label}
              </span>
              {item.hint ? (
                <span id={`${baseId}-${index}-hint`} className="ff-menu__item-hint">
                  {item.hint}
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
