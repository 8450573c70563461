import type { LightMyRequestResponse } from 'fastify';
import { apiPath, ApiPaths, type AccountDocument, type DocumentsResponse, type ErrorBody } from '../../api/contract';
import { writePdf } from '../domain/pdfWriter';
import { accountOf } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, clock } = useTestApp({ clockAt: TEST_NOW });
// Monday 2 March 2026 (the seed's "now"): February's statements are not out yet (they come on March 5).

async function list(customer: Customer, query: Record<string, string> = {}): Promise<DocumentsResponse> {
  const response = await customer.get(`${ApiPaths.documents}?${new URLSearchParams(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json<DocumentsResponse>();
}

async function all(customer: Customer, query: Record<string, string> = {}): Promise<AccountDocument[]> {
  const documents: AccountDocument[] = [];
  let cursor: string | null = null;
  do {
    const page: DocumentsResponse = await list(customer, { ...query, limit: '100', ...(cursor ? { cursor } : {}) });
    documents.push(...page.documents);
    cursor = page.nextCursor;
  } while (cursor);
  return documents;
}

const download = (customer: Customer, documentId: string) => customer.get(apiPath(ApiPaths.documentDownload, { documentId }));
const pdfText = (response: LightMyRequestResponse) => response.rawPayload.toString('latin1');

function expectError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
  expect(body.message).not.toMatch(/at .*\.ts|stack/i);
  return body;
}

describe('listing documents', () => {
  it('lists newest first, 20 a page, and the cursor walks every document once', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const first = await list(customer);
    expect(first.documents).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.total).toBeGreaterThan(100);
    const everything = await all(customer);
    expect(everything).toHaveLength(first.total);
    expect(new Set(everything.map((doc) => doc.id)).size).toBe(everything.length);
    const issued = everything.map((doc) => doc.issuedAt);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(everything.slice(0, 20).map((doc) => doc.id)).toEqual(first.documents.map((doc) => doc.id));
  });

  it('issues monthly statements per account from the month it opened, on the 5th of the next month', async () => {
    let customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const statements = await all(customer, { kind: 'ACCOUNT_STATEMENT', accountUuid: brokerage.accountUuid });
    // Opened 14 March 2023; January 2026 is the latest (February's comes on March 5).
    expect(statements[0]).toMatchObject({
      title: 'January 2026 statement',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      accountName: 'Brokerage',
      corrected: false,
      form: null,
    });
    expect(statements[0].accountMask).toBe(brokerage.account.slice(-4));
    expect(statements[statements.length - 1].title).toBe('March 2023 statement');
    expect(statements).toHaveLength(35);
    expect(statements.every((doc) => doc.accountUuid === brokerage.accountUuid && doc.kind === 'ACCOUNT_STATEMENT')).toBe(true);
    expect(statements[0].fileName).toBe(`fundflow-statement-${brokerage.account.slice(-4)}-2026-01.pdf`);

    clock.set('2026-03-05T12:00:00Z');
    customer = await signedInCustomer(app, customer.email);
    const after = await list(customer, { kind: 'ACCOUNT_STATEMENT', accountUuid: brokerage.accountUuid, limit: '1' });
    expect(after.documents[0].title).toBe('February 2026 statement');
    expect(after.total).toBe(36);
    // Issuing again issues nothing twice.
    expect((await list(customer, { kind: 'ACCOUNT_STATEMENT', accountUuid: brokerage.accountUuid })).total).toBe(36);
  });

  it('gives each account its tax forms per finished tax year, each on its IRS date', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const tax = await all(customer, { kind: 'TAX_STATEMENT', year: '2025' });
    // March 2: the 1099s are out (Jan 31, Feb 15); the IRAs' 5498s come on May 31.
    expect(tax.map((doc) => `${doc.accountName}: ${doc.title}`).sort()).toEqual([
      'Brokerage: 2025 Form 1099 Composite',
      'High-yield cash: 2025 Form 1099-INT',
    ]);
    expect(tax.find((doc) => doc.form === '1099-COMPOSITE')!.issuedAt).toBe('2026-02-15T11:00:00.000Z');
    expect((await list(customer, { kind: 'TAX_STATEMENT', year: '2026' })).total).toBe(0);
    const years = (await all(customer, { kind: 'TAX_STATEMENT' })).filter((doc) => doc.form === '1099-COMPOSITE').map((doc) => doc.year);
    expect(years).toEqual([2025, 2024, 2023]);
  });

  it('issues 5498s only once May 31 has passed', async () => {
    let customer = await freshCustomer(app, 'alex@fundflow.test');
    const before = await all(customer, { kind: 'TAX_STATEMENT', year: '2025' });
    expect(before.some((doc) => doc.form === '5498')).toBe(false);
    clock.set('2026-06-01T12:00:00Z');
    customer = await signedInCustomer(app, customer.email);
    const after = await all(customer, { kind: 'TAX_STATEMENT', year: '2025' });
    expect(
      after
        .filter((doc) => doc.form === '5498')
        .map((doc) => doc.accountName)
        .sort(),
    ).toEqual(['Roth IRA', 'Traditional IRA']);
  });

  it('shows the seeded correction next to the original form', async () => {
    const customer = await signedInCustomer(app, 'alex@fundflow.test');
    const composites = (await all(customer, { kind: 'TAX_STATEMENT', year: '2025' })).filter((doc) => doc.form === '1099-COMPOSITE');
    expect(composites.map((doc) => [doc.title, doc.corrected])).toEqual([
      ['2025 Form 1099 Composite (corrected)', true],
      ['2025 Form 1099 Composite', false],
    ]);
    expect(composites[0].fileName).toMatch(/^fundflow-1099-composite-\d{4}-2025-corrected\.pdf$/);
    const pdf = await download(customer, composites[0].id);
    expect(pdfText(pdf)).toContain('CORRECTED: replaces the form issued February 15, 2026.');
  });

  it('filters by kind, account and year, and offers the years that have documents', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const confirmations = await all(customer, { kind: 'TRADE_CONFIRMATION' });
    expect(confirmations.length).toBeGreaterThan(0);
    expect(confirmations.every((doc) => doc.kind === 'TRADE_CONFIRMATION' && doc.periodStart === doc.periodEnd)).toBe(true);
    const rothDocs = await list(customer, { accountUuid: roth.accountUuid });
    expect(rothDocs.years).toEqual([2026, 2025, 2024]);
    expect(rothDocs.documents.every((doc) => doc.accountUuid === roth.accountUuid)).toBe(true);
    const in2024 = await all(customer, { accountUuid: roth.accountUuid, year: '2024' });
    expect(in2024.length).toBeGreaterThan(0);
    expect(in2024.every((doc) => doc.year === 2024)).toBe(true);
    // The year filter does not narrow the years on offer.
    expect((await list(customer, { accountUuid: roth.accountUuid, year: '2024' })).years).toEqual([2026, 2025, 2024]);
  });

  it('keeps a closed customer’s documents, up to the end of last year', async () => {
    const customer = await signedInCustomer(app, 'closed@fundflow.test');
    const documents = await all(customer);
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((doc) => doc.periodEnd <= '2025-12-31')).toBe(true);
    expect(documents[0].accountName).toBe('Brokerage');
    expect(documents.some((doc) => doc.title === 'December 2025 statement')).toBe(true);
    expect(documents.some((doc) => doc.title === '2025 Form 1099 Composite')).toBe(true);
  });
});

describe('downloading a document', () => {
  it('answers a valid PDF with the customer, the masked account, the period and the figures', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const [statement] = (await list(customer, { kind: 'ACCOUNT_STATEMENT', accountUuid: brokerage.accountUuid, limit: '1' })).documents;
    const response = await download(customer, statement.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${statement.fileName}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.subarray(bytes.length - 6).toString('latin1')).toBe('%%EOF\n');
    const text = pdfText(response);
    // startxref points at the cross-reference table, and each entry at its object.
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n\r$/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
    expect(text).toContain('(Customer: Alex Morgan) Tj');
    expect(text).toContain(`(Account: Brokerage ending in ${brokerage.account.slice(-4)}) Tj`);
    expect(text).not.toContain(brokerage.account);
    expect(text).toContain('(Period: January 1, 2026 to January 31, 2026) Tj');
    expect(text).toContain('(Closing cash balance) Tj');
  });

  it('puts the IRA contributions of the tax year on Form 5498', async () => {
    clock.set('2026-06-01T12:00:00Z');
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const traditional = await accountOf(customer, 'TRADITIONAL_IRA');
    const [form] = (await list(customer, { kind: 'TAX_STATEMENT', accountUuid: traditional.accountUuid, year: '2025' })).documents.filter(
      (doc) => doc.form === '5498',
    );
    const text = pdfText(await download(customer, form.id));
    expect(text).toMatch(/\(IRA contributions \\\(box 1\\\)\) Tj ET\nBT \/F2 10 Tf [\d.]+ [\d.]+ Td \(\$4,000\.00\) Tj/);
  });

  it("refuses another customer's document and ids that are no document (404)", async () => {
    const owner = await freshCustomer(app, 'alex@fundflow.test');
    const stranger = await freshCustomer(app, 'new@fundflow.test');
    const [doc] = (await list(owner, { limit: '1' })).documents;
    expectError(await download(stranger, doc.id), 404);
    expectError(await download(stranger, 'not-a-uuid'), 404);
    expectError(await download(owner, '00000000-0000-4000-8000-000000000000'), 404);
    expect((await download(owner, doc.id)).statusCode).toBe(200);
    // Nor may the filters name another customer's account.
    expectError(await stranger.get(`${ApiPaths.documents}?accountUuid=${doc.accountUuid}`), 404);
  });

  it('needs a signed-in customer', async () => {
    const response = await app.inject({ method: 'GET', url: ApiPaths.documents });
    expectError(response, 401);
  });
});

describe('bad queries', () => {
  it.each([
    ['an unknown kind', 'kind=STATEMENTS'],
    ['a year that is not 4 digits', 'year=25'],
    ['a limit of 0', 'limit=0'],
    ['a limit above 100', 'limit=101'],
    ['a limit that is not a number', 'limit=ten'],
    ['a cursor the server never gave', 'cursor=bm90LWEtY3Vyc29y'],
    ['an unknown parameter', 'sort=asc'],
  ])('answers 400 with errorCode and message for %s', async (_name, query) => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const body = expectError(await customer.get(`${ApiPaths.documents}?${query}`), 400);
    expect(body.errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('the PDF writer', () => {
  it('escapes PDF string characters and keeps to printable ASCII', () => {
    const text = writePdf([{ text: 'Fees (waived) \\ – “ok” • done' }], { title: 'T' }).toString('latin1');
    expect(text).toContain('(Fees \\(waived\\) \\\\ - "ok" ? done) Tj');
  });
});
