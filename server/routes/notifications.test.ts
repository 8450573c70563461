import { randomUUID } from 'node:crypto';
import {
  apiPath,
  ApiPaths,
  type Deposit,
  type NotificationEmailPreferences,
  type NotificationKind,
  type NotificationsResponse,
  type RecurringDepositResponse,
  type SandboxOutboxResponse,
} from '../../api/contract';
import { announceDeposits } from '../domain/notifications';
import { accountOf, bankOf, call, deposit, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, methodPath, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Money notifications (issue 18): one per event, made with the change (a deposit's initiated notice just after its
// confirm commits), emailed unless turned off.
// Monday 2 March 2026, 10:00 in New York: a bank deposit made now goes to the bank at 4 pm and settles days later.
const MONDAY_MORNING = TEST_NOW;
const { app, db, clock } = useTestApp({ now: MONDAY_MORNING, clockAt: MONDAY_MORNING });
jest.setTimeout(30_000);
beforeEach(() => clock.set(MONDAY_MORNING));

/** The notifications about one deposit or schedule, straight from the table (the customer's demo history aside). */
const notificationsAbout = (subjectId: string) =>
  db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'user_id'])
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .execute();
const kindsAbout = async (subjectId: string) => (await notificationsAbout(subjectId)).map((row) => row.kind);
const outboxOf = async (customer: Customer) => (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>().messages;
const listOf = async (customer: Customer) => (await customer.get(ApiPaths.notifications)).json<NotificationsResponse>();
const setEmail = (customer: Customer, kind: NotificationKind, email: boolean) =>
  customer.send('PUT', ApiPaths.notificationEmailPreferences, { kind, email });

async function bankDeposit(customer: Customer, amount = '120.00'): Promise<Deposit> {
  const brokerage = await accountOf(customer, 'US');
  const response = await deposit(app, customer, {
    accountUuid: brokerage.accountUuid,
    paymentMethodId: (await bankOf(customer)).id,
    amount,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Deposit>();
}

async function at(time: string, customer: Customer) {
  clock.set(time);
  return signedInCustomer(app, customer.email);
}

describe('a deposit notifies once per event', () => {
  it('initiated at confirm, sent after the cut-off, arrived at settlement: each once, even when the jobs run again', async () => {
    let customer = await freshCustomer(app, 'card@fundflow.test');
    const made = await bankDeposit(customer);
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED']);
    const [initiated] = await notificationsAbout(made.id);
    expect(initiated.title).toMatch(/^Your \$120\.00 deposit from .+ •••• \d{4} was initiated$/);
    expect(initiated.body).toContain('You can cancel it in your transfer history until then.');

    // After the 4 pm cut-off: gone to the bank. The job runs twice (a retry): one notification.
    customer = await at('2026-03-02T22:00:00Z', customer);
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED', 'DEPOSIT_SENT']);

    // A week on: settled. A read settles too (the list), then the job: still one arrival.
    customer = await at('2026-03-09T22:00:00Z', customer);
    const list = await listOf(customer);
    await app.depositJobs.runOnce();
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED', 'DEPOSIT_SENT', 'DEPOSIT_ARRIVED']);
    expect(list.notifications[0]).toMatchObject({
      kind: 'DEPOSIT_ARRIVED',
      title: 'Your $120.00 deposit arrived',
      link: '/settings/v2/transfers/history',
      readAt: null,
    });

    // Each one was emailed once, with its text.
    const mails = (await outboxOf(customer)).filter((mail) => mail.subject.includes('$120.00'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your $120.00 deposit arrived',
      'Your $120.00 deposit went to your bank',
      initiated.title,
    ]);
    expect(mails[1].text).toContain('It can no longer be canceled.');
  });

  it('the initiated notice names the batch day: a deposit on Thanksgiving 2026 goes to the bank at the cut-off on Friday', async () => {
    // Thursday 26 November 2026, 10:00 in New York: a Federal Reserve holiday, so the batch is Friday's.
    const customer = await at('2026-11-26T15:00:00Z', await freshCustomer(app, 'card@fundflow.test'));
    const made = await bankDeposit(customer, '75.00');
    const [initiated] = await notificationsAbout(made.id);
    expect(initiated.body).toContain('It goes to your bank at the cut-off on Fri, Nov 27, 2026 and should arrive in your');
    expect(initiated.body).toContain('by Wed, Dec 2, 2026.');
  });

  it('a retried event inserts nothing the second time (the dedupe key), and sends no second email', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const made = await bankDeposit(customer);
    const mailsBefore = (await outboxOf(customer)).length;
    await db.transaction().execute((trx) => announceDeposits(trx, undefined, [made.id], clock.now()));
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED']);
    expect(await outboxOf(customer)).toHaveLength(mailsBefore);
  });

  it('a returned deposit says why and what to do, and the money taken back', async () => {
    let customer = await freshCustomer(app, 'card@fundflow.test');
    const made = await bankDeposit(customer, '80.00');
    customer = await at('2026-03-03T15:00:00Z', customer);
    const returned = await call(app, customer, 'POST', apiPath(ApiPaths.sandboxReturnDeposit, { depositId: made.id }), { code: 'R02' });
    expect(returned.statusCode).toBeLessThan(300);
    const about = await notificationsAbout(made.id);
    expect(about.map((row) => row.kind)).toContain('DEPOSIT_RETURNED');
    const notice = about.find((row) => row.kind === 'DEPOSIT_RETURNED')!;
    expect(notice.title).toBe('Your $80.00 deposit was returned by your bank (R02)');
    expect(notice.body).toMatch(
      /returned it: your bank account is closed\. \$\d+\.\d\d was taken back from your .+ account\. Remove this bank under Funding methods and link an account that is open\.$/,
    );
  });
});

describe('a recurring deposit notifies when it runs, fails, is skipped or pauses itself', () => {
  async function schedule(customer: Customer, amount: string, methodId?: string) {
    const accountUuid = (await accountOf(customer, 'US')).accountUuid;
    const response = await call(
      app,
      customer,
      'POST',
      apiPath(ApiPaths.recurringDeposits, { accountUuid }),
      {
        recurringDeposit: {
          fundingSourceId: methodId ?? (await bankOf(customer)).id,
          fundingSourceType: 'ACH',
          startDate: '2026-03-03',
          schedule: { frequency: 'WEEKLY', dayOfWeek: 'MONDAY' },
          amount: usd(amount),
        },
      },
      withKey(randomUUID()),
    );
    expect(response.statusCode).toBe(201);
    return { accountUuid, id: response.json<RecurringDepositResponse>().recurringDeposit.id };
  }

  it('a run is told once (a second pass of the job adds nothing), a skip once', async () => {
    let customer = await freshCustomer(app, 'card@fundflow.test');
    const { accountUuid, id } = await schedule(customer, '50.00');
    customer = await at('2026-03-09T15:00:00Z', customer);
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    expect(await kindsAbout(id)).toEqual(['RECURRING_RAN']);
    expect((await notificationsAbout(id))[0].title).toBe('Your weekly $50.00 deposit was made');
    expect((await notificationsAbout(id))[0].body).toContain('The next deposit is on');

    const skipped = await call(app, customer, 'POST', apiPath(ApiPaths.recurringDepositSkip, { accountUuid, recurringDepositId: id }));
    expect(skipped.statusCode).toBe(200);
    expect(await kindsAbout(id)).toEqual(['RECURRING_RAN', 'RECURRING_SKIPPED']);
    expect((await notificationsAbout(id))[1].title).toMatch(/^Your weekly \$50\.00 deposit on .+ was skipped$/);
  });

  it('a refused run that does not pause the schedule is a failed deposit with the reason', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    // Cents .02: the sandbox rails answer with an exception (the schedule carries on).
    const { id } = await schedule(customer, '50.02');
    await at('2026-03-09T15:00:00Z', customer);
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    const about = await notificationsAbout(id);
    expect(about.map((row) => row.kind)).toEqual(['DEPOSIT_FAILED']);
    expect(about[0].body).toMatch(/ The schedule carries on: the next deposit is on .+\.$/);
  });

  it('a schedule that pauses itself for a bank needing relinking says so and how to fix it', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const bank = await bankOf(customer);
    const { id } = await schedule(customer, '50.00', bank.id);
    expect((await customer.send('POST', methodPath(ApiPaths.sandboxResetLogin, bank.id))).statusCode).toBe(200);
    await at('2026-03-09T15:00:00Z', customer);
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    const about = await notificationsAbout(id);
    expect(about.map((row) => row.kind)).toEqual(['RECURRING_PAUSED']);
    expect(about[0].title).toBe('Your weekly $50.00 deposit was paused');
    expect(about[0].body).toBe(
      `It was paused because ${bank.displayName} •••• ${bank.paymentMethodNumber.slice(-4)} needs relinking. Relink the bank under Funding methods, then resume the schedule.`,
    );
  });
});

