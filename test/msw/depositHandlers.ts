import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  centsToMoney,
  DAILY_BANK_DEPOSIT_LIMIT_CENTS,
  IDEMPOTENCY_HEADER,
  moneyToCents,
  type Account,
  type AccountsResponse,
  type ConfirmDepositRequest,
  type ConfirmTransferRequest,
  type CreateRecurringDepositRequest,
  type Deposit,
  type DepositIntent,
  type DepositLimitsResponse,
  type DepositQuote,
  type DepositsResponse,
  type ErrorBody,
  type HighYieldAccount,
  type HighYieldAccountResponse,
  type InitiateDepositRequest,
  type InitiateTransferRequest,
  type RecurringDeposit,
  type RecurringDepositResponse,
} from '../../api/contract';
import { accountFixture } from '../fixtures';
import { API_ORIGIN, TEST_MARKET_NOW } from './handlers';
import { bareFailure, type FundingErrorAnswer } from './fundingHandlers';

// Deposit handlers for unit tests (deposits-and-transfers.md 7), typed by the contract. `depositsBackend` keeps
// intents and answers like the server: a confirm repeated with the same Idempotency-Key answers the first result
// (5xx answers are not kept, so a retry after one can succeed), and it records every call for assertions.

const url = (path: string) => `${API_ORIGIN}${path}`;
const NOW = '2026-06-15T14:00:00.000Z';

export const depositError = (status: number, errorCode: string, message: string): FundingErrorAnswer => ({
  status,
  body: { errorCode, message },
});
const replyError = ({ status, body }: FundingErrorAnswer) => HttpResponse.json<ErrorBody>(body, { status });

export function depositLimitsFixture(overrides: Partial<DepositLimitsResponse> = {}): DepositLimitsResponse {
  return {
    dailyBankLimit: centsToMoney(DAILY_BANK_DEPOSIT_LIMIT_CENTS),
    dailyBankRemaining: centsToMoney(DAILY_BANK_DEPOSIT_LIMIT_CENTS),
    // NOW is a Monday morning in New York: a bank deposit goes out in that day's batch.
    // The batch day of a deposit made at the suites' server clock (a Monday morning: that same day).
    dailyBankBatchDay: TEST_MARKET_NOW.slice(0, 10),
    debitCardLifetimeLimit: centsToMoney(250_000),
    debitCardRemaining: centsToMoney(220_000),
    liveDebitCard: { paymentMethodId: 'pm-card', remaining: centsToMoney(220_000) },
    ...overrides,
  };
}

export function highYieldAccountFixture(overrides: Partial<HighYieldAccount> = {}): HighYieldAccount {
  return {
    accountUuid: 'uuid-hy',
    status: 'OPEN',
    availableToWithdraw: centsToMoney(205_518),
    depositsOnHold: centsToMoney(0),
    pendingDeposits: centsToMoney(0),
    pendingWithdrawals: centsToMoney(0),
    rate: '4.10',
    ...overrides,
  };
}

export const brokerageAccount = (overrides: Partial<Account> = {}) =>
  accountFixture({ accountUuid: 'uuid-brokerage', account: '482139075', ...overrides });
export const highYieldAccount = (overrides: Partial<Account> = {}) =>
  accountFixture({
    accountId: 'acc-hy',
    accountUuid: 'uuid-hy',
    account: '482139078',
    variant: 'HIGH_YIELD',
    displayName: 'High-yield cash',
    type: 'cash',
    balance: centsToMoney(205_518),
    parentAccountId: 'acc-1',
    ...overrides,
  });

/**
 * The quote of a bank deposit made on Mon, Jun 15 2026 before the cut-off (the fixtures' NOW): all of it available
 * now unless `instantCents` says less, the rest on its settlement, Thu, Jun 18.
 */
export function quoteFixture(
  amount: DepositIntent['amount'],
  overrides: Partial<DepositQuote> & { instantCents?: number } = {},
): DepositQuote {
  const { instantCents, ...rest } = overrides;
  const amountCents = moneyToCents(amount);
  const now = instantCents ?? amountCents;
  return {
    availableNow: centsToMoney(now),
    availableLater: now < amountCents ? [{ amount: centsToMoney(amountCents - now), date: '2026-06-18' }] : [],
    settlesOn: '2026-06-18',
    withdrawableOn: '2026-06-18',
    cancellableUntil: '2026-06-15T20:00:00.000Z',
    batchDay: '2026-06-15',
    limitAfter: {
      kind: 'BANK_DAILY',
      limit: centsToMoney(DAILY_BANK_DEPOSIT_LIMIT_CENTS),
      left: centsToMoney(Math.max(0, DAILY_BANK_DEPOSIT_LIMIT_CENTS - amountCents)),
      batchDay: '2026-06-15',
    },
    waitsForApproval: false,
    ...rest,
  };
}

