import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { AlertIcon, CheckCircleIcon } from './icons';
import { Spinner } from './Spinner';
import './dropZone.css';

// Not exported from the kit's index on purpose: its stylesheet would then load with the first route. The flows
// that upload import it from here, so it stays in their lazy chunks.

export type UploadRowState = 'uploading' | 'done' | 'failed';

export interface UploadRow {
  id: string;
  name: string;
  /** Bytes, or null when not known. */
  size: number | null;
  state: UploadRowState;
  /** Why a failed file failed. */
  error?: string | null;
  /** A failed file that Retry may fix (an outage, not a refusal of the file itself). */
  retryable?: boolean;
}

export interface DropZoneProps {
  /** The file input's label, the zone's title. */
  label: string;
  /** What may be dropped or chosen (types, sizes). */
  hint: ReactNode;
  /** The input's accept list, e.g. ".png,.pdf". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Files chosen with the picker or dropped on the zone. */
  onFiles: (files: File[]) => void;
  rows: readonly UploadRow[];
  /** The accessible name of the list of files. */
  rowsLabel: string;
  /** The accessible name of the drop region (not the input's label, so that label names one control only). */
  dropLabel?: string;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

const sizeFormats = {
  bytes: new Intl.NumberFormat('en-US', { style: 'unit', unit: 'byte', unitDisplay: 'long' }),
  kb: new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }),
  mb: new Intl.NumberFormat('en-US', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }),
};

/** 64 → "64 bytes", 2048 → "2 kB", 5,242,880 → "5 MB" (binary units, as file pickers count). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return sizeFormats.bytes.format(bytes);
  if (bytes < 1024 * 1024) return sizeFormats.kb.format(bytes / 1024);
  return sizeFormats.mb.format(bytes / (1024 * 1024));
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A drop zone: a real file input (so click, Enter and Space open the picker, and screen readers know it) spread
 * over a labelled region that also takes dropped files; below it, one row per file with its name, size and state,
 * Retry on a failed row that may be fixed by sending again, and Remove.
 */
export function DropZone({
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  onFiles,
  rows,
  rowsLabel,
  dropLabel = 'Drop files here',
  onRetry,
  onRemove,
}: DropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const [dragging, setDragging] = useState(false);

  function take(list: FileList | null | undefined) {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer?.files);
  }

  function retry(id: string) {
    onRetry(id);
    // The Retry button goes while the file is sent again: focus stays on its row instead of the page.
    rowRefs.current.get(id)?.focus();
  }

  function remove(id: string) {
    onRemove(id);
    inputRef.current?.focus();
  }

  return (
    <div className="ff-drop-zone-wrap">
      <div
        className={cx('ff-drop-zone', dragging && 'ff-drop-zone--dragging', disabled && 'ff-drop-zone--disabled')}
        role="group"
        aria-label={dropLabel}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <svg
          className="ff-drop-zone__icon"
          width="32"
          height="32"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
          <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
        </svg>
        <label htmlFor={inputId} className="ff-drop-zone__label">
          {label}
        </label>
        <span id={hintId} className="ff-drop-zone__hint">
          {hint}
        </span>
        <span className="ff-drop-zone__cta" aria-hidden="true">
          Choose files
        </span>
        <input
          ref={inputRef}
          id={inputId}
          className="ff-drop-zone__input"
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={hintId}
          // Space opens a file input's picker; Chromium does nothing on Enter, which people press on a "button" too.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !disabled) {
              event.preventDefault();
              event.currentTarget.click();
            }
          }}
          onChange={(event) => {
            take(event.target.files);
            // The same file can be chosen again after a Remove.
            event.target.value = '';
          }}
        />
      </div>
      {rows.length > 0 ? (
        <ul className="ff-upload-rows" aria-label={rowsLabel}>
          {rows.map((row) => (
            <li
              key={row.id}
              tabIndex={-1}
              ref={(element) => {
                if (element) rowRefs.current.set(row.id, element);
                else rowRefs.current.delete(row.id);
              }}
              className={cx('ff-upload-row', `ff-upload-row--${row.state}`)}
              data-state={row.state}
            >
              <span className="ff-upload-row__icon">
                {row.state === 'uploading' ? (
                  <Spinner size="sm" label={`Uploading ${row.name}`} />
                ) : row.state === 'done' ? (
                  <CheckCircleIcon size={20} />
                ) : (
                  <AlertIcon size={20} />
                )}
              </span>
              <span className="ff-upload-row__text">
                <span className="ff-upload-row__name">{row.name}</span>
                <span className="ff-upload-row__meta">
                  {row.size !== null ? <span>{formatFileSize(row.size)}</span> : null}
                  {row.state === 'uploading' ? <span>Uploading…</span> : null}
                  {row.state === 'done' ? <span>Uploaded</span> : null}
                </span>
                {row.state === 'failed' ? (
                  <span className="ff-upload-row__error" role="alert">
                    {row.error}
                  </span>
                ) : null}
              </span>
              <span className="ff-upload-row__actions">
                {row.state === 'failed' && row.retryable ? (
                  <Button size="sm" variant="secondary" onClick={() => retry(row.id)} aria-label={`Retry ${row.name}`}>
                    Retry
                  </Button>
                ) : null}
                {row.state !== 'uploading' ? (
                  <Button size="sm" variant="ghost" onClick={() => remove(row.id)} aria-label={`Remove ${row.name}`}>
                    Remove
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
