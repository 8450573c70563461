import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionEstablished } from '../../api/authEvents';
import { makeStore } from '../../store/store';
import { sessionFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { selectToasts } from '../notifications/toastsSlice';
import { HelpMenu } from './HelpMenu';
import { appSessionRecorder } from './sessionRecording';
import type { SessionExportFile } from '../../store/sessionExport';

describe('HelpMenu', () => {
  let files: Blob[];
  beforeEach(() => {
    files = [];
    appSessionRecorder.clear();
    // jsdom has no object URLs; the browser suite downloads a real file.
    URL.createObjectURL = jest.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:session';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  function setup() {
    const store = makeStore(undefined, { recorder: appSessionRecorder });
    store.dispatch(sessionEstablished(sessionFixture({ accessToken: 'secret-access-token-123' })));
    renderWithProviders(<HelpMenu />, { store });
    return store;
  }

  it('downloads the redacted session from the menu and says so', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download session for support' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const file = JSON.parse(await files[0].text()) as SessionExportFile;
    expect(file.fundflow.format).toBe('fundflow-session');
    expect((JSON.parse(file.payload) as { type: string }[]).map((action) => action.type)).toContain('auth/sessionEstablished');
    expect(await files[0].text()).not.toContain('secret-access-token-123');
    await waitFor(() =>
      expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual([
        expect.stringMatching(/^Session file downloaded \(\d+ KB\)/),
      ]),
    );
  });

  it('downloads with Alt+Shift+S as well', async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}');
    await waitFor(() => expect(files).toHaveLength(1));
  });
});
