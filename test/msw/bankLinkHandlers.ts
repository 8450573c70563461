import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  FundingErrorCode,
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  type ErrorBody,
  type Institution,
  type InstitutionsResponse,
  type LinkedPaymentMethodResponse,
  type LinkTokenRequest,
  type LinkTokenResponse,
  type NumberLinkRequest,
  type PartnerLinkRequest,
  type PartnerRelinkRequest,
  type PaymentMethod,
  type ProvidersResponse,
  type SandboxPlaidLoginRequest,
  type SandboxPlaidLoginResponse,
} from '../../api/contract';
import { paymentMethodFixture } from '../fixtures';
import { API_ORIGIN } from './handlers';

// Bank-link handler factories, typed by the contract (funding-methods.md 7.2): a mock cannot answer a
// shape the server would not. Each takes the answer (or an error) so a test states its scenario.

const url = (path: string) => `${API_ORIGIN}${path}`;
/** MSW's path syntax is the same :param form as ApiPaths. */
const pattern = (template: string) => url(template);

export type ErrorAnswer = { status: number; body: ErrorBody };
export const errorAnswer = (status: number, errorCode: string, message: string): ErrorAnswer => ({ status, body: { errorCode, message } });
const replyError = ({ status, body }: ErrorAnswer) => HttpResponse.json<ErrorBody>(body, { status });

export function institutionFixture(overrides: Partial<Institution> = {}): Institution {
  return { id: 'chase', name: 'Chase', logo: null, linkOptions: ['PLAID', 'VERIFICATION_SERVICE'], oauth: false, ...overrides };
}

export const SANDBOX_INSTITUTIONS: Institution[] = [
  institutionFixture(),
  institutionFixture({ id: 'bank-of-america', name: 'Bank of America' }),
  institutionFixture({ id: 'ally', name: 'Ally Bank', linkOptions: ['PLAID'] }),
  institutionFixture({ id: 'navy-federal', name: 'Navy Federal Credit Union', linkOptions: ['VERIFICATION_SERVICE'] }),
  institutionFixture({ id: 'goldman-sachs', name: 'Goldman Sachs Bank USA', linkOptions: [] }),
  institutionFixture({ id: 'platypus-oauth', name: 'Platypus OAuth Bank', linkOptions: ['PLAID'], oauth: true }),
];

export const providersHandler = (providers: ProvidersResponse = { plaid: 'sandbox', stripe: 'sandbox', stripePublishableKey: null }) =>
  http.get(url(ApiPaths.providers), () => HttpResponse.json<ProvidersResponse>(providers));

/** The popular banks the search opens on. */
export const popularInstitutionsHandler = (institutions: Institution[] | ErrorAnswer = SANDBOX_INSTITUTIONS.slice(0, 3)) =>
  http.get<never, never, InstitutionsResponse | ErrorBody>(url(ApiPaths.popularInstitutions), () =>
    Array.isArray(institutions) ? HttpResponse.json<InstitutionsResponse>({ institutions }) : replyError(institutions),
  );

/** Search by name; `onRequest` lets a test count or inspect the queries sent. */
export const institutionsHandler = (
  institutions: Institution[] | ErrorAnswer = SANDBOX_INSTITUTIONS,
  onRequest?: (query: string) => void,
) =>
  http.get<never, never, InstitutionsResponse | ErrorBody>(url(ApiPaths.institutions), ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    onRequest?.(query);
    if (!Array.isArray(institutions)) return replyError(institutions);
    const found = institutions.filter((institution) => institution.name.toLowerCase().includes(query.toLowerCase()));
    return HttpResponse.json<InstitutionsResponse>({ institutions: found });
  });

export const routingLookupHandler = (
  byRouting: Record<string, Institution[]> | ErrorAnswer = { '021000021': [institutionFixture({ name: 'JPMorgan Chase' })] },
) =>
  http.get<{ routingNumber: string }>(pattern(ApiPaths.institutionsByRoutingNumber), ({ params }) => {
    if ('status' in byRouting && 'body' in byRouting) return replyError(byRouting as ErrorAnswer);
    const institutions = byRouting[params.routingNumber] ?? [];
    return HttpResponse.json<InstitutionsResponse>({ institutions });
  });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** Answers tokens in turn (the last one repeats); each may be an error. */
export const linkTokenHandler = (
  answers: Array<LinkTokenResponse | ErrorAnswer> = [{ linkToken: 'link-sandbox-1', expiration: inAnHour() }],
  onRequest?: (body: LinkTokenRequest) => void,
) => {
  let call = 0;
  return http.post<never, LinkTokenRequest, LinkTokenResponse | ErrorBody>(url(ApiPaths.linkToken), async ({ request }) => {
    onRequest?.(await request.json());
    const answer = answers[Math.min(call++, answers.length - 1)];
    return 'linkToken' in answer ? HttpResponse.json<LinkTokenResponse>(answer) : replyError(answer);
  });
};

