import type { AppThunk } from '../../store/store';
import { toastShown } from '../notifications/toastsSlice';
import { appSessionRecorder } from './sessionRecording';

/**
 * "Download session for support": writes the redacted session file of the store as it is now (the export is its
 * own chunk, loaded on the first download), then tells the customer how large it was, or that it failed.
 */
export const downloadSessionPressed = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  try {
    const { downloadSession } = await import(/* webpackChunkName: "support-export" */ './downloadSession');
    const { bytes } = await downloadSession(appSessionRecorder, getState());
    dispatch(
      toastShown(
        `Session file downloaded (${Math.max(1, Math.round(bytes / 1024))} KB). Send it to Member Support with your question.`,
        'success',
      ),
    );
  } catch {
    dispatch(toastShown('The session file could not be made. Please try again.', 'error'));
  }
};
