import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AcatFragment } from '../../../api/contract';
import type { Database } from '../schema';
import type { ServicesTables } from '../../domain/servicesSchema';

// Demo data of the service wrappers per demo customer: watchlists, the tipping setting, options rewards and,
// for alex, two account transfers (one draft to finish, one on its way). Called by server/db/seed.ts when it
// writes a demo customer, and for demo databases made before migration 0006 (addMissingDemoServiceData).

type Trx = Transaction<Database>;

interface DemoServiceData {
  suggestTipping: boolean;
  watchlists: Array<{ name: string; symbols: string[] }>;
  rewards?: { invited: number; qualified: number; contractsThisMonth: number; paidToDateCents: number };
  acatDrafts?: Array<{
    progress: 'IN_PROGRESS' | 'SUBMITTED';
    transferStatus: 'IN_TRANSIT' | null;
    daysAgo: number;
    /** DESTINATION_ACCOUNT is added for the customer's brokerage account. */
    fragments: AcatFragment[];
  }>;
}

const STARTER: DemoServiceData = { suggestTipping: false, watchlists: [{ name: 'My first list', symbols: ['VOO', 'QQQ', 'AAPL'] }] };

export const DEMO_SERVICE_DATA: Readonly<Record<string, DemoServiceData>> = {
  'alex@fundflow.test': {
    suggestTipping: true,
    watchlists: [
      { name: 'Tech leaders', symbols: ['AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN'] },
      { name: 'Dividends', symbols: ['KO', 'PG', 'JNJ', 'SCHD'] },
      { name: 'Crypto', symbols: ['BTC', 'ETH'] },
    ],
    rewards: { invited: 4, qualified: 2, contractsThisMonth: 38, paidToDateCents: 1_284 },
    acatDrafts: [
      {
        progress: 'IN_PROGRESS',
        transferStatus: null,
        daysAgo: 2,
        fragments: [
          { type: 'BROKERAGE', brokerage: 'Fidelity Investments' },
          { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
          { type: 'ACCOUNT_HOLDER', name: 'Alex Morgan' },
          { type: 'TRANSFER_TYPE', transferType: 'FULL' },
        ],
      },
      {
        progress: 'SUBMITTED',
        transferStatus: 'IN_TRANSIT',
        daysAgo: 6,
        fragments: [
          { type: 'BROKERAGE', brokerage: 'Robinhood' },
          { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
          { type: 'ACCOUNT_NUMBER', accountNumber: '512345678' },
          { type: 'ACCOUNT_HOLDER', name: 'Alex Morgan' },
          { type: 'TRANSFER_TYPE', transferType: 'PARTIAL' },
          { type: 'POSITION', symbol: 'AAPL', quantity: '12' },
          { type: 'POSITION', symbol: 'VTI', quantity: '5.5' },
        ],
      },
    ],
  },
  'joint@fundflow.test': { suggestTipping: true, watchlists: [{ name: 'Index funds', symbols: ['VTI', 'VXUS', 'BND'] }] },
  'new@fundflow.test': STARTER,
};

const referralCode = () => `FUND-${randomBytes(4).toString('hex').toUpperCase()}`;

/** Writes a demo customer's service data (the template's, or a starter watchlist). */
export async function insertDemoServiceData(trx: Trx, userId: string, email: string, now: Date): Promise<void> {
  const db = trx.withTables<ServicesTables>();
  const data = DEMO_SERVICE_DATA[email] ?? STARTER;
  await db.insertInto('user_settings').values({ user_id: userId, suggest_tipping: data.suggestTipping, updated_at: now }).execute();
  for (const [position, list] of data.watchlists.entries()) {
    const id = randomUUID();
    const createdAt = new Date(now.getTime() - (30 - position) * 86_400_000);
    await db
      .insertInto('watchlists')
      .values({ id, user_id: userId, name: list.name, position, created_at: createdAt, updated_at: createdAt })
      .execute();
    await db
      .insertInto('watchlist_items')
      .values(list.symbols.map((symbol, index) => ({ watchlist_id: id, symbol, position: index })))
      .execute();
  }
  if (data.rewards) {
    await db
      .insertInto('options_rewards')
      .values({
        user_id: userId,
        referral_code: referralCode(),
        invited: data.rewards.invited,
        qualified: data.rewards.qualified,
        contracts_this_month: data.rewards.contractsThisMonth,
        paid_to_date_cents: data.rewards.paidToDateCents,
        updated_at: now,
      })
      .execute();
  }
  if (data.acatDrafts?.length) {
    const brokerage = await db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('variant', '=', 'US')
      .executeTakeFirst();
    for (const draft of data.acatDrafts) {
      const at = new Date(now.getTime() - draft.daysAgo * 86_400_000);
      const fragments: AcatFragment[] = brokerage
        ? [...draft.fragments, { type: 'DESTINATION_ACCOUNT', accountUuid: brokerage.id }]
        : draft.fragments;
      const submitted = draft.progress === 'SUBMITTED';
      await db
        .insertInto('acat_drafts')
        .values({
          id: randomUUID(),
          user_id: userId,
          kind: 'ACAT',
          source: 'MANUAL',
          progress: draft.progress,
          transfer_status: draft.transferStatus,
          fragments: JSON.stringify(fragments),
          items: JSON.stringify(
            submitted
              ? fragments.flatMap((f) => (f.type === 'POSITION' ? [{ description: `${f.quantity} ${f.symbol}`, status: 'PENDING' }] : []))
              : [],
          ),
          created_at: at,
          updated_at: at,
          submitted_at: submitted ? at : null,
        })
        .execute();
    }
  }
}

/**
 * Demo customers written before migration 0006 have no service data: adds it to each demo customer that has no
 * settings row yet. Returns how many customers it completed.
 */
export async function addMissingDemoServiceData(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const services = db.withTables<ServicesTables>();
  const missing = await services
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('users.is_demo', '=', true)
    .where('user_settings.user_id', 'is', null)
    .execute();
  let added = 0;
  for (const user of missing) {
    await db.transaction().execute(async (trx) => {
      const exists = await trx
        .withTables<ServicesTables>()
        .selectFrom('user_settings')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (exists) return;
      await insertDemoServiceData(trx, user.id, user.email, now);
      added += 1;
    });
  }
  return added;
}

/**
 * For the sandbox customer copy (server/repositories/sandboxCustomers.ts): copies a customer's watchlists,
 * settings, rewards (with a new referral code) and account transfers, pointing destinations at the new accounts.
 */
export async function copyDemoServiceData(
  trx: Trx,
  fromUserId: string,
  toUserId: string,
  accountUuids: ReadonlyMap<string, string>,
): Promise<void> {
  const db = trx.withTables<ServicesTables>();
  const settings = await db.selectFrom('user_settings').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (settings)
    await db
      .insertInto('user_settings')
      .values({ ...settings, user_id: toUserId })
      .execute();
  const lists = await db.selectFrom('watchlists').selectAll().where('user_id', '=', fromUserId).execute();
  for (const list of lists) {
    const id = randomUUID();
    await db
      .insertInto('watchlists')
      .values({ ...list, id, user_id: toUserId })
      .execute();
    const items = await db.selectFrom('watchlist_items').selectAll().where('watchlist_id', '=', list.id).execute();
    if (items.length)
      await db
        .insertInto('watchlist_items')
        .values(items.map((item) => ({ ...item, watchlist_id: id })))
        .execute();
  }
  const rewards = await db.selectFrom('options_rewards').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (rewards)
    await db
      .insertInto('options_rewards')
      .values({ ...rewards, user_id: toUserId, referral_code: referralCode() })
      .execute();
  const drafts = await db.selectFrom('acat_drafts').selectAll().where('user_id', '=', fromUserId).execute();
  for (const draft of drafts) {
    const fragments = draft.fragments.map((fragment) =>
      fragment.type === 'DESTINATION_ACCOUNT'
        ? { ...fragment, accountUuid: accountUuids.get(fragment.accountUuid) ?? fragment.accountUuid }
        : fragment,
    );
    await db
      .insertInto('acat_drafts')
      .values({ ...draft, id: randomUUID(), user_id: toUserId, fragments: JSON.stringify(fragments), items: JSON.stringify(draft.items) })
      .execute();
  }
}
