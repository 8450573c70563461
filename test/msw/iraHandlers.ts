import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  centsToMoney,
  DEFAULT_FLAGS,
  IDEMPOTENCY_HEADER,
  moneyToCents,
  type ConfirmDepositRequest,
  type ConfirmTransferRequest,
  type CreateRecurringDepositRequest,
  type Deposit,
  type DepositIntent,
  type DepositLimitsResponse,
  type ErrorBody,
  type InitiateDepositRequest,
  type InitiateTransferRequest,
  type IraContributionsResponse,
  type IraYearlyContribution,
  type PatchUserPropertiesRequest,
  type RecurringDepositResponse,
  type UniversalConfig,
  type UserPropertiesResponse,
} from '../../api/contract';
import { API_ORIGIN } from './handlers';
import { quoteFixture } from './depositHandlers';

// IRA contributions, user properties, deposit intents and internal transfers for unit tests, typed by the
// contract. The backend keeps state like the server: confirmations are idempotent by key, and a test can read
// every request it received.

const url = (path: string) => `${API_ORIGIN}${path}`;

export type Refusal = { status: number; body: ErrorBody } | 'network';
export const refusal = (status: number, errorCode: string, message: string): Refusal => ({ status, body: { errorCode, message } });
const reply = (answer: Refusal) =>
  answer === 'network' ? HttpResponse.error() : HttpResponse.json<ErrorBody>(answer.body, { status: answer.status });

export function yearlyContributionFixture(
  year: number,
  contributedCents: number,
  limitCents = year >= 2026 ? 750_000 : 700_000,
): IraYearlyContribution {
  return {
    year,
    totalContributions: centsToMoney(contributedCents),
    traditionalContributionAmount: centsToMoney(contributedCents),
    rothContributionAmount: centsToMoney(0),
    limitContributionAmount: centsToMoney(limitCents),
    remainingAmount: centsToMoney(Math.max(0, limitCents - contributedCents)),
    cutOffDate: `${year + 1}-04-15`,
  };
}

/** 2026 with $1,500 contributed and 2025 (still open) with $6,000 contributed, as on 1 March 2026. */
export function contributionsFixture(overrides: Partial<IraContributionsResponse> = {}): IraContributionsResponse {
  return {
    availableYears: [2026, 2025],
    yearlyContributions: [yearlyContributionFixture(2026, 150_000), yearlyContributionFixture(2025, 600_000)],
    ...overrides,
  };
}

export const iraContributionsHandler = (
  byAccount: (accountUuid: string) => IraContributionsResponse | Refusal = () => contributionsFixture(),
) =>
  http.get(url(ApiPaths.iraContributions), ({ request }) => {
    const answer = byAccount(new URL(request.url).searchParams.get('accountUuid') ?? '');
    return 'availableYears' in (answer as object)
      ? HttpResponse.json<IraContributionsResponse>(answer as IraContributionsResponse)
      : reply(answer as Refusal);
  });

/** What is left of today's limits (the limit dialog's Edit amount). */
export const iraDepositLimitsHandler = (dailyBankRemaining = '1250.00') =>
  http.get(url(ApiPaths.depositLimits), () =>
    HttpResponse.json<DepositLimitsResponse>({
      dailyBankLimit: { amount: '50000.00', currency: 'USD' },
      dailyBankRemaining: { amount: dailyBankRemaining, currency: 'USD' },
      dailyBankBatchDay: '2026-06-15',
      debitCardLifetimeLimit: { amount: '2500.00', currency: 'USD' },
      debitCardRemaining: { amount: '2200.00', currency: 'USD' },
      liveDebitCard: null,
    }),
  );

/** Creates recurring deposits (the community-service path), recording each request with its idempotency key. */
export function recurringCreateBackend() {
  const created: Array<{ accountUuid: string; body: CreateRecurringDepositRequest; key: string | null }> = [];
  return {
    created,
    handler: http.post<{ accountUuid: string }, CreateRecurringDepositRequest>(
      url(ApiPaths.recurringDeposits),
      async ({ request, params }) => {
        const body = await request.json();
        created.push({ accountUuid: params.accountUuid, body, key: request.headers.get(IDEMPOTENCY_HEADER) });
        const { recurringDeposit } = body;
        const id = `rd-${created.length}`;
        return HttpResponse.json<RecurringDepositResponse>(
          {
            recurringDeposit: {
              id,
              recurringDepositId: id,
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
            },
          },
          { status: 201 },
        );
      },
    ),
  };
}

/** The universal configuration with the given flags over the defaults (e.g. { iraMatchPercent: 0 }). */
export const iraConfigHandler = (flags: Partial<UniversalConfig['flags']> = {}) =>
  http.get(url(ApiPaths.config), () =>
    HttpResponse.json<UniversalConfig>({ flags: { ...DEFAULT_FLAGS, ...flags }, marketRestrictions: {} }),
  );

/** User properties kept in memory: GET answers them, PATCH merges into them. */
export function userPropertiesBackend(initial: UserPropertiesResponse['properties'] = {}, { failGet }: { failGet?: Refusal } = {}) {
  let properties = { ...initial };
  const patches: PatchUserPropertiesRequest[] = [];
  return {
    handlers: [
      http.get(url(ApiPaths.userProperties), () => (failGet ? reply(failGet) : HttpResponse.json<UserPropertiesResponse>({ properties }))),
      http.patch<never, PatchUserPropertiesRequest>(url(ApiPaths.userProperties), async ({ request }) => {
        const body = await request.json();
        patches.push(body);
        properties = { ...properties, ...body.properties };
        return HttpResponse.json<UserPropertiesResponse>({ properties });
      }),
    ],
    patches,
    properties: () => properties,
  };
}

