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

// A PDF's header names its version (%PDF-1.0 to %PDF-1.7, %PDF-2.0).
const PDF_HEADER = /^%PDF-[12]\.\d/;
// Markup a browser would act on. A file that starts like a PDF but carries a page or a script near its start is
// an HTML polyglot, not a statement; a real PDF's own text sits in compressed streams further on.
const MARKUP_IN_HEAD = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta)\b/i;
const HEAD_BYTES = 1024;

/**
 * What the bytes say the file is; the file name and the declared type prove nothing. Archives (ZIP, and so any
 * zip bomb, gzip, 7z, RAR), executables (MZ, ELF, Mach-O), HTML and text answer null whatever they are called.
 */
export function sniffStatementMime(bytes: Uint8Array): StatementMime | null {
  const starts = (signature: number[]) => bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) {
    const head = Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('latin1');
    return PDF_HEADER.test(head) && !MARKUP_IN_HEAD.test(head) ? 'application/pdf' : null;
  }
  return null;
}

const MIME_BY_EXTENSION: Record<string, StatementMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** The file's type when its content matches its extension; null otherwise. */
export function statementMime(fileName: string, bytes: Uint8Array): StatementMime | null {
  const expected = MIME_BY_EXTENSION[fileExtension(fileName)];
  return expected && sniffStatementMime(bytes) === expected ? expected : null;
}