export const relinkTokenHandler = (
  answer: LinkTokenResponse | ErrorAnswer = { linkToken: 'link-sandbox-relink', expiration: inAnHour() },
) =>
  http.post<never, never, LinkTokenResponse | ErrorBody>(pattern(ApiPaths.relinkToken), () =>
    'linkToken' in answer ? HttpResponse.json<LinkTokenResponse>(answer) : replyError(answer),
  );

export const SANDBOX_ACCOUNTS: SandboxPlaidLoginResponse['accounts'] = [
  { id: 'acc-checking', name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
  { id: 'acc-saving', name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
];

/**
 * Plaid's sandbox rules: user_good / pass_good succeed; any other credentials fail with INVALID_CREDENTIALS;
 * the link tokens listed in `invalidTokens` fail with INVALID_LINK_TOKEN.
 */
export const sandboxPlaidLoginHandler = ({ invalidTokens = [] as string[], institution = { id: 'chase', name: 'Chase' } } = {}) =>
  http.post<never, SandboxPlaidLoginRequest>(url(ApiPaths.sandboxPlaidLogin), async ({ request }) => {
    const body = await request.json();
    if (invalidTokens.includes(body.linkToken))
      return replyError(errorAnswer(400, FundingErrorCode.LINK_TOKEN_INVALID, 'The link token is invalid or has expired.'));
    if (body.username !== 'user_good' || body.password !== 'pass_good') {
      return replyError(errorAnswer(400, 'INVALID_CREDENTIALS', 'The provided credentials were not correct.'));
    }
    return HttpResponse.json<SandboxPlaidLoginResponse>({
      publicToken: `public-sandbox-${body.linkToken}`,
      institution,
      accounts: SANDBOX_ACCOUNTS,
    });
  });

export const linkedMethodFixture = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({
    id: 'pm-new',
    type: 'PLAID_ACCOUNT',
    displayName: 'Chase Plaid Checking',
    originalName: 'Chase Plaid Checking',
    paymentMethodNumber: '0000',
    ...overrides,
  });

export const partnerLinkHandler = (
  answer: PaymentMethod | ErrorAnswer = linkedMethodFixture(),
  onRequest?: (body: PartnerLinkRequest) => void,
) =>
  http.post<never, PartnerLinkRequest>(url(ApiPaths.partnerLink), async ({ request }) => {
    onRequest?.(await request.json());
    return 'id' in answer ? HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: answer }) : replyError(answer);
  });

export const partnerRelinkHandler = (
  answer: PaymentMethod | ErrorAnswer = paymentMethodFixture(),
  onRequest?: (paymentMethodId: string, body: PartnerRelinkRequest) => void,
) =>
  http.post<{ paymentMethodId: string }, PartnerRelinkRequest>(pattern(ApiPaths.partnerRelink), async ({ params, request }) => {
    onRequest?.(params.paymentMethodId, await request.json());
    return 'id' in answer ? HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: answer }) : replyError(answer);
  });

/**
 * Number link. Answers in turn (the last repeats); by default it judges the numbers with the shared rules
 * and links them.
 */
export const numberLinkHandler = (answers: Array<PaymentMethod | ErrorAnswer> = [], onRequest?: (body: NumberLinkRequest) => void) => {
  let call = 0;
  return http.post<never, NumberLinkRequest>(url(ApiPaths.numberLink), async ({ request }) => {
    const body = await request.json();
    onRequest?.(body);
    if (answers.length === 0) {
      if (!isValidRoutingNumber(body.routingNumber) || !isValidNumberLinkAccount(body.bankAccount)) {
        return replyError(errorAnswer(400, FundingErrorCode.INVALID_ROUTING_NUMBER, 'Please enter a valid 9-digit routing number'));
      }
      return HttpResponse.json<LinkedPaymentMethodResponse>({
        linkedPaymentMethod: linkedMethodFixture({
          type: 'ACH',
          verificationSource: 'VERIFICATION_SERVICE',
          paymentMethodNumber: body.bankAccount.slice(-4),
        }),
      });
    }
    const answer = answers[Math.min(call++, answers.length - 1)];
    return 'id' in answer ? HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: answer }) : replyError(answer);
  });
};

/** Every bank-link call answering its happy path. */
export const bankLinkHandlers = () => [
  providersHandler(),
  popularInstitutionsHandler(),
  institutionsHandler(),
  routingLookupHandler(),
  linkTokenHandler(),
  relinkTokenHandler(),
  sandboxPlaidLoginHandler(),
  partnerLinkHandler(),
  partnerRelinkHandler(),
  numberLinkHandler(),
];
