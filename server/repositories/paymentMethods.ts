import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow } from '../db/schema';

/** The customer's own methods, default first; canceled (removed) methods are history, not part of the list. */
export function listPaymentMethodsOfUser(db: Kysely<Database>, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED')
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
