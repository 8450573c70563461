import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, type ErrorBody } from '../../api/contract';
import { ApiError, INTERNAL_ERROR_MESSAGE } from '../errors';
import { REQUEST_ID_HEADER } from '../observability/requestIds';
import { describeValidationError } from './validationMessages';
import { addLibraryHeadersWithoutHooks } from './libraryHeaders';
import { addSecurityHeaders } from './securityHeaders';

// Fastify's own client errors, with wording for people. Their original messages can quote internals.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; errorCode: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, errorCode: ApiErrorCode.MALFORMED_JSON, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    errorCode: ApiErrorCode.MALFORMED_JSON,
    message: 'The request body is empty but declared as JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, errorCode: ApiErrorCode.BODY_TOO_LARGE, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    errorCode: ApiErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'The request body must be JSON, sent with Content-Type: application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    errorCode: ApiErrorCode.VALIDATION,
    message: 'The Content-Length header does not match the body.',
  },
  // Raised by the router before any route runs; Fastify's own answer would quote the whole path back.
  FST_ERR_BAD_URL: { status: 400, errorCode: ApiErrorCode.VALIDATION, message: 'The path is not a valid URL.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, errorCode: ApiErrorCode.VALIDATION, message: 'A part of the path is too long.' },
};

const CODE_BY_STATUS: Record<number, string> = {
  400: ApiErrorCode.VALIDATION,
  401: ApiErrorCode.UNAUTHENTICATED,
  403: ApiErrorCode.FORBIDDEN,
  404: ApiErrorCode.NOT_FOUND,
  405: ApiErrorCode.METHOD_NOT_ALLOWED,
  413: ApiErrorCode.BODY_TOO_LARGE,
  415: ApiErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ApiErrorCode.RATE_LIMITED,
};

/** Every error the API answers with, as exactly { errorCode, message }; 5xx details stay in the log. */
export function toErrorResponse(error: FastifyError | Error): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    // errorCode and message always win over a detail of the same name.
    return { status: error.statusCode, body: { ...error.details, errorCode: error.errorCode, message: error.message } };
  }

  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      status: 400,
      body: {
        errorCode: ApiErrorCode.VALIDATION,
        message: describeValidationError(fastifyError.validation, fastifyError.validationContext),
      },
    };
  }
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { errorCode: known.errorCode, message: known.message } };

  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { errorCode: CODE_BY_STATUS[status] ?? ApiErrorCode.VALIDATION, message: 'The request could not be processed.' },
    };
  }
  return { status: 500, body: { errorCode: ApiErrorCode.INTERNAL, message: INTERNAL_ERROR_MESSAGE } };
}

/**
 * Fastify's frameworkErrors option: errors its router raises before a route is found (a bad percent escape, a
 * path parameter over maxParamLength) get the same { errorCode, message } answer as every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  request.log.info({ errorCode: body.errorCode, status }, 'request refused');
  // No hook runs for these answers (a URL the router refused): the headers every answer carries, the request id
  // among them (the others get it in onSend), are set here.
  void addSecurityHeaders(request, reply);
  addLibraryHeadersWithoutHooks(request, reply);
  void reply.code(status).type('application/json; charset=utf-8').header(REQUEST_ID_HEADER, request.id).send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ errorCode: body.errorCode, status }, 'request refused');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
