import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import {
  ApiPaths,
  FundingErrorCode,
  FundingValidationMessages,
  IMAGE_UPLOAD_MAX_BYTES,
  PDF_UPLOAD_MAX_BYTES,
  type ErrorBody,
  type UploadFileResponse,
} from '../../api/contract';
import { UPLOAD_BODY_LIMIT } from '../config';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

// Uploaded documents (the statement files of bank verification, POST /api/verification/files: the app's only
// upload) are judged by their bytes. The name's extension must agree with the content, the contract has no field
// for a declared type, and archives, executables, HTML and empty files are refused whatever they are called.

const { app, db } = useTestApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A real ZIP archive with one deflated entry (local header, data, central directory, end record). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content, { level: 9 });
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const directoryOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** 100 MB of zeros in about a hundred kilobytes: opened, it would exhaust memory. */
const ZIP_BOMB = zipOf('statement.pdf', Buffer.alloc(100 * 1024 * 1024));

const HOSTILE_FILES: Array<[string, Buffer]> = [
  ['an HTML page', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
  ['HTML with leading whitespace', Buffer.from('\n  <html><script>fetch("/api/me")</script></html>')],
  ['a PDF header over an HTML page', Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF')],
  ['a PDF header without a version', Buffer.from('%PDF-<script>alert(1)</script>')],
  ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')])],
  ['a Linux executable', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(57)])],
  ['a ZIP archive holding a PDF', zipOf('statement.pdf', PDF)],
  ['a zip bomb', ZIP_BOMB],
  ['a gzip archive', gzipSync(PDF)],
  ['a 7z archive', Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(26)])],
  ['plain text', Buffer.from('Statement of account\nBalance: $1,000.00\n')],
  ['an SVG image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
];

const upload = (customer: Customer, fileName: string, base64file: string, extra: Record<string, unknown> = {}) =>
  customer.send('POST', ApiPaths.verificationFiles, { fileType: 'BANK_STATEMENT', fileName, base64file, ...extra });

const storedFilesOf = async (customer: Customer) =>
  (await db.selectFrom('uploaded_files').select('id').where('user_id', '=', customer.userId).execute()).length;

let customer: Customer;
beforeAll(async () => {
  customer = await freshCustomer(app, 'unverified@fundflow.test');
});

describe('uploaded documents are judged by their content', () => {
  it.each([
    ['march.pdf', PDF],
    ['MARCH.PDF', PDF],
    ['scan.png', PNG],
    ['scan.jpg', JPEG],
    ['scan.JPEG', JPEG],
  ])('stores %s, whose bytes are what its name says', async (fileName, bytes) => {
    const response = await upload(customer, fileName, bytes.toString('base64'));
    expect(response.statusCode).toBe(200);
    const { fileId } = response.json<UploadFileResponse>();
    const stored = await db
      .selectFrom('uploaded_files')
      .select(['mime_type', 'size_bytes'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(stored.size_bytes).toBe(bytes.length);
  });

  it.each(HOSTILE_FILES)('refuses %s named .pdf, .png or .jpg, and stores nothing', async (_what, bytes) => {
    const before = await storedFilesOf(customer);
    for (const fileName of ['statement.pdf', 'statement.png', 'statement.jpg']) {
      const response = await upload(customer, fileName, bytes.toString('base64'));
      expect([fileName, response.statusCode]).toEqual([fileName, 400]);
      expect(response.json<ErrorBody>()).toEqual({
        errorCode: FundingErrorCode.FILE_TYPE_NOT_SUPPORTED,
        message: FundingValidationMessages.imageTypeNotSupported,
      });
    }
    expect(await storedFilesOf(customer)).toBe(before);
  });

  it('the name decides nothing alone: a real PDF named .png, .exe, .pdf.exe or without extension is refused', async () => {
    for (const fileName of ['statement.png', 'statement.exe', 'statement.pdf.exe', 'statement', 'statement.pdf ']) {
      const response = await upload(customer, fileName, PDF.toString('base64'));
      expect([fileName, response.json<ErrorBody>().errorCode]).toEqual([fileName, FundingErrorCode.FILE_TYPE_NOT_SUPPORTED]);
    }
  });

  it('a declared content type cannot vouch for a file: the contract has no such field, and one sent is refused', async () => {
    for (const extra of [{ mimeType: 'application/pdf' }, { contentType: 'application/pdf' }, { type: 'application/pdf' }]) {
      const response = await upload(customer, 'statement.pdf', PDF.toString('base64'), extra);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/^Unknown field/);
    }
    // The HTTP content type of the request is not the file's either: only JSON is read.
    const multipart = await app.inject({
      method: 'POST',
      url: ApiPaths.verificationFiles,
      headers: { authorization: `Bearer ${customer.accessToken}`, 'x-fundflow-client': 'web', 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(multipart.statusCode).toBe(415);
  });

  it('refuses an empty file in its own words', async () => {
    const response = await upload(customer, 'statement.pdf', '');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ errorCode: FundingErrorCode.FILE_EMPTY, message: FundingValidationMessages.fileEmpty });
  });

  it("refuses files over the limits with the spec's message: an image over 5,242,880 bytes, a PDF over the PDF limit", async () => {
    const image = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - PNG.length)]);
    const pdf = Buffer.concat([PDF, Buffer.alloc(PDF_UPLOAD_MAX_BYTES + 1 - PDF.length)]);
    for (const [fileName, bytes] of [
      ['big.png', image],
      ['big.pdf', pdf],
    ] as const) {
      const response = await upload(customer, fileName, bytes.toString('base64'));
      expect([fileName, response.statusCode]).toEqual([fileName, 400]);
      expect(response.json<ErrorBody>()).toEqual({
        errorCode: FundingErrorCode.FILE_TOO_BIG,
        message: FundingValidationMessages.imageTooBig,
      });
    }
  });

  it('a body over the upload limit is answered 413 with the same message, before it is read', async () => {
    const response = await upload(customer, 'huge.pdf', 'A'.repeat(UPLOAD_BODY_LIMIT + 16));
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toEqual({
      errorCode: FundingErrorCode.FILE_TOO_BIG,
      message: FundingValidationMessages.imageTooBig,
    });
  });

  it('refuses text that is not base64 rather than decoding what it can of it', async () => {
    for (const base64file of ['%PDF-1.7', `${PDF.toString('base64')}!!`, 'JVBERi0xLjc=\u0000']) {
      const response = await upload(customer, 'statement.pdf', base64file);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errorCode).toMatch(/VALIDATION/);
    }
  });
});
