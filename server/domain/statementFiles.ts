import { fileExtension } from '../../api/contract';

export type StatementMime = 'image/png' | 'image/jpeg' | 'application/pdf';

// A flat character class: a grouped pattern recurses per group and overflows the stack on multi-megabyte input.
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 string, or null when it is not base64 (Buffer.from would silently skip bad characters). */
export function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !BASE64_CHARACTERS.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

/** What the first bytes say the file is; the extension alone proves nothing. */
export function sniffStatementMime(bytes: Uint8Array): StatementMime | null {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  return null;
}

const MIME_BY_EXTENSION: Record<string, StatementMime> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** The file's type when its content matches its extension; null otherwise. */
export function statementMime(fileName: string, bytes: Uint8Array): StatementMime | null {
  const expected = MIME_BY_EXTENSION[fileExtension(fileName)];
  return expected && sniffStatementMime(bytes) === expected ? expected : null;
}
