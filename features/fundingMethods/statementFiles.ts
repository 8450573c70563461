import { isApiError } from '../../api/apiError';
import type { UploadRow } from '../../ui/DropZone';
import type { StatementFile } from './statementUploadSlice';

/**
 * The chosen files' contents, by row, while they may still be sent (a Retry needs them). Outside the store (a File
 * is not serialisable) and outside the component (a remount keeps them); emptied as rows finish or leave.
 */
export const chosenFiles = new Map<string, File>();

/** An outage (no answer, 5xx, 408, 429) may pass; a 4xx about the file itself will not change on a resend. */
export function sendingAgainMayHelp(error: unknown): boolean {
  const status = isApiError(error) ? error.status : undefined;
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408 || status === 429;
}

/** A file of the slice as the drop zone's row. */
export function toRow(file: StatementFile): UploadRow {
  const state = file.status === 'uploaded' ? 'done' : file.status === 'uploading' ? 'uploading' : 'failed';
  return { id: file.localId, name: file.fileName, size: file.size, state, error: file.error, retryable: file.retryable };
}

/** The file's bytes in base64, without the data: prefix the FileReader adds. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      // readAsDataURL: the result is always a string.
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
