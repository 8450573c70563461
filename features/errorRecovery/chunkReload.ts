// After a deploy the old build's chunks are gone from the server: a page opened before it asks for a chunk by its
// old hashed name and gets a 404. Reloading fetches the new index.html, which names the new chunks. The page reloads
// on its own once; a note in sessionStorage (this tab only) says when, so a chunk that is truly broken cannot make
// the page reload over and over: within the window below it shows Try again instead.
// Kept small: it rides in the first bundle.

/** sessionStorage key of the last reload made to fetch a newer build (milliseconds since the epoch). */
export const CHUNK_RELOAD_KEY = 'fundflow.chunkReloadAt';
/**
 * How long after a reload another chunk failure is taken as "the reload did not help" rather than a new deploy.
 * Longer than a slow page load; short enough that a second deploy later in the day still recovers on its own.
 */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * Whether an error means code of the app could not be fetched: webpack's ChunkLoadError (a script chunk),
 * mini-css-extract's CSS_CHUNK_LOAD_FAILED (a stylesheet chunk), or a native import() failure (Chromium and Firefox
 * say "... dynamically imported module", Safari "Importing a module script failed").
 */
export function isChunkLoadError(error: unknown): boolean {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    /dynamically imported module|Importing a module script failed/i.test(String(message))
  );
}

/** The part of Storage used here (sessionStorage in the app; a fake in tests). */
export type ReloadNoteStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Decides whether a chunk failure may reload the page now, and if so notes the reload (`asked`: the customer pressed
 * Try again, which always may, and is noted so no automatic reload follows it). An automatic reload is allowed at
 * most once per window. Storage that cannot be read or written (blocked, full) never allows an automatic reload:
 * without the note nothing could stop a loop. A note from the future (a clock set back) counts as old.
 */
export function claimChunkReload(storage: ReloadNoteStorage | null, now: number, asked = false): boolean {
  try {
    const last = Number(storage!.getItem(CHUNK_RELOAD_KEY));
    if (!asked && last > 0 && last <= now && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage!.setItem(CHUNK_RELOAD_KEY, String(now));
    return storage!.getItem(CHUNK_RELOAD_KEY) === String(now);
  } catch {
    return false;
  }
}

/** How the page reloads; tests put a fake in its place (jsdom cannot navigate). */
export const pageReload = { reload: (): void => window.location.reload() };

let reloading = false;

/**
 * For a chunk failure: reloads the page to fetch the newer build, if this tab has not just done so (`asked`: Try
 * again, which always reloads). True when the page is reloading (now, or because another part of the page already
 * started it), so the caller shows a quiet loader rather than an error that would flash before the page goes.
 */
export function reloadForNewerBuild(asked = false): boolean {
  if (!reloading) {
    let storage: ReloadNoteStorage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // Storage blocked: no note, so no automatic reload.
    }
    if (!claimChunkReload(storage, Date.now(), asked) && !asked) return false;
    reloading = true;
    pageReload.reload();
  }
  return true;
}

/** For tests: forget that a reload was started in this page. */
export function resetReloadUnderWay(): void {
  reloading = false;
}
