import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { SpinnerGlyph } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm';

/** The class list of a button look, for elements that are not <Button> (e.g. router links). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', fullWidth = false): string {
  return cx('ff-button', `ff-button--${variant}`, `ff-button--${size}`, fullWidth && 'ff-button--full');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button while an action runs. */
  loading?: boolean;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClassName(variant, size, fullWidth), loading && 'ff-button--loading', className)}
    >
      {/* The label stays in the layout (invisible) while loading, so the button keeps its width. */}
      <span className="ff-button__label">{children}</span>
      {loading ? <SpinnerGlyph size={size === 'sm' ? 16 : 20} className="ff-button__spinner" /> : null}
    </button>
  );
}
