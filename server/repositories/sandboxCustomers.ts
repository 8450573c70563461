import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
 * hash, new account numbers, and copies of its payment methods and pending micro-deposits. Browser tests
 * take one each so they never share state. Returns the new email, or null when the template is not a seeded
 * demo customer.
 */
export async function copyDemoCustomer(db: Kysely<Database>, templateEmail: string, templateEmails: readonly string[]): Promise<string | null> {
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
    ? await db.selectFrom('micro_deposit_challenges').selectAll().where('payment_method_id', 'in', methods.map((m) => m.id)).execute()
    : [];

  await db.transaction().execute(async (trx) => {
    const userId = randomUUID();
    const { id: _id, email: _email, events_subscription_id: _events, ...user } = template;
    await trx
      .insertInto('users')
      .values({ ...user, id: userId, email: newEmail, events_subscription_id: `evt_${randomBytes(12).toString('hex')}` })
      .execute();
    // Parents first, so the parent reference resolves.
    const ordered = [...accounts].sort((a, b) => Number(a.parent_account_id !== null) - Number(b.parent_account_id !== null));
    for (const account of ordered) {
      const fresh = numbers.get(account.account_id)!;
      await trx
        .insertInto('accounts')
        .values({
          ...account,
          id: randomUUID(),
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
      if (challenge) await trx.insertInto('micro_deposit_challenges').values({ ...challenge, payment_method_id: id }).execute();
    }
  });
  return newEmail;
}
