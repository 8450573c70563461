import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as contractValues from '../../api/contract/values';
import {
  ACCOUNT_VARIANTS,
  DAILY_BANK_DEPOSIT_LIMIT_CENTS,
  DEFAULT_DEBIT_CARD_LIFETIME_LIMIT_DOLLARS,
  FIRST_DEPOSIT_MIN_CENTS,
  formatCents,
  INSTANT_BANK_BUYING_POWER_CENTS,
  IRA_LIMITS_BY_YEAR,
} from '../../api/contract/values';

/**
 * Finds money rules written a second time outside api/contract (issue 17, "each money rule once"): the source is
 * parsed with swc (already here for jest and webpack; no ESLint) and walked for the shapes a copy takes. Each
 * kind below names the contract function or constant to call instead. `npx tsx test/unit/moneyRulesScan.ts`
 * runs it as a lint (exit 1 on a finding); test/unit/moneyRulesOnce.test.ts runs it in the unit suite.
 */

// eslint-style require: @swc/core is a dependency of the build, and its parser is synchronous.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const swc = require('@swc/core') as { parseSync: (source: string, options: object) => AstNode & { span: Span } };

interface Span {
  start: number;
  end: number;
}
interface AstNode {
  type: string;
  span?: Span;
  [key: string]: unknown;
}

export type FindingKind =
  | 'variant-set-literal'
  | 'variant-set-comparison'
  | 'micro-deposit-check'
  | 'hard-coded-money-figure'
  | 'amount-parsing'
  | 'contract-name-redefined';

export interface Finding {
  file: string;
  line: number;
  kind: FindingKind;
  text: string;
  advice: string;
}

const ADVICE: Record<FindingKind, string> = {
  'variant-set-literal':
    'a list of account variants: use a set of api/contract/fundingSources.ts (IRA_VARIANTS, BROKERAGE_VARIANTS, DEPOSIT_DESTINATION_VARIANTS, ...)',
  'variant-set-comparison':
    'variant === A || variant === B is a set of variants: use isIraVariant / isBrokerageVariant / ... of api/contract/fundingSources.ts',
  'micro-deposit-check': 'a micro-deposit status check: use isMicroDepositPending (api/contract/fundingSources.ts)',
  'hard-coded-money-figure': 'a limit or minimum written out: build the text from the contract (LimitMessages, formatCents(CONSTANT))',
  'amount-parsing':
    'money text parsed or formatted by hand: use decimalToCents / amountInputToCents / centsToAmountInput / formatCents (api/contract/money.ts, moneyEntry.ts)',
  'contract-name-redefined': 'a name the contract exports is defined again: import it from api/contract instead',
};

const VARIANTS = new Set<string>(ACCOUNT_VARIANTS);

/** The contract's figures as people read them ("$50,000"); a string that spells one is a copy of the rule. */
export const MONEY_FIGURES: readonly string[] = [
  ...new Set(
    [
      DAILY_BANK_DEPOSIT_LIMIT_CENTS,
      DEFAULT_DEBIT_CARD_LIFETIME_LIMIT_DOLLARS * 100,
      INSTANT_BANK_BUYING_POWER_CENTS,
      FIRST_DEPOSIT_MIN_CENTS,
      ...Object.values(IRA_LIMITS_BY_YEAR).flatMap((limits) => [limits.limitCents, limits.catchUpCents]),
    ].map((cents) => formatCents(cents, { whole: true })),
  ),
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A figure not followed by more digits ("$20" is not "$200" or "$2,000"). */
const FIGURE_PATTERN = new RegExp(`(${MONEY_FIGURES.map(escapeRegExp).join('|')})(?![\\d,])`);

/** Runtime names of the contract's value modules (functions and constants). */
export const CONTRACT_NAMES: ReadonlySet<string> = new Set(Object.keys(contractValues));

/**
 * A regular expression that reads a money amount: an unbounded whole part (\d+ or \d*) followed by a point and up
 * to two decimals. A rate such as ^\d{1,2}\.\d{2}$ (bounded whole part) is not money.
 */
const MONEY_REGEX = /\\d[+*]\)?(?:\(\?:|\()?\\\.\(?\\d(?:\{0,2\}|\{1,2\}|\{2\})/;

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

function children(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'span') continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (isNode(item)) out.push(item);
        else if (item && typeof item === 'object') for (const inner of Object.values(item)) if (isNode(inner)) out.push(inner);
      }
    } else if (isNode(value)) out.push(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) if (isNode(inner)) out.push(inner);
  }
  return out;
}

