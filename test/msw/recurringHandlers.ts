import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  type Deposit,
  type DepositEvent,
  type DepositsResponse,
  type ErrorBody,
  type RecurringDeposit,
  type RecurringDepositResponse,
  type RecurringDepositsResponse,
  type UpdateRecurringDepositRequest,
} from '../../api/contract';
import { API_ORIGIN } from './handlers';

// Recurring deposits (the community-service paths of deposits-and-transfers.md section 7) and the deposit
// history, typed by the contract. The backends keep state that the mutations change, like the real server, and
// count list requests per account so a test can prove exactly which list refetched.

const url = (path: string) => `${API_ORIGIN}${path}`;

export type ErrorAnswer = { status: number; body: ErrorBody };
export const errorAnswer = (status: number, errorCode: string, message: string): ErrorAnswer => ({ status, body: { errorCode, message } });
const replyError = ({ status, body }: ErrorAnswer) => HttpResponse.json<ErrorBody>(body, { status });

export function recurringDepositFixture(overrides: Partial<RecurringDeposit> = {}): RecurringDeposit {
  const id = overrides.id ?? overrides.recurringDepositId ?? 'rd-1';
  const fixture: Omit<RecurringDeposit, 'nextOccurrences'> & Partial<RecurringDeposit> = {
    id,
    recurringDepositId: id,
    accountUuid: 'uuid-brokerage',
    amount: { amount: '250.00', currency: 'USD' },
    status: 'ACTIVE',
    pauseReason: null,
    startDate: '2025-12-09',
    nextOccurrenceDate: '2025-12-15',
    upcomingDates: ['2025-12-22', '2025-12-29'],
    fundingSourceId: 'pm-1',
    fundingSourceType: 'ACH',
    schedules: [{ frequency: 'WEEKLY', dayOfWeek: 'MONDAY', dayOfMonth: null }],
    iraContributionYear: null,
    ...overrides,
  };
  // Unless a test says otherwise, the shown dates are the schedule's own (nothing moved).
  const dates = fixture.nextOccurrenceDate ? [fixture.nextOccurrenceDate, ...fixture.upcomingDates] : [];
  return { ...fixture, nextOccurrences: overrides.nextOccurrences ?? dates.map((date) => ({ date, movedFrom: null })) };
}

export function depositEventFixture(overrides: Partial<DepositEvent> = {}): DepositEvent {
  return { type: 'DEPOSIT_INITIATION', description: 'Deposit initiated', completed: true, date: '2025-12-10T15:00:00.000Z', ...overrides };
}

export function depositFixture(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 'dep-1',
    kind: 'DEPOSIT',
    status: 'CONFIRMED',
    type: 'DEPOSIT',
    amount: { amount: '1500.00', currency: 'USD' },
    instantAmount: { amount: '1000.00', currency: 'USD' },
    accountUuid: 'uuid-brokerage',
    sourceAccountUuid: null,
    destinationAccountUuid: 'uuid-brokerage',
    paymentMethodId: 'pm-1',
    iraContributionYear: null,
    recurringDepositId: null,
    createdAt: '2025-12-10T15:00:00.000Z',
    events: [
      depositEventFixture(),
      depositEventFixture({
        type: 'DEPOSIT_BUYING_POWER_ALLOCATION',
        description: 'Buying power available',
        date: '2025-12-10T15:00:01.000Z',
      }),
      depositEventFixture({ type: 'DEPOSIT_SETTLEMENT', description: 'Settled', completed: false, date: '2025-12-12T21:00:00.000Z' }),
    ],
    cancellableUntil: null,
    availableNow: { amount: '1000.00', currency: 'USD' },
    availableLater: [{ amount: { amount: '500.00', currency: 'USD' }, date: '2025-12-12' }],
    settlesOn: '2025-12-12',
    withdrawableOn: '2025-12-12',
    cancelledAt: null,
    ...overrides,
  };
}

export interface RecurringBackendOptions {
  /** Every list call of these accounts fails with this answer. */
  failList?: Record<string, ErrorAnswer>;
  /** The next pause/resume, skip or cancel call answers this instead of succeeding. */
  failUpdate?: ErrorAnswer;
  failSkip?: ErrorAnswer;
  failCancel?: ErrorAnswer;
  /** Only the first this many cancels get failCancel (all of them unless given). */
  failCancelTimes?: number;
  /** The first this many cancels are made, but their answer is lost (a dropped connection). */
  loseCancelAnswerTimes?: number;
  /** Milliseconds each mutation waits before answering, to see busy states. */
  delayMs?: number;
}

