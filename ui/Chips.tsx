import { useId, useRef, type KeyboardEvent } from 'react';
import { cx } from './cx';
import './chips.css';

export interface ChipOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface ChipsProps {
  /** Name of the group (e.g. 'Preset amounts'). */
  label: string;
  hideLabel?: boolean;
  options: ChipOption[];
  value: string | null;
  onChange: (value: string) => void;
  className?: string;
}

/**
 * A single-choice row of chips (preset amounts, frequencies). It is a radio group: one Tab stop,
 * arrow keys move and select, Home/End jump to the ends.
 */
export function Chips({ label, hideLabel, options, value, onChange, className }: ChipsProps) {
  const labelId = `ff-chips-${useId()}`;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const enabled = options.map((option, index) => (option.disabled ? -1 : index)).filter((index) => index !== -1);
  const selectedIndex = options.findIndex((option) => option.value === value && !option.disabled);
  const tabStop = selectedIndex !== -1 ? selectedIndex : (enabled[0] ?? -1);

  function move(from: number, key: string) {
    if (enabled.length === 0) return;
    const position = enabled.indexOf(from);
    let next: number;
    if (key === 'Home') next = enabled[0];
    else if (key === 'End') next = enabled[enabled.length - 1];
    else {
      const step = key === 'ArrowRight' || key === 'ArrowDown' ? 1 : -1;
      next = enabled[(position + step + enabled.length) % enabled.length];
    }
    refs.current[next]?.focus();
    onChange(options[next].value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      move(index, event.key);
    }
  }

  return (
    <div className={cx('ff-chips', className)}>
      <span id={labelId} className={hideLabel ? 'ff-visually-hidden' : 'ff-chips__label'}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="ff-chips__list">
        {options.map((option, index) => {
          const checked = index === selectedIndex;
          return (
            <button
              key={option.value}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={option.disabled}
              tabIndex={index === tabStop ? 0 : -1}
              className={cx('ff-chip', checked && 'ff-chip--selected')}
              onClick={() => onChange(option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