describe('the initiated notice is made after the commit, in batches (depositNotices.ts)', () => {
  it('deposits of several customers confirmed at once are each told once, and emailed unless that customer turned it off', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => freshCustomer(app, 'card@fundflow.test')));
    await setEmail(c, 'DEPOSIT_INITIATED', false);
    const amounts = { a: ['31.00', '32.00'], b: ['33.00'], c: ['34.00', '35.00'] };
    const made = await Promise.all([
      ...amounts.a.map((amount) => bankDeposit(a, amount)),
      ...amounts.b.map((amount) => bankDeposit(b, amount)),
      ...amounts.c.map((amount) => bankDeposit(c, amount)),
    ]);
    for (const one of made) expect(await kindsAbout(one.id)).toEqual(['DEPOSIT_INITIATED']);
    const initiatedMails = async (customer: Customer) =>
      (await outboxOf(customer))
        .filter((mail) => / was initiated$/.test(mail.subject))
        .map((mail) => mail.subject.slice(5, 11))
        .sort();
    expect(await initiatedMails(a)).toEqual(['$31.00', '$32.00']);
    expect(await initiatedMails(b)).toEqual(['$33.00']);
    expect(await initiatedMails(c)).toEqual([]);
  });

  it('a deposit whose notice was never made (the server stopped before its batch) is told by the next jobs pass, once', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const made = await bankDeposit(customer, '41.00');
    // As if the batch had never run: no notice and no email for it.
    await db.deleteFrom('notifications').where('subject_id', '=', made.id).execute();
    await db.deleteFrom('outbox_messages').where('subject', 'like', '%$41.00%').execute();
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED']);
    expect((await outboxOf(customer)).filter((mail) => mail.subject.includes('$41.00')).map((mail) => mail.subject)).toEqual([
      (await notificationsAbout(made.id))[0].title,
    ]);
  });
});

