import { DEFAULT_ERROR_MESSAGE, isApiError, type ApiError } from '../../api/apiError';

/** The error as the api layer normalised it, or null for anything else that was thrown. */
export const asApiError = (error: unknown): ApiError | null => (isApiError(error) ? error : null);

/**
 * The message the server itself sent, or null when there was none (a network failure, or an answer without a
 * message, which the api layer fills with its generic text). Several spec messages apply only in that case.
 */
export function serverMessage(error: unknown): string | null {
  const apiError = asApiError(error);
  if (!apiError || typeof apiError.status !== 'number') return null;
  return apiError.message && apiError.message !== DEFAULT_ERROR_MESSAGE ? apiError.message : null;
}
