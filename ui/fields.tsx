import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { AlertIcon } from './icons';

/** Ids of the hint and error texts, and the aria-describedby that joins them (plus any given). */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown, extraDescribedBy?: string) {
  const generated = useId();
  const fieldId = id ?? `ff-field-${generated}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = cx(extraDescribedBy, hint ? hintId : undefined, error ? errorId : undefined) || undefined;
  return { fieldId, hintId, errorId, describedBy };
}

export interface FieldFrameProps {
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

export function FieldFrame({ fieldId, label, hint, hintId, error, errorId, hideLabel, className, children, centered }: FieldFrameProps) {
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
  label,
  error,
  hint,
  id,
  hideLabel,
  className,
  inputClassName,
  'aria-describedby': ariaDescribedBy,
  type = 'text',
  ...inputProps
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
/**
 * Marks a field whose value never reaches the store, so no recording or support replay holds it:
 * credentials, full bank and card numbers, tax ids. Spread it on the field: `<TextField {...UNRECORDED} …/>`.
 * A replay shows such a field empty; the time-travel test reads it as "not recorded".
 */
export const UNRECORDED = { 'data-unrecorded': 'true' } as const;
