import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ApiPaths } from '../api/contract';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';

// The README and docs/ are what people read first; they must not drift from the code. The README stays short (a
// newcomer reads it in five minutes) and points into docs/, whose pages carry the tables checked here.
const ROOT = join(__dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const README = 'README.md';
const README_MAX_LINES = 200;
const docPages = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** Every relative Markdown link of a file: `[text](target)` outside code, with its target and anchor. */
function relativeLinksOf(markdown: string): Array<{ target: string; anchor: string | null }> {
  const links: Array<{ target: string; anchor: string | null }> = [];
  for (const [, href] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(href)) continue;
    const [target, anchor] = href.split('#');
    links.push({ target, anchor: anchor ?? null });
  }
  return links;
}

describe('README.md', () => {
  const readme = read(README);

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('lists every demo login with its description and the demo password', () => {
    for (const { email, description } of DEMO_LOGINS) expect(readme).toContain(`| ${email} | ${description} |`);
    expect(readme).toContain(DEMO_PASSWORD);
  });

  it('links every page of docs/', () => {
    const linked = new Set(relativeLinksOf(readme).map(({ target }) => target));
    expect(docPages.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe.each([README, ...docPages])('links in %s', (file) => {
  it('resolve to files, and their anchors to headings', () => {
    const broken: string[] = [];
    for (const { target, anchor } of relativeLinksOf(read(file))) {
      const path = target === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), target);
      if (!existsSync(path)) broken.push(`${target}: no such file`);
      else if (anchor && path.endsWith('.md') && !anchorsOf(readFileSync(path, 'utf8')).has(anchor))
        broken.push(`${target}#${anchor}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/', () => {
  it('routes.md lists every API path', () => {
    const routes = read('docs/routes.md');
    expect(Object.values(ApiPaths).filter((path) => !routes.includes(`\`${path}\``))).toEqual([]);
  });

  it('operations.md lists every environment variable the server reads', () => {
    // What server/index.ts reads: process.env.NAME, wholeNumber('NAME', ...), and the names its header lists.
    const boot = read('server/index.ts');
    const header = boot.split('\n').filter((line) => line.startsWith('//'));
    const names = new Set([
      ...[...boot.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map(([, name]) => name),
      ...[...boot.matchAll(/wholeNumber\('([A-Z][A-Z0-9_]+)'/g)].map(([, name]) => name),
      ...header.flatMap((line) => [...line.matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST)\b/g)].map(([, name]) => name)),
    ]);
    expect(names.size).toBeGreaterThan(20);
    const operations = read('docs/operations.md');
    expect([...names].filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });

  it('performance.md has the bench markers npm run bench writes its table between', () => {
    const performance = read('docs/performance.md');
    const start = performance.indexOf('<!-- bench:start -->');
    expect(start).toBeGreaterThan(-1);
    expect(performance.indexOf('<!-- bench:end -->')).toBeGreaterThan(start);
  });
});
