import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  AnalyticsEventsRequest,
  ApiPaths,
  type ErrorBody,
  FundingErrorCode,
  FundingValidationMessages,
  isBankMethodType,
  PaymentMethodResponse,
  statementFileProblem,
  SubmitVerificationRequest,
  UploadFileRequest,
  UploadFileResponse,
  WireInstructions,
} from '../../api/contract';
import { UPLOAD_BODY_LIMIT } from '../config';
import { assertCanAdd } from '../domain/additionRules';
import { paymentMethodNotFound, validationFailed } from '../domain/fundingErrors';
import { requireUser } from '../domain/sessions';
import { decodeBase64, statementMime } from '../domain/statementFiles';
import { isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import { toErrorResponse } from '../http/errorHandler';
import { presentPaymentMethod } from '../presenters';
import { listAccountsOfUser } from '../repositories/accounts';
import { insertAnalyticsEvents } from '../repositories/analyticsEvents';
import { findOwnLiveMethod, findPaymentMethodById } from '../repositories/paymentMethods';
import { findOwnFileIds, insertUploadedFile, submitForVerification } from '../repositories/verification';
import type { RouteDeps } from './routeDeps';

/** Where wires to Fundflow go. Fictional clearing bank; the routing number passes the ABA checksum. */
export const WIRE_RECEIVING_BANK = {
  bankName: 'Lakeshore Trust Bank, N.A.',
  bankAddress: '111 West Monroe Street, Chicago, IL 60603',
  routingNumber: '071025661',
  swiftCode: 'LKTBUS44',
  beneficiaryName: 'Fundflow Securities LLC',
  beneficiaryAddress: '500 Market Street, Suite 1200, San Francisco, CA 94105',
  beneficiaryAccountNumber: '8675309112',
} as const;

export const WIRE_TIMING = '1 business day';

export function verificationRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    // Statement files are checked three ways: extension and size by the shared rule, then the content's own
    // signature must match the extension (a renamed file is refused).
    app.post<{ Body: UploadFileRequest; Reply: UploadFileResponse | ErrorBody }>(
      ApiPaths.verificationFiles,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: { body: UploadFileRequest, response: { 200: UploadFileResponse } },
        // A body over the upload limit is a file over every file limit: it gets the spec's words, as 413.
        errorHandler: (error, request, reply) => {
          if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            void reply.code(413).send({ errorCode: FundingErrorCode.FILE_TOO_BIG, message: FundingValidationMessages.imageTooBig });
            return;
          }
          const { status, body } = toErrorResponse(error);
          if (status >= 500) request.log.error({ err: error }, 'request failed');
          void reply.code(status).send(body);
        },
      },
      async (request) => {
        const { fileType, fileName, base64file } = request.body;
        if (base64file.trim() === '') throw new ApiError(400, FundingErrorCode.FILE_EMPTY, FundingValidationMessages.fileEmpty);
        const bytes = decodeBase64(base64file);
        if (!bytes) throw validationFailed('The file could not be read: base64file is not valid base64.');
        const problem = statementFileProblem(fileName, bytes.length);
        if (problem === 'tooBig') throw new ApiError(400, FundingErrorCode.FILE_TOO_BIG, FundingValidationMessages.imageTooBig);
        const mime = problem === null ? statementMime(fileName, bytes) : null;
        if (!mime) throw new ApiError(400, FundingErrorCode.FILE_TYPE_NOT_SUPPORTED, FundingValidationMessages.imageTypeNotSupported);
        const id = randomUUID();
        await insertUploadedFile(db, { id, userId: request.userId, fileType, fileName, mimeType: mime, content: bytes, now: clock.now() });
        return { fileId: id, fileName };
      },
    );

    // The bank goes to review (readiness and status PENDING) with the customer's own files.
    app.post<{ Body: SubmitVerificationRequest; Reply: PaymentMethodResponse }>(
      ApiPaths.verificationSubmit,
      { schema: { body: SubmitVerificationRequest, response: { 200: PaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const { paymentMethodId } = request.body;
        const fileIds = [...new Set(request.body.fileUniqueIds)];
        const method = await findOwnLiveMethod(db, userId, paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!isBankMethodType(method.type) || method.readiness !== 'VERIFICATION_NEEDED') {
          throw new ApiError(409, FundingErrorCode.VERIFICATION_NOT_NEEDED, 'This funding method does not need to be verified.');
        }
        const own = fileIds.every(isUuid) ? await findOwnFileIds(db, userId, fileIds) : [];
        if (own.length !== fileIds.length)
          throw new ApiError(404, FundingErrorCode.FILE_NOT_FOUND, 'We could not find one of the files. Please upload it again.');

        await submitForVerification(db, { userId, paymentMethodId: method.id, fileIds, now: clock.now() });
        return { paymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
      },
    );

    app.get<{ Reply: WireInstructions }>(
      ApiPaths.wireInstructions,
      { schema: { response: { 200: WireInstructions } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        assertCanAdd('wire', { applicationStatus: user.application_status, userStatus: user.status, methods: [] });
        const accounts = await listAccountsOfUser(db, user.id);
        const main = accounts.find((account) => account.parent_account_id === null) ?? accounts[0];
        const name = `${user.first_name} ${user.last_name}`;
        return {
          ...WIRE_RECEIVING_BANK,
          reference: main ? `FFC ${main.account_number} ${name}` : `FFC ${name}`,
          timing: WIRE_TIMING,
        };
      },
    );

    app.post<{ Body: AnalyticsEventsRequest }>(
      ApiPaths.analyticsEvents,
      { schema: { body: AnalyticsEventsRequest } },
      async (request, reply) => {
        await insertAnalyticsEvents(db, request.userId, request.body.events, clock.now());
        return reply.code(202).send();
      },
    );
  };
}
