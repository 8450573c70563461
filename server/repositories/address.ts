import type { Kysely } from 'kysely';
import type { Address } from '../../api/contract';
import type { Database } from '../db/schema';

/** Writes the customer's residential address. */
export async function saveUserAddress(db: Kysely<Database>, userId: string, address: Address): Promise<void> {
  await db
    .updateTable('users')
    .set({ address1: address.address1, address2: address.address2, city: address.city, state: address.state, zipcode: address.zipcode })
    .where('id', '=', userId)
    .execute();
}
