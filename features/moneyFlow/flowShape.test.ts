import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Issue 21, "flows in steps": the money flows' components are short, one per file, framed by FlowFrame, and none
// reads the store itself (decisions on "accounts arrived" or "Next pressed" are thunks).

const ROOT = join(__dirname, '..', '..');
const FLOW_FOLDERS = [
  'features/deposits',
  'features/iraDeposit',
  'features/transfers',
  'features/withdrawals',
  'features/moneyFlow',
  'features/debitCard',
  'features/bankLink',
];
/** Every folder of the app's components: the size and store rules hold for all of them, not only the flows. */
const APP_FOLDERS = ['features', 'src', 'ui'];
/** Not a frame decision: the spec's Back rule of the bank link (2.4), a selector over the flow's presentation. */
const PRESENTATION_RULES = ['features/bankLink/bankLinkSelectors.ts'];
const MAX_COMPONENT_LINES = 250;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/TestUtils/.test(entry.name)) yield full;
  }
}

/** Lines as `wc -l` counts them (a final newline ends the last line; it does not start another). */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const read = (folders: string[]) =>
  folders
    .flatMap((folder) => [...files(join(ROOT, folder))])
    .map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
const sources = read(FLOW_FOLDERS);
const components = sources.filter(({ file }) => file.endsWith('.tsx'));
const appComponents = read(APP_FOLDERS).filter(({ file }) => file.endsWith('.tsx'));

describe('money flows in steps', () => {
  it('no component file is over 250 lines', () => {
    const long = components.filter(({ text }) => lineCount(text) > MAX_COMPONENT_LINES).map(({ file }) => file);
    expect(long).toEqual([]);
  });

  it('one component per file', () => {
    const several = components
      .filter(({ text }) => (text.match(/^(export )?(default )?function [A-Z]/gm) ?? []).length > 1)
      .map(({ file }) => file);
    expect(several).toEqual([]);
  });

  it('no component reads the store itself (store.getState or useAppStore)', () => {
    const readers = components.filter(({ text }) => /\bgetState\(\)|\buseAppStore\b|\buseStore\b/.test(text)).map(({ file }) => file);
    expect(readers).toEqual([]);
  });

  it('only FlowFrame decides dialog or page', () => {
    const deciders = sources
      .filter(
        ({ file, text }) =>
          file !== 'features/moneyFlow/FlowFrame.tsx' && !PRESENTATION_RULES.includes(file) && /presentation\s*[!=]==/.test(text),
      )
      .map(({ file }) => file);
    expect(deciders).toEqual([]);
  });

  it('the shared module imports no flow (the flows import it)', () => {
    const backwards = sources
      .filter(({ file }) => file.startsWith('features/moneyFlow/'))
      .filter(({ text }) => /from '\.\.\/(deposits|iraDeposit|transfers|withdrawals)\//.test(text))
      .map(({ file }) => file);
    expect(backwards).toEqual([]);
  });
});

describe('every component of the app', () => {
  it('no component file is over 250 lines', () => {
    const long = appComponents.filter(({ text }) => lineCount(text) > MAX_COMPONENT_LINES).map(({ file }) => file);
    expect(long).toEqual([]);
  });

  it('no component reads the store itself (store.getState or useAppStore)', () => {
    const readers = appComponents
      .filter(({ text }) => /\bstore\.getState\(\)|\buseAppStore\b|\buseStore\b/.test(text))
      .map(({ file }) => file);
    expect(readers).toEqual([]);
  });
});
