import { createSessionRecorder } from '../../store/sessionRecorder';

/** The app's one recorder: the store records into it, and "Download session for support" reads it. */
export const appSessionRecorder = createSessionRecorder();

/** Alt+Shift+S anywhere in the signed-in app downloads the session (also in the help menu). */
export const DOWNLOAD_SESSION_SHORTCUT = { altKey: true, shiftKey: true, code: 'KeyS', label: 'Alt+Shift+S' } as const;