const stringValue = (node: unknown): string | null => (isNode(node) && node.type === 'StringLiteral' ? (node.value as string) : null);

/** The name a comparison looks at: `variant` in `account.variant`, `approval_method` in `row.approval_method`. */
function propertyName(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier') return node.value as string;
  if (node.type === 'MemberExpression' && isNode(node.property) && node.property.type === 'Identifier')
    return node.property.value as string;
  if (node.type === 'OptionalChainingExpression') return propertyName(node.base);
  if (node.type === 'ParenthesisExpression') return propertyName(node.expression);
  return null;
}

/** The variant a `x.variant === 'US'` (or !==) comparison names. */
function variantCompared(node: AstNode): string | null {
  if (node.type === 'ParenthesisExpression') return isNode(node.expression) ? variantCompared(node.expression) : null;
  if (node.type !== 'BinaryExpression' || !['===', '!==', '==', '!='].includes(node.operator as string)) return null;
  for (const [value, other] of [
    [node.right, node.left],
    [node.left, node.right],
  ]) {
    const literal = stringValue(value);
    if (literal && VARIANTS.has(literal) && propertyName(other) === 'variant') return literal;
  }
  return null;
}

/** The comparisons of a chain of || / && (one level of operator). */
function comparisonsOf(node: AstNode, operator: string, seen: WeakSet<AstNode>, out: AstNode[] = []): AstNode[] {
  const inner = node.type === 'ParenthesisExpression' && isNode(node.expression) ? node.expression : node;
  if (inner.type === 'BinaryExpression' && inner.operator === operator && isNode(inner.left) && isNode(inner.right)) {
    seen.add(inner);
    comparisonsOf(inner.left, operator, seen, out);
    comparisonsOf(inner.right, operator, seen, out);
  } else out.push(inner);
  return out;
}

/** `Number(x) * 100` or `parseFloat(x) * 100`. */
function isFloatCents(node: AstNode): boolean {
  const inner = node.type === 'ParenthesisExpression' && isNode(node.expression) ? node.expression : node;
  if (inner.type !== 'BinaryExpression' || inner.operator !== '*') return false;
  const sides = [inner.left, inner.right].filter(isNode);
  const hundred = sides.some((side) => side.type === 'NumericLiteral' && side.value === 100);
  const parsed = sides.some((side) => side.type === 'CallExpression' && ['Number', 'parseFloat'].includes(propertyName(side.callee) ?? ''));
  return hundred && parsed;
}

