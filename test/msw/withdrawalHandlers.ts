import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  centsToMoney,
  IDEMPOTENCY_HEADER,
  moneyToCents,
  withheldCents,
  WithdrawalErrorCode,
  formatCents,
  type AvailableToWithdraw,
  type CreateWithdrawalRequest,
  type ErrorBody,
  type Withdrawal,
  type WithdrawalHold,
  type WithdrawalsResponse,
} from '../../api/contract';
import { holdText } from '../../api/contract/fundsAvailability';
import { API_ORIGIN } from './handlers';

// Withdrawal handlers for unit tests, typed by the contract. `withdrawalsBackend` answers like the server: it
// refuses more than is available (WD#00001), answers a repeat of an Idempotency-Key with the first result, and
// can lose answers (a network error) after making the withdrawal, so Try again must send the same key.

const url = (path: string) => `${API_ORIGIN}${path}`;
const NOW = '2026-06-15T14:00:00.000Z';

export function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'wd-1',
    status: 'PENDING',
    accountUuid: 'uuid-brokerage',
    paymentMethodId: 'pm-1',
    amount: centsToMoney(25_000),
    federalWithholdingPercent: null,
    federalTaxWithheld: centsToMoney(0),
    netAmount: centsToMoney(25_000),
    distributionReason: null,
    createdAt: NOW,
    expectedArrival: '2026-06-17T20:00:00.000Z',
    arrivalDate: '2026-06-17',
    events: [
      { type: 'WITHDRAWAL_INITIATION', description: 'Withdrawal requested', completed: true, date: NOW },
      {
        type: 'WITHDRAWAL_SENT',
        description: 'Sent to Chase Total Checking •••• 6789',
        completed: false,
        date: '2026-06-15T20:00:00.000Z',
      },
      {
        type: 'WITHDRAWAL_ARRIVED',
        description: 'Arrives in Chase Total Checking •••• 6789',
        completed: false,
        date: '2026-06-17T20:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** No withdrawals: the transfer history lists them, and most tests are about something else. */
export const noWithdrawalsHandler = () =>
  http.get(url(ApiPaths.withdrawals), () => HttpResponse.json<WithdrawalsResponse>({ withdrawals: [] }));

export interface WithdrawalsBackendOptions {
  /** Cents available per account uuid (default: $1,000.00 anywhere). */
  available?: Record<string, number>;
  withdrawals?: Withdrawal[];
  /** The first this-many creates make the withdrawal but lose the answer (a network error). */
  loseAnswers?: number;
  /** Every create is refused with this. */
  refusal?: { status: number; body: ErrorBody };
  /** The available answer fails (500). */
  availableFails?: boolean;
  /** Holds per account uuid (default: $100.00 of a bank deposit settling on 2026-06-17). */
  holds?: Record<string, HoldInput[]>;
}

type HoldInput = Pick<WithdrawalHold, 'reason' | 'until'> & { cents: number; accountUuid?: string };
const DEFAULT_HOLDS: HoldInput[] = [{ reason: 'BANK_NOT_SETTLED', cents: 10_000, until: '2026-06-17' }];

export interface CreateCall {
  body: CreateWithdrawalRequest;
  idempotencyKey: string | null;
}

export function withdrawalsBackend(options: WithdrawalsBackendOptions = {}) {
  const available = new Map(Object.entries(options.available ?? {}));
  const list: Withdrawal[] = [...(options.withdrawals ?? [])];
  const byKey = new Map<string, Withdrawal>();
  const calls = { available: [] as string[], list: 0, create: [] as CreateCall[] };
  let lost = 0;
  const availableOf = (uuid: string) => available.get(uuid) ?? 100_000;

  const handlers = [
    http.get<never, never, AvailableToWithdraw | ErrorBody>(url(ApiPaths.withdrawalsAvailable), ({ request }) => {
      const uuid = new URL(request.url).searchParams.get('accountUuid') ?? '';
      calls.available.push(uuid);
      if (options.availableFails)
        return HttpResponse.json<ErrorBody>(
          { errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
          { status: 500 },
        );
      const pending = list
        .filter((w) => w.accountUuid === uuid && w.status === 'PENDING')
        .reduce((sum, w) => sum + moneyToCents(w.amount), 0);
      const holds = options.holds?.[uuid] ?? DEFAULT_HOLDS;
      const held = holds.reduce((sum, hold) => sum + hold.cents, 0);
      return HttpResponse.json<AvailableToWithdraw>({
        accountUuid: uuid,
        availableToWithdraw: centsToMoney(availableOf(uuid)),
        balance: centsToMoney(availableOf(uuid) + held),
        depositsOnHold: centsToMoney(held),
        pendingWithdrawals: centsToMoney(pending),
        holds: holds.map((hold, index) => ({
          depositId: `dep-hold-${index + 1}`,
          accountUuid: hold.accountUuid ?? uuid,
          reason: hold.reason,
          amount: centsToMoney(hold.cents),
          until: hold.until,
          description: holdText(hold),
        })),
        sendsOn: '2026-06-15',
        arrivesOn: '2026-06-17',
      });
    }),
    http.get(url(ApiPaths.withdrawals), () => {
      calls.list += 1;
      return HttpResponse.json<WithdrawalsResponse>({ withdrawals: [...list].reverse() });
    }),
    http.post<never, CreateWithdrawalRequest>(url(ApiPaths.withdrawals), async ({ request }): Promise<Response> => {
      const body = await request.json();
      const key = request.headers.get(IDEMPOTENCY_HEADER);
      calls.create.push({ body, idempotencyKey: key });
      if (options.refusal) return HttpResponse.json<ErrorBody>(options.refusal.body, { status: options.refusal.status });
      let made = key ? byKey.get(key) : undefined;
      if (!made) {
        const cents = moneyToCents(body.amount);
        const room = availableOf(body.accountUuid);
        if (cents > room) {
          return HttpResponse.json<ErrorBody>(
            {
              errorCode: WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
              message: `This is more than is available to withdraw. You can withdraw up to ${formatCents(room)} from this account.`,
            },
            { status: 422 },
          );
        }
        const withheld = body.federalWithholdingPercent == null ? 0 : withheldCents(cents, body.federalWithholdingPercent);
        made = withdrawalFixture({
          id: `wd-${list.length + 1}`,
          accountUuid: body.accountUuid,
          paymentMethodId: body.paymentMethodId,
          amount: body.amount,
          federalWithholdingPercent: body.federalWithholdingPercent ?? null,
          federalTaxWithheld: centsToMoney(withheld),
          netAmount: centsToMoney(cents - withheld),
          distributionReason: body.distributionReason ?? null,
        });
        available.set(body.accountUuid, room - cents);
        list.push(made);
        if (key) byKey.set(key, made);
      }
      if (lost < (options.loseAnswers ?? 0)) {
        lost += 1;
        return HttpResponse.error();
      }
      return HttpResponse.json<Withdrawal>(made, { status: 201 });
    }),
  ];
  return { handlers, calls, withdrawals: list };
}