export interface MoneyMovementOptions {
  /** Answers of the next initiate calls (deposit or transfer), in order; later calls succeed. */
  initiateFailures?: Refusal[];
  /** Answers of the next confirm calls, in order; later calls succeed. */
  confirmFailures?: Refusal[];
  /** A confirm that reaches the server (makes the deposit) but whose answer is lost, for the first N calls. */
  loseConfirmAnswers?: number;
  /** Shapes the confirmed deposit (e.g. a PENDING_DEPOSIT, or FAILED). */
  confirmedAs?: (deposit: Deposit) => Deposit;
  /** Milliseconds confirm waits before answering (to click twice meanwhile). */
  confirmDelayMs?: number;
}

/**
 * Deposit intents, internal transfers and their confirmation. Like the server, a confirmation with a key it
 * has seen answers the first result (one deposit per key); `deposits` is what was really made.
 */
export function moneyMovementBackend(options: MoneyMovementOptions = {}) {
  const initiateFailures = [...(options.initiateFailures ?? [])];
  const confirmFailures = [...(options.confirmFailures ?? [])];
  let answersToLose = options.loseConfirmAnswers ?? 0;
  const intents = new Map<string, { intent: DepositIntent; kind: 'DEPOSIT' | 'INTERNAL_TRANSFER'; destination: string }>();
  const byKey = new Map<string, Deposit>();
  const calls = {
    depositIntents: [] as InitiateDepositRequest[],
    transferIntents: [] as InitiateTransferRequest[],
    confirms: [] as Array<{ path: 'deposit' | 'transfer'; body: ConfirmDepositRequest | ConfirmTransferRequest; key: string | null }>,
  };
  const deposits: Deposit[] = [];
  let counter = 0;

  function createIntent(kind: 'DEPOSIT' | 'INTERNAL_TRANSFER', body: InitiateDepositRequest | InitiateTransferRequest) {
    counter += 1;
    const destination = 'destinationAccountUuid' in body ? body.destinationAccountUuid : body.accountUuid;
    const intent: DepositIntent = {
      id: `intent-${counter}`,
      accountUuid: destination,
      amount: body.amount,
      paymentMethodId: 'paymentMethodId' in body ? body.paymentMethodId : null,
      sourceAccountUuid: 'sourceAccountUuid' in body ? body.sourceAccountUuid : null,
      iraContributionYear: body.iraContributionYear ?? null,
      expiresAt: '2099-01-01T00:00:00.000Z',
      quote: quoteFixture(body.amount, { instantCents: Math.min(moneyToCents(body.amount), 100_000) }),
    };
    intents.set(intent.id, { intent, kind, destination });
    return HttpResponse.json<DepositIntent>(intent, { status: 201 });
  }

  async function confirm(path: 'deposit' | 'transfer', request: Request) {
    const body = (await request.json()) as ConfirmDepositRequest;
    const key = request.headers.get(IDEMPOTENCY_HEADER);
    calls.confirms.push({ path, body, key });
    if (options.confirmDelayMs) await new Promise((resolve) => setTimeout(resolve, options.confirmDelayMs));
    const failure = confirmFailures.shift();
    if (failure) return reply(failure);
    const known = key ? byKey.get(key) : undefined;
    if (known) return HttpResponse.json<Deposit>(known);
    const stored = intents.get(body.id);
    if (!stored) return reply(refusal(404, 'NOT_FOUND', 'No such deposit intent.'));
    const { intent, kind, destination } = stored;
    const made: Deposit = (options.confirmedAs ?? ((deposit) => deposit))({
      id: `dep-${deposits.length + 1}`,
      kind,
      status: 'CONFIRMED',
      type: 'DEPOSIT',
      amount: intent.amount,
      instantAmount: kind === 'INTERNAL_TRANSFER' ? intent.amount : centsToMoney(Math.min(moneyToCents(intent.amount), 100_000)),
      accountUuid: destination,
      sourceAccountUuid: intent.sourceAccountUuid,
      destinationAccountUuid: destination,
      paymentMethodId: intent.paymentMethodId,
      iraContributionYear: intent.iraContributionYear,
      recurringDepositId: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      events: [],
      cancellableUntil: null,
      availableNow: kind === 'INTERNAL_TRANSFER' ? intent.amount : centsToMoney(Math.min(moneyToCents(intent.amount), 100_000)),
      availableLater:
        kind === 'INTERNAL_TRANSFER' || moneyToCents(intent.amount) <= 100_000
          ? []
          : [{ amount: centsToMoney(moneyToCents(intent.amount) - 100_000), date: '2026-06-18' }],
      settlesOn: '2026-06-18',
      withdrawableOn: '2026-06-18',
      cancelledAt: null,
    });
    deposits.push(made);
    if (key) byKey.set(key, made);
    if (answersToLose > 0) {
      answersToLose -= 1;
      return HttpResponse.error();
    }
    return HttpResponse.json<Deposit>(made);
  }

  return {
    calls,
    deposits,
    handlers: [
      http.post<never, InitiateDepositRequest>(url(ApiPaths.depositIntents), async ({ request }) => {
        const body = await request.json();
        calls.depositIntents.push(body);
        const failure = initiateFailures.shift();
        return failure ? reply(failure) : createIntent('DEPOSIT', body);
      }),
      http.post<never, InitiateTransferRequest>(url(ApiPaths.transferIntents), async ({ request }) => {
        const body = await request.json();
        calls.transferIntents.push(body);
        const failure = initiateFailures.shift();
        return failure ? reply(failure) : createIntent('INTERNAL_TRANSFER', body);
      }),
      http.post(url(ApiPaths.depositConfirm), ({ request }) => confirm('deposit', request)),
      http.post(url(ApiPaths.transferConfirm), ({ request }) => confirm('transfer', request)),
    ],
  };
}
