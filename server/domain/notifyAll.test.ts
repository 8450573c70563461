import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { publishLiveEvent, type LiveEventMessage } from '../events/liveEventChannel';
import { notifierForDatabase, type Notifier } from '../events/notifier';
import { createSeededTestDatabase, TEST_NOW } from '../testing/testApp';
import { NOTIFICATION_LINKS, notifyAll, type NewNotification } from './notifications';

// notifyAll makes its notifications, publishes NOTIFICATION_CREATED and reads the email facts in one statement:
// each customer is told once per call, and only when one of theirs was made now.

const now = new Date(TEST_NOW);
const quietLog = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

let db: Kysely<Database>;
let notifier: Notifier;
const heard: LiveEventMessage[] = [];
let wake: (() => void) | null = null;
let customers: string[];

beforeAll(async () => {
  db = await createSeededTestDatabase();
  notifier = notifierForDatabase(db, quietLog);
  await notifier.listen({
    onMessage(message) {
      heard.push(message);
      wake?.();
    },
    onInterrupted() {},
  });
  customers = (await db.selectFrom('users').select('id').orderBy('id').limit(3).execute()).map((row) => row.id);
}, 240_000);
afterAll(async () => {
  await notifier.close();
  await db.destroy();
});

const notice = (userId: string, subjectId = randomUUID()): NewNotification => ({
  userId,
  kind: 'DEPOSIT_INITIATED',
  subjectId,
  title: `Notice ${subjectId}`,
  body: 'A body.',
  link: NOTIFICATION_LINKS.deposit,
});

/**
 * Runs notifyAll in its own transaction and answers how many it made and the customers told by it: a marker
 * event published after the commit arrives after them (notifications are delivered in commit order), so nothing
 * is waited for by the clock.
 */
async function notifyAndListen(inputs: NewNotification[]): Promise<{ made: number; told: string[] }> {
  heard.splice(0);
  const made = await db.transaction().execute((trx) => notifyAll(trx, undefined, inputs, now));
  const marker = customers[2];
  await publishLiveEvent(db, marker, { type: 'ORDER_UPDATED' }, now);
  while (!heard.some((message) => message.userId === marker)) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return {
    made,
    told: heard
      .filter((message) => message.userId !== marker && message.event.type === 'NOTIFICATION_CREATED')
      .map((message) => message.userId)
      .sort(),
  };
}

const emailsTo = async (userId: string) =>
  (await db.selectFrom('outbox_messages').select('subject').where('user_id', '=', userId).execute()).map((row) => row.subject);

it('tells each customer once per batch, only when one of theirs was made, and emails only the ones made', async () => {
  const [alex, blair] = customers;
  const first = [notice(alex), notice(alex), notice(blair)];
  expect(await notifyAndListen(first)).toEqual({ made: 3, told: [alex, blair].sort() });
  expect(await emailsTo(alex)).toEqual(expect.arrayContaining([first[0].title, first[1].title]));

  // The same again: nothing is made, nobody is told, no second email.
  const alexEmails = (await emailsTo(alex)).length;
  expect(await notifyAndListen(first)).toEqual({ made: 0, told: [] });
  expect(await emailsTo(alex)).toHaveLength(alexEmails);

  // A new one for Alex beside Blair's old one: only Alex hears of it.
  const blairEmails = (await emailsTo(blair)).length;
  const fresh = notice(alex);
  expect(await notifyAndListen([fresh, first[2]])).toEqual({ made: 1, told: [alex] });
  expect(await emailsTo(alex)).toContain(fresh.title);
  expect(await emailsTo(blair)).toHaveLength(blairEmails);
});

it('keeps the in-app item but sends no email of a kind the customer turned off', async () => {
  const [, blair] = customers;
  await db.insertInto('notification_email_opt_outs').values({ user_id: blair, kind: 'DEPOSIT_INITIATED' }).execute();
  const quiet = notice(blair);
  expect(await notifyAndListen([quiet])).toEqual({ made: 1, told: [blair] });
  expect(await emailsTo(blair)).not.toContain(quiet.title);
  expect(
    await db.selectFrom('notifications').select('id').where('dedupe_key', '=', `DEPOSIT_INITIATED:${quiet.subjectId}`).execute(),
  ).toHaveLength(1);
});