/** A deposit; unless given, its availability follows its amount and instant amount (the rest on Thu, Jun 18). */
export function depositFixture(overrides: Partial<Deposit> = {}): Deposit {
  const amount = overrides.amount ?? centsToMoney(50_000);
  const instant = overrides.instantAmount ?? amount;
  const laterCents = moneyToCents(amount) - moneyToCents(instant);
  return {
    availableNow: instant,
    availableLater: laterCents > 0 ? [{ amount: centsToMoney(laterCents), date: '2026-06-18' }] : [],
    settlesOn: '2026-06-18',
    withdrawableOn: '2026-06-18',
    cancelledAt: null,
    id: 'dep-1',
    kind: 'DEPOSIT',
    status: 'CONFIRMED',
    type: 'DEPOSIT',
    amount: centsToMoney(50_000),
    instantAmount: centsToMoney(50_000),
    accountUuid: 'uuid-brokerage',
    sourceAccountUuid: null,
    destinationAccountUuid: 'uuid-brokerage',
    paymentMethodId: 'pm-1',
    iraContributionYear: null,
    recurringDepositId: null,
    createdAt: NOW,
    events: [],
    cancellableUntil: null,
    ...overrides,
  };
}

/** One answer of a confirm: an error, a failure without a body, or how the deposit differs from a full instant deposit. */
export type ConfirmAnswer = FundingErrorAnswer | 'bare' | { deposit: Partial<Deposit> };

export interface DepositsBackendOptions {
  accounts?: Account[];
  limits?: DepositLimitsResponse;
  highYield?: HighYieldAccount | null;
  /** The initiate call (deposit or transfer) fails with this. */
  initiateFailure?: FundingErrorAnswer;
  /** Answers of successive confirm calls with new keys; the last one repeats. Default: a full instant deposit. */
  confirmAnswers?: ConfirmAnswer[];
  recurringFailure?: FundingErrorAnswer;
  /**
   * Answers of successive schedule creations with new keys (the last repeats): a refusal, 'dropped' (made on the
   * server but the answer is lost) or 'created'. A repeated key answers what that key made, like the server.
   */
  recurringAnswers?: Array<FundingErrorAnswer | 'dropped' | 'created'>;
  /** The quote each intent answers (default: quoteFixture, all of it available now). */
  quote?: (amount: DepositIntent['amount']) => DepositQuote;
}

export interface ConfirmCall {
  body: ConfirmDepositRequest | ConfirmTransferRequest;
  idempotencyKey: string | null;
}

