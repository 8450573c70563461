import { sql, type Kysely } from 'kysely';
import type { Instrument } from '../../api/contract';
import type { Database } from '../db/schema';
import { servicesDb, type ServicesDb, type ServicesTrx } from '../domain/servicesSchema';

// Every query of the community and graph service wrappers (instruments, themes, watchlists, user settings, options
// rewards) of migration 0006.

type Db = Kysely<Database> | ServicesDb | ServicesTrx;
const services = (db: Db) => servicesDb(db as Kysely<Database>);

/** Instruments of the given symbols, in the order given; unknown symbols are left out. */
export async function instrumentsBySymbols(db: Db, symbols: readonly string[]): Promise<Instrument[]> {
  if (symbols.length === 0) return [];
  const rows = await services(db)
    .selectFrom('instruments')
    .selectAll()
    .where('symbol', 'in', [...symbols])
    .execute();
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return symbols.flatMap((symbol) => {
    const row = bySymbol.get(symbol);
    return row ? [{ symbol: row.symbol, name: row.name, type: row.type, exchange: row.exchange }] : [];
  });
}

/** LIKE pattern text with its wildcards escaped (the default escape character is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the instruments whose symbol starts with, or whose name contains, the text; ranked: exact symbol,
 * then symbol prefix, then a name word starting with the text, then the name containing it. `total` counts all.
 */
export async function searchInstruments(db: Kysely<Database>, text: string, includeCrypto: boolean, pageNumber: number, pageSize: number) {
  const upper = text.toUpperCase();
  const lower = escapeLike(text.toLowerCase());
  const symbolPrefix = `${escapeLike(upper)}%`;
  const nameContains = `%${lower}%`;
  const wordStart = `% ${lower}%`;

  let base = servicesDb(db)
    .selectFrom('instruments')
    .where((eb) => eb.or([eb('symbol', 'like', symbolPrefix), eb(sql<string>`lower(name)`, 'like', nameContains)]));
  if (!includeCrypto) base = base.where('type', '!=', 'CRYPTO');

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rank = sql<number>`case
    when symbol = ${upper} then 0
    when symbol like ${symbolPrefix} then 1
    when lower(name) like ${`${lower}%`} or lower(name) like ${wordStart} then 2
    else 3 end`;
  const instruments = await base
    .select(['symbol', 'name', 'type', 'exchange'])
    .orderBy(rank)
    .orderBy('symbol')
    .limit(pageSize)
    .offset(pageNumber * pageSize)
    .execute();
  return { instruments, total: Number(total) };
}

/** The customer's watchlists (or the one of `onlyId`) with their instruments in order. */
export async function listWatchlists(db: Db, userId: string, onlyId?: string) {
  let query = services(db).selectFrom('watchlists').selectAll().where('user_id', '=', userId);
  if (onlyId) query = query.where('id', '=', onlyId);
  const lists = await query.orderBy('position').orderBy('created_at').execute();
  if (lists.length === 0) return [];
  const items = await services(db)
    .selectFrom('watchlist_items')
    .innerJoin('instruments', 'instruments.symbol', 'watchlist_items.symbol')
    .select(['watchlist_items.watchlist_id', 'instruments.symbol', 'instruments.name', 'instruments.type', 'instruments.exchange'])
    .where(
      'watchlist_items.watchlist_id',
      'in',
      lists.map((list) => list.id),
    )
    .orderBy('watchlist_items.position')
    .execute();
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    instruments: items
      .filter((item) => item.watchlist_id === list.id)
      .map(({ symbol, name, type, exchange }) => ({ symbol, name, type, exchange })),
    createdAt: list.created_at.toISOString(),
    updatedAt: list.updated_at.toISOString(),
  }));
}

/** Runs `work` in one transaction over the service tables. */
export const inCommunityTransaction = <T>(db: Kysely<Database>, work: (trx: ServicesTrx) => Promise<T>): Promise<T> =>
  servicesDb(db).transaction().execute(work);

/** Whether the watchlist is the customer's own; its row is locked for the transaction. */
export async function lockOwnWatchlist(trx: ServicesTrx, userId: string, id: string): Promise<boolean> {
  const own = await trx
    .selectFrom('watchlists')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return own !== undefined;
}

/** Replaces the list's name and symbols (in order). */
export async function replaceWatchlist(trx: ServicesTrx, id: string, name: string, symbols: readonly string[], now: Date): Promise<void> {
  await trx.updateTable('watchlists').set({ name, updated_at: now }).where('id', '=', id).execute();
  await trx.deleteFrom('watchlist_items').where('watchlist_id', '=', id).execute();
  if (symbols.length) {
    await trx
      .insertInto('watchlist_items')
      .values(symbols.map((symbol, position) => ({ watchlist_id: id, symbol, position })))
      .execute();
  }
}

/** Whether the customer had that watchlist and it is now gone. */
export async function deleteOwnWatchlist(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const deleted = await servicesDb(db).deleteFrom('watchlists').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The themes (or the one of `onlyId`) with their instruments in order. */
export async function listThemes(db: Kysely<Database>, onlyId?: string) {
  let query = servicesDb(db).selectFrom('themes').selectAll();
  if (onlyId) query = query.where('id', '=', onlyId);
  const themes = await query.orderBy('position').execute();
  if (themes.length === 0) return [];
  const members = await servicesDb(db)
    .selectFrom('theme_instruments')
    .innerJoin('instruments', 'instruments.symbol', 'theme_instruments.symbol')
    .select(['theme_instruments.theme_id', 'instruments.symbol', 'instruments.name', 'instruments.type', 'instruments.exchange'])
    .where(
      'theme_instruments.theme_id',
      'in',
      themes.map((theme) => theme.id),
    )
    .orderBy('theme_instruments.position')
    .execute();
  return themes.map((theme) => ({
    id: theme.id,
    name: theme.name,
    description: theme.description,
    instruments: members
      .filter((m) => m.theme_id === theme.id)
      .map(({ symbol, name, type, exchange }) => ({ symbol, name, type, exchange })),
  }));
}

/** Whether the customer asked for tipping suggestions (undefined: never said). */
export async function findSuggestTipping(db: Kysely<Database>, userId: string): Promise<boolean | undefined> {
  const row = await servicesDb(db).selectFrom('user_settings').select('suggest_tipping').where('user_id', '=', userId).executeTakeFirst();
  return row?.suggest_tipping;
}

export async function saveSuggestTipping(db: Kysely<Database>, userId: string, value: boolean, now: () => Date): Promise<void> {
  await servicesDb(db)
    .insertInto('user_settings')
    .values({ user_id: userId, suggest_tipping: value, updated_at: now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ suggest_tipping: value, updated_at: now() }))
    .execute();
}

export const findOptionsRewards = (db: Kysely<Database>, userId: string) =>
  servicesDb(db).selectFrom('options_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst();
