import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, InstitutionRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const INSTITUTION_SEARCH_LIMIT = 10;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive search over bank names (names starting with the query first), plus an exact routing-number
 * match; at most 10 banks.
 */
export function searchInstitutions(db: Db, query: string): Promise<InstitutionRow[]> {
  const needle = query.trim().toLowerCase();
  if (needle === '') return Promise.resolve([]);
  const contains = `%${escapeLike(needle)}%`;
  const startsWith = `${escapeLike(needle)}%`;
  return db
    .selectFrom('institutions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', contains),
        eb('id', 'in', eb.selectFrom('institution_routing_numbers').select('institution_id').where('routing_number', '=', needle)),
      ]),
    )
    .orderBy(sql`case when lower(name) like ${startsWith} then 0 else 1 end`)
    .orderBy('name')
    .limit(INSTITUTION_SEARCH_LIMIT)
    .execute();
}

export function findInstitutionsByRoutingNumber(db: Db, routingNumber: string): Promise<InstitutionRow[]> {
  return db
    .selectFrom('institutions')
    .innerJoin('institution_routing_numbers', 'institution_routing_numbers.institution_id', 'institutions.id')
    .selectAll('institutions')
    .where('institution_routing_numbers.routing_number', '=', routingNumber)
    .orderBy('institutions.name')
    .execute();
}

export function findInstitution(db: Db, id: string): Promise<InstitutionRow | undefined> {
  return db.selectFrom('institutions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The institutions with these ids, in the order of the ids (unknown ids are left out). */
export async function findInstitutionsInOrder(db: Db, ids: readonly string[]): Promise<InstitutionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('institutions')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
