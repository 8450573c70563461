import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A real 1x1 PNG: a page of a bank statement, as the customer picks it. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Writes each file (name to content) into a new temporary folder; answers their paths, in the order given. */
export function tempFiles(prefix: string, files: Record<string, Buffer | string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return Object.entries(files).map(([name, content]) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  });
}
