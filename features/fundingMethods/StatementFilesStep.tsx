import type { PaymentMethod } from '../../api/contract';
import { IMAGE_UPLOAD_MAX_BYTES, PDF_UPLOAD_MAX_BYTES, STATEMENT_EXTENSIONS } from '../../api/contract/values';
import { DropZone, formatFileSize, type UploadRow } from '../../ui/DropZone';
import { maskedNumber } from '../paymentMethods/paymentMethodSelectors';
import { STATEMENT_TEXT } from './statementUploadText';

const ACCEPT = STATEMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The upload step: the chosen bank, what to upload, and the drop zone with a row per file. */
export function StatementFilesStep({
  bank,
  rows,
  onFiles,
  onRetry,
  onRemove,
}: {
  bank: PaymentMethod | undefined;
  rows: UploadRow[];
  onFiles: (files: File[]) => void;
  onRetry: (localId: string) => void;
  onRemove: (localId: string) => void;
}) {
  return (
    <div className="funding-form">
      <p className="funding-text">
        <strong>{bank?.displayName ?? 'Your bank'}</strong>
        {bank ? ` · ${maskedNumber(bank.paymentMethodNumber)}` : ''}
      </p>
      <p className="funding-text funding-text--muted">
        Upload one or more pages of a recent statement showing your name and account number (PNG, JPEG or PDF). {STATEMENT_TEXT.review}
      </p>
      <DropZone
        label="Upload statement"
        dropLabel="Drop statement files here"
        hint={`Drag files here or click to choose. PNG, JPEG or PDF; images up to ${formatFileSize(IMAGE_UPLOAD_MAX_BYTES)}, PDFs up to ${formatFileSize(PDF_UPLOAD_MAX_BYTES)}.`}
        accept={ACCEPT}
        multiple
        onFiles={onFiles}
        rows={rows}
        rowsLabel="Statement files"
        onRetry={onRetry}
        onRemove={onRemove}
      />
    </div>
  );
}
