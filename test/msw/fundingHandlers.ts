import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  normaliseNickname,
  type ErrorBody,
  type InstitutionsResponse,
  type LinkedPaymentMethodResponse,
  type MicroDepositLinkRequest,
  type MicroDepositVerifyRequest,
  type NicknameRequest,
  type PaymentMethod,
  type PaymentMethodResponse,
  type PaymentMethodsResponse,
  type SubmitVerificationRequest,
  type UploadFileRequest,
  type UploadFileResponse,
  type WireInstructions,
} from '../../api/contract';
import { paymentMethodFixture } from '../fixtures';
import { API_ORIGIN } from './handlers';

// Funding-method management handlers (funding-methods.md 7.2 to 7.5), typed by the contract. The stateful
// `fundingMethodsBackend` keeps a list that the mutations change, like the real server, and counts list
// requests so a test can prove the list refetched.

const url = (path: string) => `${API_ORIGIN}${path}`;

export type FundingErrorAnswer = { status: number; body: ErrorBody };
export const fundingError = (status: number, errorCode: string, message: string): FundingErrorAnswer => ({
  status,
  body: { errorCode, message },
});
const replyError = ({ status, body }: FundingErrorAnswer) => HttpResponse.json<ErrorBody>(body, { status });
/** A failure without an error body (a proxy page, a crash): the app has no server message to show. */
export const bareFailure = (status = 502) => new HttpResponse('Bad gateway', { status, headers: { 'content-type': 'text/plain' } });

export function wireInstructionsFixture(overrides: Partial<WireInstructions> = {}): WireInstructions {
  return {
    bankName: 'Lakeside Trust Bank',
    bankAddress: '100 Harbor Way, Chicago, IL 60601',
    routingNumber: '071000013',
    swiftCode: 'LKSTUS44',
    beneficiaryName: 'Fundflow Brokerage LLC',
    beneficiaryAddress: '1 Market St, San Francisco, CA 94105',
    beneficiaryAccountNumber: '000123456789',
    reference: 'FFL 482139075 Alex Morgan',
    timing: 'Wires received by 3 pm ET arrive the same day; others within 1 business day.',
    ...overrides,
  };
}

export interface FundingBackendOptions {
  /** The list call fails with this answer. */
  failList?: FundingErrorAnswer;
  /** Answer for the next set-default / remove / nickname / verify / link calls instead of succeeding. */
  failSetDefault?: FundingErrorAnswer | 'bare';
  failRemove?: FundingErrorAnswer | 'bare';
  /** With failRemove: only this many remove calls fail, the next ones succeed (a retry). */
  failRemoveTimes?: number;
  failNickname?: FundingErrorAnswer | 'bare';
  failVerify?: FundingErrorAnswer | 'bare';
  failMicroLink?: FundingErrorAnswer;
  /** true: the upload fails as a crash (500); an answer: the server refuses the file with it. */
  failUpload?: boolean | FundingErrorAnswer;
  /** Files whose first upload fails as a crash (500); a second one goes through. */
  failUploadOnce?: string[];
  /** The two amounts the verify call accepts, in either order. */
  microDepositAmounts?: [string, string];
}

