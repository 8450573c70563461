// A refusal as every API route answers it (4xx, a body of exactly {errorCode, message}), for server tests.

/**
 * Expects the status, a body of exactly {errorCode, message} with this code and a message in words (and, when
 * given, this message or one that matches it); answers the body.
 */
export function expectApiError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  errorCode: string,
  message?: string | RegExp,
): { errorCode: string; message: string } {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { errorCode: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
  expect(body.errorCode).toBe(errorCode);
  expect(body.message.length).toBeGreaterThan(0);
  if (message) expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  return body;
}

/** expectApiError for a request the schema refuses: 400 VALIDATION_FAILED. */
export const expectInvalid = (response: { statusCode: number; json: () => unknown }, message?: string | RegExp) =>
  expectApiError(response, 400, 'VALIDATION_FAILED', message);
