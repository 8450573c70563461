import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  ApiPaths,
  DepositErrorCode,
  type DepositIntent,
  type LinkedPaymentMethodResponse,
  type SetupIntentResponse,
} from '../../api/contract';
import { encodeSandboxPaymentMethod } from '../../api/contract/sandboxCards';
import { DAILY_LIMIT_MESSAGE } from '../domain/depositErrors';
import { accountOf, bankOf, confirm, errorOf, initiate } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { useTwoInstances } from './raceKit';

// The limits as exposure under concurrent confirmations through two app instances on one database (on
// PostgreSQL, parallel transactions on separate pools): the bank limit per ACH batch day, counted across
// deposits made on different days that go out in one batch, and the card limit per fingerprint, shared by two
// customers whose confirmations are not serialised by any customer lock.

const SATURDAY_10AM = '2026-11-28T15:00:00Z';
const MONDAY_10AM = '2026-11-30T15:00:00Z';
const instances = useTwoInstances('2026-11-25T15:00:00Z');

const CARD_REFUSAL = [422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, 'A maximum of $2,500 can be deposited with a debit card.'];
const DAILY_REFUSAL = [422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, DAILY_LIMIT_MESSAGE];
const refusals = (answers: LightMyRequestResponse[]) =>
  answers
    .filter((answer) => answer.statusCode !== 200)
    .map((answer) => [answer.statusCode, errorOf(answer).errorCode, errorOf(answer).message]);

async function intents(
  app: FastifyInstance,
  customer: Customer,
  input: { accountUuid: string; paymentMethodId: string; amount: string },
  count: number,
): Promise<DepositIntent[]> {
  const made: DepositIntent[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await initiate(app, customer, input);
    if (response.statusCode !== 201) throw new Error(`initiate failed: ${response.statusCode} ${response.body}`);
    made.push(response.json<DepositIntent>());
  }
  return made;
}

/** Interleaves two lists: a1, b1, a2, b2, ... */
const interleave = <T>(a: T[], b: T[]): T[] =>
  a.flatMap((item, index) => (index < b.length ? [item, b[index]] : [item])).concat(b.slice(a.length));

describe('confirmations made on Saturday and on Monday morning racing for one ACH batch (Monday, Nov 30)', () => {
  it('commit exactly what fits $50,000 in the batch; the batch total in the table never exceeds it', async () => {
    const { a, b, db } = instances;
    a.clock.set(SATURDAY_10AM);
    b.clock.set(MONDAY_10AM);
    const onSaturday = await freshCustomer(a.app, 'card@fundflow.test');
    const onMonday = await signedInCustomer(b.app, onSaturday.email);
    const brokerage = await accountOf(onSaturday, 'US');
    const bank = await bankOf(onSaturday);
    // The bank's own lifetime limit is $50,000 too: raised, so the batch-day limit is the one that binds.
    await db.updateTable('payment_methods').set({ deposit_limit_cents: 100_000_000 }).where('id', '=', bank.id).execute();
    const input = { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '10000.00' };
    // Each fits on its own; together $80,000 for one batch: five fit.
    const saturdayIntents = await intents(a.app, onSaturday, input, 4);
    const mondayIntents = await intents(b.app, onMonday, input, 4);

    const answers = await Promise.all(
      interleave(
        saturdayIntents.map((intent) => () => confirm(a.app, onSaturday, intent)),
        mondayIntents.map((intent) => () => confirm(b.app, onMonday, intent)),
      ).map((go) => go()),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(refusals(answers)).toEqual(Array(3).fill(DAILY_REFUSAL));
    const { total, count } = await db
      .selectFrom('deposits')
      .select([sql<string>`coalesce(sum(amount_cents), 0)`.as('total'), sql<string>`count(*)`.as('count')])
      .where('user_id', '=', onSaturday.userId)
      .where('source_type', '=', 'BANK')
      .where('status', '!=', 'CANCELED')
      .where('batch_day', '=', '2026-11-30')
      .executeTakeFirstOrThrow();
    expect([Number(total), Number(count)]).toEqual([5_000_000, 5]);
  }, 60_000);
});

describe('two customers depositing from one card (one fingerprint) at the same instant', () => {
  async function linkCard(customer: Customer, fingerprint: string) {
    const setup = await customer.send('POST', ApiPaths.debitCardSetupIntent);
    const token = setup.json<SetupIntentResponse>().clientSecret.split('_secret_')[0];
    const card = {
      brand: 'visa',
      funding: 'debit',
      country: 'US',
      commercial: false,
      last4: '5556',
      expMonth: 12,
      expYear: 2030,
      fingerprint,
    } as const;
    const linked = await customer.send('POST', ApiPaths.debitCardLink, { token, paymentMethodId: encodeSandboxPaymentMethod(card) });
    if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.statusCode} ${linked.body}`);
    return linked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
  }

  it('never take the card past its lifetime limit: exactly the deposits that fit are committed', async () => {
    const { a, b, db } = instances;
    instances.setClocks(MONDAY_10AM);
    const fingerprint = `fp-race-${randomUUID()}`;
    const first = await freshCustomer(a.app, 'card@fundflow.test');
    const second = await freshCustomer(b.app, 'card@fundflow.test');
    const firstCard = await linkCard(first, fingerprint);
    // The link refuses a card another customer holds, so the second customer's card gets the fingerprint from
    // the table: the state two links racing each other (or a relink racing a removal) could leave.
    const secondCard = await linkCard(second, `fp-race-${randomUUID()}`);
    await db.updateTable('payment_methods').set({ card_fingerprint: fingerprint }).where('id', '=', secondCard.id).execute();
    const firstIntents = await intents(
      a.app,
      first,
      { accountUuid: (await accountOf(first, 'US')).accountUuid, paymentMethodId: firstCard.id, amount: '1000.00' },
      3,
    );
    const secondIntents = await intents(
      b.app,
      second,
      { accountUuid: (await accountOf(second, 'US')).accountUuid, paymentMethodId: secondCard.id, amount: '1000.00' },
      3,
    );

    // $6,000 asked of a $2,500 card: two fit.
    const answers = await Promise.all(
      interleave(
        firstIntents.map((intent) => () => confirm(a.app, first, intent)),
        secondIntents.map((intent) => () => confirm(b.app, second, intent)),
      ).map((go) => go()),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(refusals(answers)).toEqual(Array(4).fill(CARD_REFUSAL));
    const total = await db
      .selectFrom('card_deposit_totals')
      .select('deposited_cents')
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirstOrThrow();
    expect(total.deposited_cents).toBe(200_000);
    const { made } = await db
      .selectFrom('deposits')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('made'))
      .where('payment_method_id', 'in', [firstCard.id, secondCard.id])
      .executeTakeFirstOrThrow();
    expect(Number(made)).toBe(200_000);
    const counted = await db
      .selectFrom('payment_methods')
      .select(sql<string>`sum(amount_deposited_cents)`.as('sum'))
      .where('id', 'in', [firstCard.id, secondCard.id])
      .executeTakeFirstOrThrow();
    expect(Number(counted.sum)).toBe(200_000);
  }, 60_000);
});