/** An in-memory funding backend for unit tests: list, set default, remove, nickname, micro-deposits, upload. */
export function fundingMethodsBackend(
  initial: PaymentMethod[] = [paymentMethodFixture({ defaultPaymentMethod: true })],
  options: FundingBackendOptions = {},
) {
  let methods = initial.map((method) => ({ ...method }));
  const calls = {
    list: 0,
    setDefault: 0,
    remove: 0,
    nickname: [] as NicknameRequest[],
    verify: [] as MicroDepositVerifyRequest[],
    uploads: [] as string[],
    submits: [] as SubmitVerificationRequest[],
    microLinks: [] as MicroDepositLinkRequest[],
  };
  const fail = (answer: FundingErrorAnswer | 'bare' | undefined) =>
    answer === 'bare' ? bareFailure() : answer ? replyError(answer) : null;
  const cents = (amount: string) => Math.round(Number(amount.replace('$', '')) * 100);
  const [expected1, expected2] = options.microDepositAmounts ?? ['0.32', '0.45'];

  const handlers = [
    http.get<never, never, PaymentMethodsResponse | ErrorBody>(url(ApiPaths.paymentMethods), () => {
      calls.list += 1;
      if (options.failList) return replyError(options.failList);
      return HttpResponse.json<PaymentMethodsResponse>({ paymentMethods: methods });
    }),
    http.put(url(ApiPaths.setDefaultPaymentMethod), ({ params }) => {
      calls.setDefault += 1;
      const failure = fail(options.failSetDefault);
      if (failure) return failure;
      methods = methods.map((method) => ({ ...method, defaultPaymentMethod: method.id === params.paymentMethodId }));
      return HttpResponse.json<PaymentMethodsResponse>({ paymentMethods: methods });
    }),
    http.delete(url(ApiPaths.paymentMethod), ({ params }) => {
      calls.remove += 1;
      const failure = options.failRemoveTimes === undefined || calls.remove <= options.failRemoveTimes ? fail(options.failRemove) : null;
      if (failure) return failure;
      methods = methods.filter((method) => method.id !== params.paymentMethodId);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(url(ApiPaths.paymentMethodNickname), async ({ request }) => {
      const body = (await request.json()) as NicknameRequest;
      calls.nickname.push(body);
      const failure = fail(options.failNickname);
      if (failure) return failure;
      methods = methods.map((method) =>
        method.id === body.paymentMethodId
          ? { ...method, displayName: body.nickname === null ? method.originalName : normaliseNickname(body.nickname) }
          : method,
      );
      return HttpResponse.json<PaymentMethodsResponse>({ paymentMethods: methods });
    }),
    http.get(url(ApiPaths.institutionsByRoutingNumber), () =>
      HttpResponse.json<InstitutionsResponse>({
        institutions: [{ id: 'chase', name: 'Chase', logo: null, linkOptions: ['PLAID'], oauth: false }],
      }),
    ),
    http.post<never, MicroDepositLinkRequest, LinkedPaymentMethodResponse | ErrorBody>(
      url(ApiPaths.microDepositLink),
      async ({ request }) => {
        const body = await request.json();
        calls.microLinks.push(body);
        if (options.failMicroLink) return replyError(options.failMicroLink);
        const linked = paymentMethodFixture({
          id: `pm-md-${calls.microLinks.length}`,
          type: 'MICRO_DEPOSIT',
          displayName: 'Chase account',
          originalName: 'Chase account',
          paymentMethodNumber: body.bankAccount.slice(-4),
          status: 'PENDING',
          readiness: 'PENDING',
          verificationStatus: 'UNVERIFIED',
          verificationSource: 'MICRO_DEPOSIT',
          approvalMethod: 'MICRO_DEPOSIT',
          bankAccountType: body.bankAccountType,
          canUpdateNickname: false,
          createdAt: new Date().toISOString(),
        });
        methods = [...methods, linked];
        return HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: linked });
      },
    ),
    http.post(url(ApiPaths.microDepositVerify), async ({ request }) => {
      const body = (await request.json()) as MicroDepositVerifyRequest;
      calls.verify.push(body);
      const failure = fail(options.failVerify);
      if (failure) return failure;
      const given = [cents(body.amount1), cents(body.amount2)].sort();
      const wanted = [cents(expected1), cents(expected2)].sort();
      if (given[0] !== wanted[0] || given[1] !== wanted[1])
        return replyError(fundingError(422, 'MICRO_DEPOSIT_WRONG_AMOUNTS', 'The amounts you entered were incorrect'));
      methods = methods.map((method) =>
        method.id === body.paymentMethodId ? { ...method, status: 'APPROVED', readiness: 'READY', verificationStatus: 'VERIFIED' } : method,
      );
      return HttpResponse.json<PaymentMethodResponse>({ paymentMethod: methods.find((method) => method.id === body.paymentMethodId)! });
    }),
    http.post<never, UploadFileRequest, UploadFileResponse | ErrorBody>(url(ApiPaths.verificationFiles), async ({ request }) => {
      const body = await request.json();
      const earlier = calls.uploads.filter((name) => name === body.fileName).length;
      calls.uploads.push(body.fileName);
      if (earlier === 0 && options.failUploadOnce?.includes(body.fileName))
        return replyError(fundingError(500, 'INTERNAL_ERROR', 'Upload failed'));
      if (options.failUpload)
        return replyError(options.failUpload === true ? fundingError(500, 'INTERNAL_ERROR', 'Upload failed') : options.failUpload);
      return HttpResponse.json<UploadFileResponse>({ fileId: `file-${calls.uploads.length}`, fileName: body.fileName });
    }),
    http.post(url(ApiPaths.verificationSubmit), async ({ request }) => {
      const body = (await request.json()) as SubmitVerificationRequest;
      calls.submits.push(body);
      methods = methods.map((method) => (method.id === body.paymentMethodId ? { ...method, readiness: 'PENDING' } : method));
      return HttpResponse.json<PaymentMethodResponse>({ paymentMethod: methods.find((method) => method.id === body.paymentMethodId)! });
    }),
  ];

  return {
    handlers,
    calls,
    get methods() {
      return methods;
    },
  };
}

export const wireInstructionsHandler = (instructions: WireInstructions | FundingErrorAnswer = wireInstructionsFixture()) =>
  http.get<never, never, WireInstructions | ErrorBody>(url(ApiPaths.wireInstructions), () =>
    'body' in instructions && 'status' in instructions ? replyError(instructions) : HttpResponse.json<WireInstructions>(instructions),
  );