export function depositsBackend(options: DepositsBackendOptions = {}) {
  const accounts = options.accounts ?? [brokerageAccount(), highYieldAccount()];
  const calls = {
    accounts: 0,
    limits: 0,
    initiate: [] as InitiateDepositRequest[],
    initiateTransfer: [] as InitiateTransferRequest[],
    confirm: [] as ConfirmCall[],
    confirmTransfer: [] as ConfirmCall[],
    recurring: [] as { body: CreateRecurringDepositRequest; accountUuid: string; idempotencyKey: string | null }[],
  };
  const intents = new Map<string, DepositIntent>();
  const kept = new Map<string, Response>();
  let answerIndex = 0;
  const recurringByKey = new Map<string, RecurringDepositResponse>();
  let recurringIndex = 0;
  let recurringMade = 0;

  const nextAnswer = (): ConfirmAnswer => {
    const answers = options.confirmAnswers ?? [{ deposit: {} }];
    const answer = answers[Math.min(answerIndex, answers.length - 1)];
    answerIndex += 1;
    return answer;
  };

  const makeIntent = (
    accountUuid: string,
    amount: DepositIntent['amount'],
    paymentMethodId: string | null,
    sourceAccountUuid: string | null,
    iraContributionYear: number | null,
  ) => {
    const intent: DepositIntent = {
      id: `intent-${intents.size + 1}`,
      accountUuid,
      amount,
      paymentMethodId,
      sourceAccountUuid,
      iraContributionYear,
      expiresAt: '2026-06-15T15:00:00.000Z',
      quote: options.quote ? options.quote(amount) : quoteFixture(amount),
    };
    intents.set(intent.id, intent);
    return intent;
  };

  const confirm = (kind: Deposit['kind'], body: ConfirmDepositRequest | ConfirmTransferRequest, idempotencyKey: string | null) => {
    if (idempotencyKey && kept.has(idempotencyKey)) return kept.get(idempotencyKey)!.clone();
    const intent = intents.get(body.id);
    if (!intent) return replyError(depositError(404, 'NOT_FOUND', 'This deposit has expired. Start again.'));
    const answer = nextAnswer();
    let response: Response;
    if (answer === 'bare') response = bareFailure();
    else if ('deposit' in answer) {
      response = HttpResponse.json<Deposit>(
        depositFixture({
          id: `dep-${calls.confirm.length + calls.confirmTransfer.length}`,
          kind,
          amount: intent.amount,
          instantAmount: intent.amount,
          accountUuid: intent.accountUuid,
          destinationAccountUuid: intent.accountUuid,
          paymentMethodId: intent.paymentMethodId,
          sourceAccountUuid: intent.sourceAccountUuid,
          ...answer.deposit,
        }),
      );
    } else response = replyError(answer);
    if (idempotencyKey && response.status < 500) kept.set(idempotencyKey, response.clone());
    return response;
  };

  const handlers = [
    http.get(url(ApiPaths.accounts), () => {
      calls.accounts += 1;
      return HttpResponse.json<AccountsResponse>({ accounts });
    }),
    http.get(url(ApiPaths.depositLimits), () => {
      calls.limits += 1;
      return HttpResponse.json<DepositLimitsResponse>(options.limits ?? depositLimitsFixture());
    }),
    http.get(url(ApiPaths.deposits), () => HttpResponse.json<DepositsResponse>({ deposits: [] })),
    http.get(url(ApiPaths.highYieldAccount), () =>
      HttpResponse.json<HighYieldAccountResponse>({
        highYieldAccount: options.highYield === undefined ? highYieldAccountFixture() : options.highYield,
      }),
    ),
    http.post<never, InitiateDepositRequest, DepositIntent | ErrorBody>(url(ApiPaths.depositIntents), async ({ request }) => {
      const body = await request.json();
      calls.initiate.push(body);
      if (options.initiateFailure) return replyError(options.initiateFailure);
      return HttpResponse.json<DepositIntent>(
        makeIntent(body.accountUuid, body.amount, body.paymentMethodId, null, body.iraContributionYear ?? null),
      );
    }),
    http.post<never, ConfirmDepositRequest>(url(ApiPaths.depositConfirm), async ({ request }) => {
      const body = await request.json();
      const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
      calls.confirm.push({ body, idempotencyKey });
      return confirm('DEPOSIT', body, idempotencyKey);
    }),
    http.post<never, InitiateTransferRequest, DepositIntent | ErrorBody>(url(ApiPaths.transferIntents), async ({ request }) => {
      const body = await request.json();
      calls.initiateTransfer.push(body);
      if (options.initiateFailure) return replyError(options.initiateFailure);
      return HttpResponse.json<DepositIntent>(
        makeIntent(body.destinationAccountUuid, body.amount, null, body.sourceAccountUuid, body.iraContributionYear ?? null),
      );
    }),
    http.post<never, ConfirmTransferRequest>(url(ApiPaths.transferConfirm), async ({ request }) => {
      const body = await request.json();
      const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
      calls.confirmTransfer.push({ body, idempotencyKey });
      return confirm('INTERNAL_TRANSFER', body, idempotencyKey);
    }),
    http.post<{ accountUuid: string }, CreateRecurringDepositRequest, RecurringDepositResponse | ErrorBody>(
      url(ApiPaths.recurringDeposits),
      async ({ request, params }) => {
        const body = await request.json();
        calls.recurring.push({ body, accountUuid: params.accountUuid, idempotencyKey: request.headers.get(IDEMPOTENCY_HEADER) });
        if (options.recurringFailure) return replyError(options.recurringFailure);
        const key = request.headers.get(IDEMPOTENCY_HEADER);
        if (key && recurringByKey.has(key)) return HttpResponse.json<RecurringDepositResponse>(recurringByKey.get(key), { status: 201 });
        const answers = options.recurringAnswers ?? ['created'];
        const answer = answers[Math.min(recurringIndex, answers.length - 1)];
        recurringIndex += 1;
        if (answer !== 'created' && answer !== 'dropped') return replyError(answer);
        const { recurringDeposit } = body;
        const created: RecurringDeposit = {
          id: `rd-${recurringMade + 1}`,
          recurringDepositId: `rd-${recurringMade + 1}`,
          accountUuid: params.accountUuid,
          amount: recurringDeposit.amount,
          status: 'ACTIVE',
          pauseReason: null,
          startDate: recurringDeposit.startDate,
          nextOccurrenceDate: recurringDeposit.startDate,
          upcomingDates: [],
          nextOccurrences: [{ date: recurringDeposit.startDate, movedFrom: null }],
          fundingSourceId: recurringDeposit.fundingSourceId,
          fundingSourceType: recurringDeposit.fundingSourceType,
          schedules: [recurringDeposit.schedule],
          iraContributionYear: recurringDeposit.iraContributionYear ?? null,
        };
        recurringMade += 1;
        if (key) recurringByKey.set(key, { recurringDeposit: created });
        if (answer === 'dropped') return HttpResponse.error() as unknown as ReturnType<typeof HttpResponse.json<RecurringDepositResponse>>;
        return HttpResponse.json<RecurringDepositResponse>({ recurringDeposit: created }, { status: 201 });
      },
    ),
  ];

  return {
    handlers,
    calls,
    /** How many schedules the backend made (a repeated key makes none). */
    recurringMade: () => recurringMade,
    /** The amount of the last deposit initiated, in cents. */
    lastInitiatedCents: () => (calls.initiate.length ? moneyToCents(calls.initiate[calls.initiate.length - 1].amount) : null),
  };
}
