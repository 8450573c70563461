import { join } from 'node:path';
import { describeFinding, isScannedFile, moneyRuleCopies, MONEY_FIGURES, scanRepository, type FindingKind } from './moneyRulesScan';

// Issue 17, "each money rule once": every money rule lives in api/contract and both the server and the app call it.
// This suite fails when one is written again outside the contract (see moneyRulesScan.ts for what a copy looks like).

const kindsOf = (source: string, file = 'features/example.ts'): FindingKind[] =>
  moneyRuleCopies(file, source).map((finding) => finding.kind);

describe('each money rule once', () => {
  it('no money rule, variant set or contract name is written a second time outside api/contract', () => {
    const findings = scanRepository(join(__dirname, '..', '..'));
    expect(findings.map(describeFinding)).toEqual([]);
  });

  it('scans the server, the app, the store and the api folder, but not the contract, tests or migrations', () => {
    expect(isScannedFile('server/domain/deposits.ts')).toBe(true);
    expect(isScannedFile('features/deposits/depositRules.ts')).toBe(true);
    expect(isScannedFile('ui/Gallery.tsx')).toBe(true);
    expect(isScannedFile('api/depositsApi.ts')).toBe(true);
    expect(isScannedFile('api/contract/fundingSources.ts')).toBe(false);
    expect(isScannedFile('features/deposits/depositRules.test.ts')).toBe(false);
    expect(isScannedFile('server/db/migrations/0001_foundation.ts')).toBe(false);
    expect(isScannedFile('features/deposits/deposits.css')).toBe(false);
  });
});

describe('what counts as a second definition (each one reintroduced)', () => {
  it('a list of two or more account variants', () => {
    expect(kindsOf("const IRAS = ['TRADITIONAL_IRA', 'ROTH_IRA'];")).toEqual(['variant-set-literal']);
    expect(kindsOf("if (new Set(['US', 'ENTITY', 'HIGH_YIELD']).has(v)) {}")).toEqual(['variant-set-literal']);
  });

  it('a set of variants written as comparisons', () => {
    expect(kindsOf("const brokerage = account.variant === 'US' || account.variant === 'ENTITY';")).toEqual(['variant-set-comparison']);
    expect(kindsOf("const notBrokerage = (variant) => variant !== 'US' && variant !== 'ENTITY';")).toEqual(['variant-set-comparison']);
  });

  it('a micro-deposit status check of its own (the server had status !== APPROVED, the app status === PENDING)', () => {
    expect(kindsOf("const pending = row.approval_method === 'MICRO_DEPOSIT' && row.status !== 'APPROVED';")).toEqual([
      'micro-deposit-check',
    ]);
    expect(kindsOf("const pending = method.approvalMethod === 'MICRO_DEPOSIT' && method.status === 'PENDING';")).toEqual([
      'micro-deposit-check',
    ]);
  });

  it('a limit or minimum written out in text', () => {
    expect(MONEY_FIGURES).toEqual(expect.arrayContaining(['$50,000', '$2,500', '$1,000', '$20']));
    expect(kindsOf("export const DAILY_LIMIT_MESSAGE = 'A maximum of $50,000 can be deposited per day.';")).toEqual([
      'hard-coded-money-figure',
    ]);
    expect(kindsOf('const text = `Your card can deposit up to $2,500.00 in all (${name})`;')).toEqual(['hard-coded-money-figure']);
    expect(kindsOf('const Hint = () => <p>\n  Deposits up to $50,000 a day\n</p>;', 'ui/Hint.tsx')).toEqual(['hard-coded-money-figure']);
  });

  it('money text parsed or formatted by hand', () => {
    expect(kindsOf('const match = /^(\\d+)(?:\\.(\\d{0,2}))?$/.exec(input);')).toEqual(['amount-parsing']);
    expect(kindsOf("const money = new RegExp('^\\\\d+(\\\\.\\\\d{1,2})?$');")).toEqual(['amount-parsing']);
    expect(kindsOf('const cents = Math.round(Number(text) * 100);')).toEqual(['amount-parsing']);
    expect(kindsOf('const shown = (cents / 100).toFixed(2);')).toEqual(['amount-parsing']);
    expect(kindsOf('const dollars = parseFloat(text);')).toEqual(['amount-parsing']);
    expect(kindsOf('const ok = /^\\d+(\\.\\d{1,2})?$/.test(text);')).toEqual(['amount-parsing']);
  });

  it('a name the contract exports, defined again', () => {
    expect(kindsOf('export const INSTANT_BANK_BUYING_POWER_CENTS = 100_000;')).toEqual(['contract-name-redefined']);
    expect(kindsOf('export function amountInputToCents(text: string) { return null; }')).toEqual(['contract-name-redefined']);
    expect(kindsOf('const isMicroDepositPending = (m) => m.pending;')).toEqual(['contract-name-redefined']);
  });
});

describe('what is not a copy (no false positives on single uses)', () => {
  it.each([
    ['one variant compared', "if (account.variant === 'HIGH_YIELD') {}"],
    ['one variant in a chain of other tests', "if (destination?.variant === 'HIGH_YIELD' && !isBank) {}"],
    ['a variant as data', "const row = { variant: 'TRADITIONAL_IRA', balanceCents: 0 };"],
    ['user types (one of them is also a variant name)', "const registrations = ['INDIVIDUAL', 'JOINT', 'ENTITY'];"],
    [
      'asset types that share names with variants',
      "const fixedIncome = position.assetType === 'BOND' || position.assetType === 'TREASURY';",
    ],
    ['a list with variants and other words', "const kinds = ['EQUITY', 'BOND', 'TREASURY'];"],
    ['a method type compared', "if (method.type === 'MICRO_DEPOSIT') {}"],
    ['an approval method written as data', "const row = { approval_method: 'MICRO_DEPOSIT', status: 'PENDING' };"],
    ['a rate pattern (bounded whole part, not money)', 'const RATE = /^\\d{1,2}\\.\\d{2}$/;'],
    ['a date pattern', 'const DATE = /^(\\d{4})-(\\d{2})-(\\d{2})$/;'],
    ['other amounts in text', "const text = 'Between $0.01 and $0.99, or $200, or $20,000';"],
    ['a figure in a comment', '// The daily limit is $50,000.\nconst x = 1;'],
    ['a rule imported and re-exported', "export { IRA_VARIANTS, amountInputToCents } from '../../api/contract/values';"],
    ['an alias under its own name', 'export const isVerifiableViaMicroDeposits = isMicroDepositPending;'],
    ['toFixed for a duration', 'const seconds = (ms / 1000).toFixed(1);'],
    ['a rate turned into basis points', 'const bp = Number(whole) * 100 + Number(fraction);'],
  ])('%s', (_name, source) => {
    expect(kindsOf(source, 'features/example.tsx')).toEqual([]);
  });

  it('reports the line of the copy', () => {
    const [finding] = moneyRuleCopies('server/x.ts', "// • a bullet\nconst a = 1;\nconst IRAS = ['TRADITIONAL_IRA', 'ROTH_IRA'];\n");
    expect(finding).toMatchObject({ file: 'server/x.ts', line: 3, kind: 'variant-set-literal' });
  });
});
