import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { HelpIcon, OptionsMenu, Spinner } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { appSessionRecorder, DOWNLOAD_SESSION_SHORTCUT } from './sessionRecording';

export const MEMBER_SUPPORT_EMAIL = 'support@fundflow.example';

/**
 * The header's help menu: contact Member Support, and "Download session for support" (also Alt+Shift+S),
 * which writes the redacted file support staff replay at /support/replay.
 */
export function HelpMenu() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [preparing, setPreparing] = useState(false);
  const busy = useRef(false);

  const download = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setPreparing(true);
    try {
      const { downloadSession } = await import(/* webpackChunkName: "support-export" */ './downloadSession');
      const { bytes } = await downloadSession(appSessionRecorder, store.getState());
      dispatch(
        toastShown(
          `Session file downloaded (${Math.max(1, Math.round(bytes / 1024))} KB). Send it to Member Support with your question.`,
          'success',
        ),
      );
    } catch {
      dispatch(toastShown('The session file could not be made. Please try again.', 'error'));
    } finally {
      busy.current = false;
      setPreparing(false);
    }
  }, [dispatch, store]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = DOWNLOAD_SESSION_SHORTCUT;
      if (
        event.altKey === shortcut.altKey &&
        event.shiftKey === shortcut.shiftKey &&
        !event.ctrlKey &&
        !event.metaKey &&
        event.code === shortcut.code
      ) {
        event.preventDefault();
        void download();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [download]);

  return (
    <>
      <OptionsMenu
        label="Help"
        icon={<HelpIcon size={20} />}
        items={[
          {
            id: 'contact',
            label: 'Contact Member Support',
            hint: MEMBER_SUPPORT_EMAIL,
            onSelect: () => window.location.assign(`mailto:${MEMBER_SUPPORT_EMAIL}`),
          },
          {
            id: 'download-session',
            label: 'Download session for support',
            hint: `${DOWNLOAD_SESSION_SHORTCUT.label} · without passwords, tokens or full account numbers`,
            onSelect: () => void download(),
            disabled: preparing,
          },
        ]}
      />
      {preparing ? <Spinner label="Preparing your session file" /> : null}
    </>
  );
}
