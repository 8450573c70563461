// After a deploy the old build's chunks are gone from the server: a page opened before it asks for a chunk by its
// old hashed name and gets a 404. Reloading fetches the new index.html, which names the new chunks. The page reloads
// on its own once; a note in sessionStorage (this tab only) says when, so a chunk that is truly broken cannot make
// the page reload over and over: within the window below it shows Try again instead.

/** sessionStorage key of the last reload made to fetch a newer build (milliseconds since the epoch). */
export const CHUNK_RELOAD_KEY = 'fundflow.chunkReloadAt';
/**
 * How long after a reload another chunk failure is taken as "the reload did not help" rather than a new deploy.
 * Longer than a slow page load; short enough that a second deploy later in the day still recovers on its own.
 */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/** Messages browsers give when a native dynamic import() cannot fetch its module (Chromium, Firefox, Safari). */
const NATIVE_IMPORT_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/**
 * Whether an error means code of the app could not be fetched: webpack's ChunkLoadError (a script chunk),
 * mini-css-extract's CSS_CHUNK_LOAD_FAILED (a stylesheet chunk), or a native import() failure.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof message === 'string' && NATIVE_IMPORT_FAILURE.test(message);
}

/** The part of Storage used here (sessionStorage in the app; a fake in tests). */
export type ReloadNoteStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Decides whether a chunk failure may reload the page now, and if so notes the reload. True at most once per
 * window: a note younger than the window means this tab already reloaded for a newer build and it did not help.
 * Storage that cannot be read or written (blocked, full) never allows a reload: without the note there would be no
 * way to stop a loop.
 */
export function claimChunkReload(storage: ReloadNoteStorage | null | undefined, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    // A note from the future (the clock was set back) counts as old: it must not block recovery for good.
    if (Number.isFinite(last) && last > 0 && last <= now && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return storage.getItem(CHUNK_RELOAD_KEY) === String(now);
  } catch {
    return false;
  }
}

/** Notes a reload the customer asked for (Try again), so it is not followed by an automatic one. */
export function noteReload(storage: ReloadNoteStorage | null | undefined, now: number): void {
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Nothing to remember it in: the reload still happens, and no automatic one follows without the note.
  }
}

/** The tab's sessionStorage, or null where reading it throws (storage blocked). */
export function tabStorage(): ReloadNoteStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** How the page reloads; tests put a fake in its place (jsdom cannot navigate). */
export const pageReload = { reload: (): void => window.location.reload() };

let reloadUnderWay = false;

/**
 * For a chunk failure: reloads the page to fetch the newer build if this tab has not just done so. Returns true
 * when the page is reloading (now, or because another part of the page already started it), so the caller shows
 * a quiet "updating" state rather than an error that would flash before the page goes.
 */
export function reloadForNewerBuild(): boolean {
  if (reloadUnderWay) return true;
  if (!claimChunkReload(tabStorage(), Date.now())) return false;
  reloadUnderWay = true;
  pageReload.reload();
  return true;
}

/** Try again after a chunk failure: a reload the customer asked for (noted, so no automatic one follows it). */
export function reloadOnRequest(): void {
  noteReload(tabStorage(), Date.now());
  reloadUnderWay = true;
  pageReload.reload();
}

/** For tests: forget that a reload was started in this page. */
export function resetReloadUnderWay(): void {
  reloadUnderWay = false;
}
