import fc from 'fast-check';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError, type ReloadNoteStorage } from './chunkReload';

/** A Storage stand-in over a Map (what sessionStorage keeps for one tab). */
function memoryStorage(): ReloadNoteStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

const webpackChunkError = () =>
  Object.assign(new Error('Loading chunk 512 failed.\n(missing: http://localhost/assets/notifications.1a2b3c4d.js)'), {
    name: 'ChunkLoadError',
    type: 'missing',
  });
const cssChunkError = () =>
  Object.assign(new Error('Loading CSS chunk 512 failed.\n(/assets/notifications.1a2b3c4d.css)'), { code: 'CSS_CHUNK_LOAD_FAILED' });

describe('a chunk that did not load is told from other errors', () => {
  it("knows webpack's script and stylesheet chunk failures and the browsers' own import() failures", () => {
    expect(isChunkLoadError(webpackChunkError())).toBe(true);
    expect(isChunkLoadError(cssChunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x.test/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x.test/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('takes render errors, failed requests and thrown non-errors as other errors', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'amount')"))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('ChunkLoadError'))).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });
});

describe('the page reloads for a newer build once, not in a loop', () => {
  const now = Date.parse('2026-11-26T18:00:00Z');

  it('allows the first reload and notes when it happened', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, now)).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe(String(now));
  });

  it('refuses another reload within the window after one (the reload did not help: Try again instead)', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, now)).toBe(true);
    expect(claimChunkReload(storage, now + 2_000)).toBe(false);
    expect(claimChunkReload(storage, now + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    // The refusals do not move the note: the window runs from the reload, not from the last failure.
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe(String(now));
  });

  it('allows a reload again once the window has passed (a later deploy)', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, now)).toBe(true);
    expect(claimChunkReload(storage, now + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('counts a Try again reload like an automatic one', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, now, true)).toBe(true);
    expect(claimChunkReload(storage, now + 1_000)).toBe(false);
    // Try again always may, even right after a reload.
    expect(claimChunkReload(storage, now + 2_000, true)).toBe(true);
  });

  it('takes a note from the future or an unreadable note as old (a clock set back must not block recovery)', () => {
    for (const note of [String(now + 60_000), 'garbage', '', '-5']) {
      const storage = memoryStorage();
      storage.values.set(CHUNK_RELOAD_KEY, note);
      expect({ note, claimed: claimChunkReload(storage, now) }).toEqual({ note, claimed: true });
    }
  });

  it('never reloads when it cannot remember that it did (no storage, storage that throws or keeps nothing)', () => {
    expect(claimChunkReload(null, now)).toBe(false);
    const throwing: ReloadNoteStorage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimChunkReload(throwing, now)).toBe(false);
    const full: ReloadNoteStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(claimChunkReload(full, now)).toBe(false);
    const forgetful: ReloadNoteStorage = { getItem: () => null, setItem: () => undefined };
    expect(claimChunkReload(forgetful, now)).toBe(false);
  });

  it('over any run of chunk failures in one tab, reloads at most once per window and never leaves a failure after the window unanswered', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * CHUNK_RELOAD_WINDOW_MS }), { minLength: 1, maxLength: 30 }), (gaps) => {
        const storage = memoryStorage();
        let at = now;
        let lastReload: number | null = null;
        for (const gap of gaps) {
          at += gap;
          const claimed = claimChunkReload(storage, at);
          const due = lastReload === null || at - lastReload >= CHUNK_RELOAD_WINDOW_MS;
          expect(claimed).toBe(due);
          if (claimed) lastReload = at;
        }
      }),
    );
  });
});
