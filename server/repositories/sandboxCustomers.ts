import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { copyPositions } from './portfolio';
import { copyDemoServiceData } from '../db/seeds/services';
import { copyDemoOnboardingCrypto } from '../db/seedOnboarding';
import { copyDemoProfileData } from '../db/seeds/profile';

/** A fresh, unused number of `digits` digits for the column (account numbers and ids are unique). */
async function freshNumber(db: Kysely<Database>, column: 'account_number' | 'account_id', digits: number): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(10 ** (digits - 1), 10 ** digits));
    const taken = await db.selectFrom('accounts').select('id').where(column, '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

/**
 * Copies a demo customer into a new one with its own email (local part + random suffix), the same password
 * hash, new account numbers, and copies of its payment methods, pending micro-deposits, deposit history,
 * recurring deposits, IRA contributions and user properties (same dates). Browser tests
 * take one each so they never share state. Returns the new email, or null when the template is not a seeded
 * demo customer.
 */
export async function copyDemoCustomer(
  db: Kysely<Database>,
  templateEmail: string,
  templateEmails: readonly string[],
): Promise<string | null> {
  const email = templateEmail.trim().toLowerCase();
  if (!templateEmails.includes(email)) return null;
  const template = await db.selectFrom('users').selectAll().where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
  if (!template) return null;

  const [local, domain] = email.split('@');
  const newEmail = `${local}-${randomBytes(5).toString('hex')}@${domain}`;
  const accounts = await db.selectFrom('accounts').selectAll().where('user_id', '=', template.id).orderBy('created_at').execute();
  const numbers = new Map<string, { accountId: string; accountNumber: string }>();
  for (const account of accounts) {
    numbers.set(account.account_id, {
      accountId: await freshNumber(db, 'account_id', 9),
      accountNumber: await freshNumber(db, 'account_number', Math.max(9, account.account_number.length)),
    });
  }
  const methods = await db.selectFrom('payment_methods').selectAll().where('user_id', '=', template.id).execute();
  const challenges = methods.length
    ? await db
        .selectFrom('micro_deposit_challenges')
        .selectAll()
        .where(
          'payment_method_id',
          'in',
          methods.map((m) => m.id),
        )
        .execute()
    : [];
  const deposits = await db.selectFrom('deposits').selectAll().where('user_id', '=', template.id).orderBy('created_at').execute();
  const events = deposits.length
    ? await db
        .selectFrom('deposit_events')
        .selectAll()
        .where(
          'deposit_id',
          'in',
          deposits.map((d) => d.id),
        )
        .execute()
    : [];
  const schedules = await db.selectFrom('recurring_deposits').selectAll().where('user_id', '=', template.id).execute();
  const contributions = await db.selectFrom('ira_contributions').selectAll().where('user_id', '=', template.id).execute();
  const properties = await db.selectFrom('user_properties').selectAll().where('user_id', '=', template.id).executeTakeFirst();

  await db.transaction().execute(async (trx) => {
    const userId = randomUUID();
    const { id: _id, email: _email, events_subscription_id: _events, ...user } = template;
    await trx
      .insertInto('users')
      .values({ ...user, id: userId, email: newEmail, events_subscription_id: `evt_${randomBytes(12).toString('hex')}` })
      .execute();
    const accountUuids = new Map<string, string>();
    const methodIds = new Map<string, string>();
    // Parents first, so the parent reference resolves.
    const ordered = [...accounts].sort((a, b) => Number(a.parent_account_id !== null) - Number(b.parent_account_id !== null));
    for (const account of ordered) {
      const fresh = numbers.get(account.account_id)!;
      const accountUuid = randomUUID();
      accountUuids.set(account.id, accountUuid);
      await trx
        .insertInto('accounts')
        .values({
          ...account,
          id: accountUuid,
          user_id: userId,
          account_id: fresh.accountId,
          account_number: fresh.accountNumber,
          parent_account_id: account.parent_account_id ? (numbers.get(account.parent_account_id)?.accountId ?? null) : null,
          settings: JSON.stringify(account.settings),
          actions: JSON.stringify(account.actions),
        })
        .execute();
    }
    for (const method of methods) {
      const id = randomUUID();
      methodIds.set(method.id, id);
      await trx
        .insertInto('payment_methods')
        .values({
          ...method,
          id,
          user_id: userId,
          // A card fingerprint belongs to one customer; the copy's card is its own.
          card_fingerprint: method.card_fingerprint ? `${method.card_fingerprint}-${id}` : null,
        })
        .execute();
      const challenge = challenges.find((c) => c.payment_method_id === method.id);
      if (challenge)
        await trx
          .insertInto('micro_deposit_challenges')
          .values({ ...challenge, payment_method_id: id })
          .execute();
    }

    // The money history: schedules, deposits with their events, IRA contributions and user properties.
    const scheduleIds = new Map<string, string>();
    for (const schedule of schedules) {
      const id = randomUUID();
      scheduleIds.set(schedule.id, id);
      await trx
        .insertInto('recurring_deposits')
        .values({
          ...schedule,
          id,
          user_id: userId,
          account_id: accountUuids.get(schedule.account_id)!,
          payment_method_id: methodIds.get(schedule.payment_method_id)!,
        })
        .execute();
    }
    const depositIds = new Map<string, string>();
    for (const deposit of deposits) {
      const id = randomUUID();
      depositIds.set(deposit.id, id);
      const mapped = (ids: Map<string, string>, value: string | null) => (value === null ? null : (ids.get(value) ?? null));
      await trx
        .insertInto('deposits')
        .values({
          ...deposit,
          id,
          user_id: userId,
          account_id: accountUuids.get(deposit.account_id)!,
          source_account_id: mapped(accountUuids, deposit.source_account_id),
          payment_method_id: mapped(methodIds, deposit.payment_method_id),
          recurring_deposit_id: mapped(scheduleIds, deposit.recurring_deposit_id),
          intent_id: null,
        })
        .execute();
    }
    if (events.length) {
      await trx
        .insertInto('deposit_events')
        .values(events.map((event) => ({ ...event, deposit_id: depositIds.get(event.deposit_id)! })))
        .execute();
    }
    for (const contribution of contributions) {
      await trx
        .insertInto('ira_contributions')
        .values({
          ...contribution,
          id: randomUUID(),
          user_id: userId,
          account_id: accountUuids.get(contribution.account_id)!,
          deposit_id: contribution.deposit_id === null ? null : (depositIds.get(contribution.deposit_id) ?? null),
        })
        .execute();
    }
    await copyPositions(trx, accountUuids);
    await copyDemoServiceData(trx, template.id, userId, accountUuids);
    await copyDemoOnboardingCrypto(trx, template.id, userId, accountUuids);
    await copyDemoProfileData(trx, template.id, userId, accountUuids);
    if (properties) {
      await trx
        .insertInto('user_properties')
        .values({ user_id: userId, properties: JSON.stringify(properties.properties), updated_at: properties.updated_at })
        .execute();
    }
  });
  return newEmail;
}
