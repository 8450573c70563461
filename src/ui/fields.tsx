import { useId, type ChangeEvent, type ComponentPropsWithRef, type FocusEventHandler, type ReactNode } from 'react';
import { sanitizeAmountInput } from './amount';
import { cx } from './cx';
import { AlertIcon, ChevronDownIcon } from './icons';

/** Ids of the hint and error texts, and the aria-describedby that joins them (plus any given). */
function useFieldIds(id: string | undefined, hint: unknown, error: unknown, extraDescribedBy?: string) {
  const generated = useId();
  const fieldId = id ?? `ff-field-${generated}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = cx(extraDescribedBy, hint ? hintId : undefined, error ? errorId : undefined) || undefined;
  return { fieldId, hintId, errorId, describedBy };
}

interface FieldFrameProps {
  fieldId: string;
  label: string;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
  centered?: boolean;
}

function FieldFrame({ fieldId, label, hint, hintId, error, errorId, hideLabel, className, children, centered }: FieldFrameProps) {
  return (
    <div className={cx('ff-field', error && 'ff-field--invalid', centered && 'ff-field--centered', className)}>
      <label htmlFor={fieldId} className={hideLabel ? 'ff-visually-hidden' : 'ff-field__label'}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="ff-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ff-field__error">
          <AlertIcon size={16} className="ff-field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: string;
  error?: string;
  hint?: string;
  /** Hides the label visually (it is still the input's accessible name). */
  hideLabel?: boolean;
  /** Class for the wrapper; inputClassName styles the <input>. */
  className?: string;
  inputClassName?: string;
}

/** A labelled text input; errors set aria-invalid and are tied to the input with aria-describedby. */
export function TextField({
  label, error, hint, id, hideLabel, className, inputClassName, 'aria-describedby': ariaDescribedBy, type = 'text', ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <input
        {...inputProps}
        id={ids.fieldId}
        type={type}
        className={cx('ff-input', inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}

export interface AmountFieldProps {
  label: string;
  /** Clean decimal string, e.g. "1250.5" (see sanitizeAmountInput). */
  value: string;
  onChange(value: string): void;
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
  label, value, onChange, error, hint, id, name, onBlur, disabled, autoFocus, size = 'md', placeholder = '0', hideLabel, className,
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

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: SelectOption[];
  error?: string;
  hint?: string;
  id?: string;
  name?: string;
  /** Shown (and not selectable) while value is ''. */
  placeholder?: string;
  disabled?: boolean;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  hideLabel?: boolean;
  className?: string;
}

/**
 * A styled native <select>. A native list cannot show two-line options, so the chosen option's
 * description is shown under the field (and described to screen readers).
 */
export function SelectField({
  label, value, onChange, options, error, hint, id, name, placeholder, disabled, onBlur, hideLabel, className,
}: SelectFieldProps) {
  const selected = options.find((option) => option.value === value);
  const description = selected?.description;
  const ids = useFieldIds(id, hint, error);
  const descriptionId = `${ids.fieldId}-description`;
  const describedBy = cx(description && descriptionId, ids.describedBy) || undefined;
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      <div className={cx('ff-select', disabled && 'ff-select--disabled')}>
        <select
          id={ids.fieldId}
          name={name}
          className={cx('ff-input', 'ff-select__control', value === '' && 'ff-select__control--placeholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {placeholder !== undefined || !selected ? (
            <option value="" disabled>
              {placeholder ?? 'Select…'}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={20} className="ff-select__chevron" />
      </div>
      {description ? (
        <p id={descriptionId} className="ff-select__description">
          {description}
        </p>
      ) : null}
    </FieldFrame>
  );
}

/**
 * Marks a field whose value never reaches the store, so no recording or support replay holds it:
 * credentials, full bank and card numbers, tax ids. Spread it on the field: `<TextField {...UNRECORDED} …/>`.
 * A replay shows such a field empty; the time-travel test reads it as "not recorded".
 */
export const UNRECORDED = { 'data-unrecorded': 'true' } as const;
