import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismissOnPressOutside } from './focus';
import { cx } from './cx';
import { ChevronDownIcon } from './icons';

export interface ListboxSelectOption {
  value: string;
  label: string;
}

export interface ListboxSelectProps {
  /** The field's name, read by screen readers and kept visually hidden (e.g. 'Account'). */
  label: string;
  value: string;
  options: ListboxSelectOption[];
  /** Called only when the person commits a choice: Enter on an option, or a click on it. */
  onChange: (value: string) => void;
  className?: string;
}

/**
 * A select-only combobox (WAI-ARIA pattern) for a choice whose change has consequences, such as switching
 * the account. Unlike a native <select>, whose arrow keys change the value at once, the arrow keys here only
 * move through the options: Down, Up, Enter or Space opens the list at the current value; Down, Up, Home and
 * End move; Enter or a click commits; Escape, Tab and a click elsewhere close without a change. Focus stays on
 * the button and the active option is announced through aria-activedescendant.
 */
const optionIdOf = (baseId: string, index: number) => `${baseId}-option-${index}`;

export function ListboxSelect({ label, value, options, onChange, className }: ListboxSelectProps) {
  const baseId = `ff-listbox-${useId()}`;
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => optionIdOf(baseId, index);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const selected = options[selectedIndex];

  const closeList = useCallback(() => setOpen(false), []);
  useDismissOnPressOutside(rootRef, open, closeList);

  useEffect(() => {
    if (open) document.getElementById(optionIdOf(baseId, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, baseId]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function commit(index: number) {
    setOpen(false);
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = options.length - 1;
    if (last < 0) return;
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Enter' || event.key === ' ') openAt(selectedIndex);
      else if (event.key === 'Home') openAt(0);
      else if (event.key === 'End') openAt(last);
      else return;
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => Math.min(index + 1, last));
        break;
      case 'ArrowUp':
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
        commit(active);
        break;
      case 'Escape':
        // Handled here, so an enclosing modal does not close as well.
        event.stopPropagation();
        setOpen(false);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className={cx('ff-listbox-select', className)} ref={rootRef}>
      <span id={labelId} className="ff-visually-hidden">
        {label}
      </span>
      <button
        type="button"
        role="combobox"
        className={cx('ff-listbox-select__trigger', open && 'ff-listbox-select__trigger--open')}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        onClick={() => (open ? setOpen(false) : openAt(selectedIndex))}
        onKeyDown={onKeyDown}
      >
        <span>{selected?.label ?? ''}</span>
        <ChevronDownIcon size={16} className="ff-listbox-select__chevron" />
      </button>
      <ul id={listId} role="listbox" aria-labelledby={labelId} className="ff-listbox-select__list" hidden={!open}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className={cx('ff-listbox-select__option', index === active && 'ff-listbox-select__option--active')}
            // Keeps focus on the button, so the click commits without a blur in between.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (index !== active) setActive(index);
            }}
            onClick={() => commit(index)}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
