import type { ChangeEvent, FocusEventHandler } from 'react';
import { cx } from './cx';
import { sanitizeAmountInput } from './amount';
import { FieldFrame, useFieldIds } from './fields';
import './amountField.css';

// Apart from fields.tsx so the first bundle (the sign-in form's TextField) does not carry the amount field.

export interface AmountFieldProps {
  label: string;
  /** Clean decimal string, e.g. "1250.5" (see sanitizeAmountInput). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  id?: string;
  name?: string;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  disabled?: boolean;
  autoFocus?: boolean;
  /** 'lg' is the large centred amount of a deposit screen. */
  size?: 'md' | 'lg';
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
  /**
   * Turns what is in the input after a keystroke into what it shows (and the parent receives); the money
   * amount cleaning (sanitizeAmountInput) unless a field has its own mask, such as micro-deposit cents.
   */
  mask?: (typed: string) => string;
}

/** A dollar amount input. The parent only ever receives masked strings. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  id,
  name,
  onBlur,
  disabled,
  autoFocus,
  size = 'md',
  placeholder = '0',
  hideLabel,
  className,
  mask = sanitizeAmountInput,
}: AmountFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const large = size === 'lg';
  // The large field grows with its content so "$" stays next to the digits, centred.
  const chars = Math.max((value || placeholder).length, 1);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className} centered={large}>
      <div className={cx('ff-amount-input', `ff-amount-input--${size}`, disabled && 'ff-amount-input--disabled')}>
        <span className="ff-amount-input__prefix" aria-hidden="true">
          $
        </span>
        <input
          id={ids.fieldId}
          name={name}
          className="ff-amount-input__control"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(mask(event.target.value))}
          onBlur={onBlur}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          style={large ? { width: `calc(${chars}ch + 0.1em)` } : undefined}
        />
      </div>
    </FieldFrame>
  );
}