/** An in-memory recurring-deposit service: list per account, pause/resume, skip next, cancel. */
export function recurringDepositsBackend(initial: RecurringDeposit[] = [recurringDepositFixture()], options: RecurringBackendOptions = {}) {
  let schedules = initial.map((deposit) => ({ ...deposit }));
  const calls = {
    list: {} as Record<string, number>,
    updates: [] as Array<UpdateRecurringDepositRequest & { id: string }>,
    skips: [] as string[],
    cancels: [] as string[],
  };
  const wait = () => (options.delayMs ? new Promise((resolve) => setTimeout(resolve, options.delayMs)) : Promise.resolve());
  const find = (accountUuid: string, id: string) => schedules.find((deposit) => deposit.accountUuid === accountUuid && deposit.id === id);
  const notFound = () => replyError(errorAnswer(404, 'NOT_FOUND', 'This recurring deposit no longer exists.'));

  const handlers = [
    http.get<{ accountUuid: string }, never, RecurringDepositsResponse | ErrorBody>(url(ApiPaths.recurringDeposits), ({ params }) => {
      calls.list[params.accountUuid] = (calls.list[params.accountUuid] ?? 0) + 1;
      const failure = options.failList?.[params.accountUuid];
      if (failure) return replyError(failure);
      const recurringDeposits = schedules.filter((deposit) => deposit.accountUuid === params.accountUuid && deposit.status !== 'CANCELED');
      return HttpResponse.json<RecurringDepositsResponse>({ recurringDeposits });
    }),
    http.patch<{ accountUuid: string; recurringDepositId: string }, UpdateRecurringDepositRequest>(
      url(ApiPaths.recurringDeposit),
      async ({ params, request }) => {
        const body = await request.json();
        calls.updates.push({ ...body, id: params.recurringDepositId });
        await wait();
        if (options.failUpdate) return replyError(options.failUpdate);
        const found = find(params.accountUuid, params.recurringDepositId);
        if (!found) return notFound();
        found.status = body.status;
        found.pauseReason = body.status === 'PAUSED' ? 'CUSTOMER' : null;
        return HttpResponse.json<RecurringDepositResponse>({ recurringDeposit: found });
      },
    ),
    http.post<{ accountUuid: string; recurringDepositId: string }>(url(ApiPaths.recurringDepositSkip), async ({ params }) => {
      calls.skips.push(params.recurringDepositId);
      await wait();
      if (options.failSkip) return replyError(options.failSkip);
      const found = find(params.accountUuid, params.recurringDepositId);
      if (!found) return notFound();
      const [next = null, ...rest] = found.upcomingDates;
      found.nextOccurrenceDate = next;
      found.upcomingDates = rest;
      found.nextOccurrences = found.nextOccurrences.slice(1);
      return HttpResponse.json<RecurringDepositResponse>({ recurringDeposit: found });
    }),
    http.delete<{ accountUuid: string; recurringDepositId: string }>(url(ApiPaths.recurringDeposit), async ({ params }) => {
      calls.cancels.push(params.recurringDepositId);
      await wait();
      if (options.failCancel && calls.cancels.length <= (options.failCancelTimes ?? Infinity)) return replyError(options.failCancel);
      const found = find(params.accountUuid, params.recurringDepositId);
      if (!found) return notFound();
      schedules = schedules.filter((deposit) => deposit !== found);
      if (calls.cancels.length <= (options.loseCancelAnswerTimes ?? 0)) return HttpResponse.error();
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return { handlers, calls, current: () => schedules };
}

export interface DepositsBackendOptions {
  failList?: ErrorAnswer;
  failCancel?: ErrorAnswer;
  /** Only the first this many cancels get failCancel (all of them unless given). */
  failCancelTimes?: number;
  /** The first this many cancels are made, but their answer is lost (a dropped connection). */
  loseCancelAnswerTimes?: number;
  delayMs?: number;
}

/** An in-memory deposit history: the list and the cancel call. */
export function depositsHistoryBackend(initial: Deposit[] = [depositFixture()], options: DepositsBackendOptions = {}) {
  const deposits = initial.map((deposit) => ({ ...deposit }));
  const calls = { list: 0, cancels: [] as string[] };
  const wait = () => (options.delayMs ? new Promise((resolve) => setTimeout(resolve, options.delayMs)) : Promise.resolve());

  const handlers = [
    http.get<never, never, DepositsResponse | ErrorBody>(url(ApiPaths.deposits), () => {
      calls.list += 1;
      if (options.failList) return replyError(options.failList);
      return HttpResponse.json<DepositsResponse>({ deposits });
    }),
    http.post<{ depositId: string }>(url(ApiPaths.depositCancel), async ({ params }) => {
      calls.cancels.push(params.depositId);
      await wait();
      if (options.failCancel && calls.cancels.length <= (options.failCancelTimes ?? Infinity)) return replyError(options.failCancel);
      const found = deposits.find((deposit) => deposit.id === params.depositId);
      if (!found) return replyError(errorAnswer(404, 'NOT_FOUND', 'This deposit no longer exists.'));
      // Like the server: a deposit that is no longer waiting for its cut-off cannot be cancelled (again).
      if (found.status !== 'CONFIRMED')
        return replyError(
          errorAnswer(409, 'DEPOSIT_NOT_CANCELLABLE', 'This deposit has already been sent to your bank, so it can no longer be cancelled.'),
        );
      found.status = 'CANCELED';
      found.cancellableUntil = null;
      if (calls.cancels.length <= (options.loseCancelAnswerTimes ?? 0)) return HttpResponse.error();
      return HttpResponse.json<Deposit>(found);
    }),
  ];

  return { handlers, calls, current: () => deposits };
}
