import type { FocusEventHandler } from 'react';
import { cx } from './cx';
import { ChevronDownIcon } from './icons';
import { FieldFrame, useFieldIds } from './fields';
import './selectField.css';

// Apart from fields.tsx so the first bundle (the sign-in form's TextField) does not carry the select field.

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
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
  label,
  value,
  onChange,
  options,
  error,
  hint,
  id,
  name,
  placeholder,
  disabled,
  onBlur,
  hideLabel,
  className,
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