/** Every copy of a money rule in one source file. */
export function moneyRuleCopies(file: string, source: string): Finding[] {
  const ast = swc.parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx'), comments: false, target: 'es2022' });
  // swc's spans are 1-based byte offsets of the UTF-8 text.
  const bytes = Buffer.from(source, 'utf8');
  const lineStarts = [0];
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lineStarts.push(at + 1);
  const lineOf = (span: Span | undefined) => {
    const offset = (span?.start ?? 1) - 1;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const findings: Finding[] = [];
  const report = (node: AstNode, kind: FindingKind) => {
    // JSX text starts at the tag's end: count from its first visible character.
    const text = node.type === 'JSXText' ? (node.value as string) : '';
    const lead = Buffer.byteLength(text.slice(0, text.length - text.trimStart().length), 'utf8');
    const line = lineOf(node.span && { start: node.span.start + lead, end: node.span.end });
    findings.push({ file, line, kind, text: (source.split('\n')[line - 1] ?? '').trim().slice(0, 160), advice: ADVICE[kind] });
  };
  const seenChains = new WeakSet<AstNode>();

  const visit = (node: AstNode) => {
    switch (node.type) {
      case 'ArrayExpression': {
        const values = (node.elements as Array<{ spread?: unknown; expression: AstNode } | null>).map((element) =>
          element && !element.spread ? stringValue(element.expression) : null,
        );
        if (values.length >= 2 && values.every((value) => value !== null && VARIANTS.has(value))) report(node, 'variant-set-literal');
        break;
      }
      case 'BinaryExpression': {
        const operator = node.operator as string;
        if ((operator === '||' || operator === '&&') && !seenChains.has(node)) {
          const chain = comparisonsOf(node, operator, seenChains);
          const variants = new Set(chain.map(variantCompared).filter((value): value is string => value !== null));
          if (variants.size >= 2) report(node, 'variant-set-comparison');
        }
        if (['===', '!==', '==', '!='].includes(operator)) {
          const sides: Array<[unknown, unknown]> = [
            [node.left, node.right],
            [node.right, node.left],
          ];
          if (
            sides.some(([value, other]) => stringValue(value) === 'MICRO_DEPOSIT' && /^approval_?method$/i.test(propertyName(other) ?? ''))
          )
            report(node, 'micro-deposit-check');
        }
        break;
      }
      case 'CallExpression': {
        const callee = isNode(node.callee) ? propertyName(node.callee) : null;
        const args = node.arguments as Array<{ expression: AstNode }>;
        if (callee === 'parseFloat') report(node, 'amount-parsing');
        // Math.round(Number(text) * 100): dollars typed as text turned into cents through a float.
        if (['round', 'floor', 'trunc', 'ceil'].includes(callee ?? '') && args.length === 1 && isFloatCents(args[0].expression))
          report(node, 'amount-parsing');
        if (callee === 'toFixed' && args.length === 1 && args[0].expression.type === 'NumericLiteral' && args[0].expression.value === 2)
          report(node, 'amount-parsing');
        break;
      }
      case 'NewExpression': {
        const pattern = stringValue((node.arguments as Array<{ expression: AstNode }> | undefined)?.[0]?.expression);
        if (propertyName(node.callee) === 'RegExp' && pattern !== null && MONEY_REGEX.test(pattern)) report(node, 'amount-parsing');
        break;
      }
      case 'RegExpLiteral':
        if (MONEY_REGEX.test(node.pattern as string)) report(node, 'amount-parsing');
        break;
      case 'StringLiteral':
      case 'JSXText':
        if (FIGURE_PATTERN.test(node.value as string)) report(node, 'hard-coded-money-figure');
        break;
      case 'TemplateElement':
        if (FIGURE_PATTERN.test((node.cooked as string | null) ?? (node.raw as string))) report(node, 'hard-coded-money-figure');
        break;
      case 'VariableDeclarator':
        if (isNode(node.id) && node.id.type === 'Identifier' && CONTRACT_NAMES.has(node.id.value as string))
          report(node, 'contract-name-redefined');
        break;
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (isNode(node.identifier) && CONTRACT_NAMES.has(node.identifier.value as string)) report(node, 'contract-name-redefined');
        break;
    }
    for (const child of children(node)) visit(child);
  };
  visit(ast);
  return findings;
}

/** The folders scanned, from the repository root; the contract itself is where the rules live. */
export const SCANNED_ROOTS = ['server', 'features', 'src', 'ui', 'store', 'api'] as const;

/**
 * Skipped: the contract; tests and test helpers (they state expected values); migrations, which must stay exactly
 * as they ran (a migration's check constraint lists the variants of its day, not today's constant).
 */
export function isScannedFile(path: string): boolean {
  const posix = path.split(sep).join('/');
  if (!/\.(ts|tsx)$/.test(posix) || /\.d\.ts$/.test(posix)) return false;
  if (/\.(test|spec)\.tsx?$/.test(posix) || /(^|\/)(test|tests|__tests__|__mocks__)\//.test(posix)) return false;
  if (posix.startsWith('api/contract/') || posix.startsWith('server/db/migrations/')) return false;
  return true;
}

function filesUnder(root: string, dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, path, out);
    else if (isScannedFile(path)) out.push(path);
  }
  return out;
}

/** Every copy in the repository at `root`. */
export function scanRepository(root: string): Finding[] {
  return SCANNED_ROOTS.flatMap((dir) => filesUnder(root, dir)).flatMap((file) =>
    moneyRuleCopies(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')),
  );
}

export const describeFinding = (finding: Finding) =>
  `${finding.file}:${finding.line} [${finding.kind}] ${finding.text}\n    → ${finding.advice}`;

// As a lint: npx tsx test/unit/moneyRulesScan.ts
if (typeof require !== 'undefined' && require.main === module) {
  const findings = scanRepository(join(__dirname, '..', '..'));
  for (const finding of findings) console.log(describeFinding(finding));
  console.log(
    findings.length === 0
      ? 'Each money rule once: no copies outside api/contract.'
      : `${findings.length} money rule copies outside api/contract.`,
  );
  process.exit(findings.length === 0 ? 0 : 1);
}
