import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { HelpIcon, OptionsMenu, Spinner } from '../../ui';
import { DOWNLOAD_SESSION_SHORTCUT } from './sessionRecording';
import { downloadSessionPressed } from './supportThunks';

export const MEMBER_SUPPORT_EMAIL = 'support@fundflow.example';

/**
 * The header's help menu: contact Member Support, and "Download session for support" (also Alt+Shift+S),
 * which writes the redacted file support staff replay at /support/replay.
 */
export function HelpMenu() {
  const dispatch = useAppDispatch();
  const [preparing, setPreparing] = useState(false);
  const busy = useRef(false);

  const download = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setPreparing(true);
    try {
      await dispatch(downloadSessionPressed());
    } finally {
      busy.current = false;
      setPreparing(false);
    }
  }, [dispatch]);

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
