import { PERSIST_VERSION } from '../../store/persistence';
import { buildSessionExport } from '../../store/sessionExport';
import type { SessionRecorder } from '../../store/sessionRecorder';
import type { RootState } from '../../store/rootReducer';

declare const __APP_VERSION__: string | undefined;

/** The file name: the app and the time, never the customer. */
export function sessionFileName(now: Date): string {
  return `fundflow-session-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/**
 * Builds the redacted export of the recorded session (in slices, so the page stays responsive) and hands it
 * to the browser as a download. Loaded on demand: none of this weighs on the first page.
 */
export async function downloadSession(
  recorder: SessionRecorder,
  state: RootState,
  now = new Date(),
): Promise<{ bytes: number; fileName: string }> {
  const flags =
    (state as unknown as { api?: { queries?: Record<string, { endpointName?: string; data?: { flags?: Record<string, unknown> } }> } }).api
      ?.queries ?? {};
  const config = Object.values(flags).find((entry) => entry?.endpointName === 'getConfig')?.data?.flags ?? {};
  const text = await buildSessionExport(recorder.recorded(), state, {
    schemaVersion: PERSIST_VERSION,
    appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'development',
    exportedAt: now.toISOString(),
    route: `${window.location.pathname}${window.location.search}${window.location.hash}`,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    flags: config,
  });
  const blob = new Blob([text], { type: 'application/json' });
  const fileName = sessionFileName(now);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { bytes: blob.size, fileName };
}