describe('email preferences', () => {
  it('turning a kind off stops its email but keeps the in-app item', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const off = await setEmail(customer, 'DEPOSIT_INITIATED', false);
    expect(off.statusCode).toBe(200);
    expect(off.json<NotificationEmailPreferences>()).toEqual({ emailsOff: ['DEPOSIT_INITIATED'] });
    expect((await customer.get(ApiPaths.notificationEmailPreferences)).json<NotificationEmailPreferences>()).toEqual({
      emailsOff: ['DEPOSIT_INITIATED'],
    });

    const made = await bankDeposit(customer, '61.00');
    expect(await kindsAbout(made.id)).toEqual(['DEPOSIT_INITIATED']);
    expect((await outboxOf(customer)).filter((mail) => mail.subject.includes('$61.00'))).toEqual([]);
    expect((await listOf(customer)).notifications.some((item) => item.title.includes('$61.00'))).toBe(true);

    // On again: the next one is emailed.
    expect((await setEmail(customer, 'DEPOSIT_INITIATED', true)).json<NotificationEmailPreferences>()).toEqual({ emailsOff: [] });
    await bankDeposit(customer, '62.00');
    expect((await outboxOf(customer)).filter((mail) => mail.subject.includes('$62.00'))).toHaveLength(1);
  });

  it('refuses an unknown kind or a bad body with 400 { errorCode, message }', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    for (const payload of [
      { kind: 'EVERYTHING', email: false },
      { kind: 'DEPOSIT_SENT' },
      { kind: 'DEPOSIT_SENT', email: 'no' },
      { kind: 'DEPOSIT_SENT', email: true, extra: 1 },
    ]) {
      const refused = await customer.send('PUT', ApiPaths.notificationEmailPreferences, payload);
      expect([JSON.stringify(payload), refused.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(errorOf(refused)).toEqual({ errorCode: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });
});

describe('the list and marking read', () => {
  it('lists newest first with the unread count; one and all can be marked read; another customer’s is a 404', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const other = await freshCustomer(app, 'card@fundflow.test');
    await bankDeposit(customer, '71.00');
    clock.advance(60_000);
    await bankDeposit(customer, '72.00');
    const before = await listOf(customer);
    expect(before.notifications[0].title).toContain('$72.00');
    expect(before.unreadCount).toBe(before.notifications.filter((item) => item.readAt === null).length);
    const newest = before.notifications[0];

    const foreign = await other.send('POST', apiPath(ApiPaths.notificationRead, { notificationId: newest.id }));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errorCode).toBe('NOT_FOUND');
    expect((await other.send('POST', ApiPaths.notificationsReadAll)).statusCode).toBe(204);
    expect((await listOf(customer)).unreadCount).toBe(before.unreadCount);
    expect((await other.send('POST', apiPath(ApiPaths.notificationRead, { notificationId: 'not-an-id' }))).statusCode).toBe(404);

    expect((await customer.send('POST', apiPath(ApiPaths.notificationRead, { notificationId: newest.id }))).statusCode).toBe(204);
    const afterOne = await listOf(customer);
    expect(afterOne.unreadCount).toBe(before.unreadCount - 1);
    expect(afterOne.notifications[0].readAt).not.toBeNull();

    expect((await customer.send('POST', ApiPaths.notificationsReadAll)).statusCode).toBe(204);
    expect((await listOf(customer)).unreadCount).toBe(0);
  });
});
