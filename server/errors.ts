import { ApiErrorCode } from '../api/contract';

/** An error meant for the customer: its status, code and message go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    /** Further fields of the error body some calls document (e.g. the debit card's `source`). */
    readonly details?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export const unauthenticated = (message = 'Please sign in to continue.') => new ApiError(401, ApiErrorCode.UNAUTHENTICATED, message);
export const tokenExpired = () =>
  new ApiError(401, ApiErrorCode.TOKEN_EXPIRED, 'Your session has expired. Please refresh it or sign in again.');
export const invalidCredentials = () => new ApiError(401, ApiErrorCode.INVALID_CREDENTIALS, 'The email or password is incorrect.');
export const refreshInvalid = () => new ApiError(401, ApiErrorCode.REFRESH_INVALID, 'Your session has ended. Please sign in again.');
export const demoLoginDisabled = () =>
  new ApiError(403, ApiErrorCode.DEMO_LOGIN_DISABLED, 'Demo logins are disabled on this server because it runs in live mode.');
