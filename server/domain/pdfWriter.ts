/*
 * A minimal PDF writer for our text-only documents (statements, confirmations, tax forms): one US Letter page,
 * Helvetica, one line of text per entry. It writes PDF 1.4 by hand: a catalog, a page tree, one page, its
 * content stream and the standard font, with an exact cross-reference table, so any reader opens the file.
 * Text is limited to printable ASCII (anything else becomes '?'), which the standard fonts cover as is.
 */

export interface PdfLine {
  text: string;
  /** Point size; 10 unless given. */
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gapBefore?: number;
  /** Right-aligned text on the same line (figures), drawn at the right margin. */
  right?: string;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const MAX_LINES = 48;

/** Printable ASCII only, with PDF string escapes for \, ( and ). */
export function pdfText(value: string): string {
  return value
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (char) => `\\${char}`);
}

// Helvetica's advance widths are not needed exactly: figures are right-aligned with an estimate that errs wide
// (0.55 em per character), which keeps them inside the margin.
const estimateWidth = (text: string, size: number) => text.length * size * 0.55;

function contentStream(lines: readonly PdfLine[]): string {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines.slice(0, MAX_LINES)) {
    const size = line.size ?? 10;
    y -= (line.gapBefore ?? 0) + size * 1.4;
    const font = line.bold ? '/F2' : '/F1';
    ops.push(`BT ${font} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td (${pdfText(line.text)}) Tj ET`);
    if (line.right !== undefined) {
      const x = PAGE_WIDTH - MARGIN - estimateWidth(line.right, size);
      ops.push(`BT ${font} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${pdfText(line.right)}) Tj ET`);
    }
  }
  return ops.join('\n');
}

/** The PDF file for these lines, with a title in its document information. */
export function writePdf(lines: readonly PdfLine[], info: { title: string; producer?: string }): Buffer {
  const stream = contentStream(lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${pdfText(info.title)}) /Producer (${pdfText(info.producer ?? 'Fundflow')}) >>`,
  ];
  // The header's second line has bytes above 127 so tools treat the file as binary (the PDF convention).
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n/f, CR LF.
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n\r\n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
