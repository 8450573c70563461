import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The one error shape every failed request becomes, whatever went wrong. */
export interface ApiError {
  /** HTTP status, or a transport failure kind when no usable answer arrived. */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  errorCode?: string;
  message: string;
  /** Debit-card errors say where they came from (our API or the card processor) and the processor's code. */
  source?: string;
  processorCode?: string;
}

export const DEFAULT_ERROR_MESSAGE = 'There was an error, please try again.';
const NETWORK_MESSAGE = 'We could not reach Fundflow. Check your connection and try again.';
const TIMEOUT_MESSAGE = 'This is taking longer than it should. Please try again.';

function isErrorBody(data: unknown): data is { errorCode?: unknown; message?: unknown; source?: unknown; processorCode?: unknown } {
  return typeof data === 'object' && data !== null && ('message' in data || 'errorCode' in data);
}

export function normaliseError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = error.data;
    if (isErrorBody(body)) {
      return {
        status: error.status,
        errorCode: typeof body.errorCode === 'string' ? body.errorCode : undefined,
        message: typeof body.message === 'string' && body.message ? body.message : DEFAULT_ERROR_MESSAGE,
        ...(typeof body.source === 'string' ? { source: body.source } : {}),
        ...(typeof body.processorCode === 'string' ? { processorCode: body.processorCode } : {}),
      };
    }
    return { status: error.status, message: DEFAULT_ERROR_MESSAGE };
  }
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: 'FETCH_ERROR', message: NETWORK_MESSAGE };
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT_ERROR', message: TIMEOUT_MESSAGE };
    case 'PARSING_ERROR':
      // A proxy's HTML error page is still that status to the customer, not a parsing problem.
      return { status: error.originalStatus || 'PARSING_ERROR', message: DEFAULT_ERROR_MESSAGE };
    default:
      return { status: 'CUSTOM_ERROR', message: DEFAULT_ERROR_MESSAGE };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && typeof (value as ApiError).message === 'string';
}

/**
 * A failure that says nothing about the request itself: our server failed (5xx, a proxy's error page), asked
 * the client to slow down (429), or no answer came (time-out, dropped connection, anything not from the api
 * layer). The customer did nothing wrong and may send the same thing again; any other 4xx is a verdict.
 */
export function isOutage(error: unknown): boolean {
  if (!isApiError(error) || typeof error.status !== 'number') return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Message to show for anything a hook or unwrap() threw. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : DEFAULT_ERROR_MESSAGE;
}

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
