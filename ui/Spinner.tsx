import { cx } from './cx';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const spinnerPx: Record<SpinnerSize, number> = { sm: 16, md: 24, lg: 40 };

/** The turning ring alone, decorative. Used inside buttons and loaders that carry their own status. */
export function SpinnerGlyph({ size = 'md', className }: { size?: SpinnerSize | number; className?: string }) {
  const px = typeof size === 'number' ? size : spinnerPx[size];
  return (
    <svg className={cx('ff-spinner__glyph', className)} width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle className="ff-spinner__track" cx="12" cy="12" r="9.5" fill="none" strokeWidth="3" />
      <circle
        className="ff-spinner__arc"
        cx="12"
        cy="12"
        r="9.5"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="60"
        strokeDashoffset="42"
      />
    </svg>
  );
}

export interface SpinnerProps {
  /** Read by screen readers (default 'Loading'). */
  label?: string;
  size?: SpinnerSize | number;
  className?: string;
  /**
   * The spinner stands in for code still loading (a lazy chunk's Suspense fallback), not for data: the
   * screen under it is not decided by the store yet (the time-travel test treats such screens as passing).
   */
  codeLoading?: boolean;
}

/** An inline loading indicator announced as a status. */
export function Spinner({ label = 'Loading', size = 'md', className, codeLoading }: SpinnerProps) {
  return (
    <span role="status" className={cx('ff-spinner', className)} data-loading={codeLoading ? 'code' : undefined}>
      <SpinnerGlyph size={size} />
      <span className="ff-visually-hidden">{label}</span>
    </span>
  );
}

export interface FullScreenLoaderProps {
  message: string;
}

/** Covers the viewport while the app switches context (e.g. 'Switching to Roth IRA...'). */
export function FullScreenLoader({ message }: FullScreenLoaderProps) {
  return (
    <div className="ff-fullscreen-loader" role="status" aria-live="polite">
      <div className="ff-fullscreen-loader__inner">
        <SpinnerGlyph size="lg" />
        <p className="ff-fullscreen-loader__message">{message}</p>
      </div>
    </div>
  );
}
