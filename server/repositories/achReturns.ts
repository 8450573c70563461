import { sql, type RawBuilder } from 'kysely';

/**
 * The rule that an unpaid ACH return switches instant bank deposits off (docs/money-rules.md, ACH returns): some account of the
 * customer that had a deposit returned is below zero. As an SQL boolean, so a statement that reads other figures
 * can ask it too (bankFigures, inside every bank confirm) instead of a round trip of its own.
 */
export function instantDepositsOffSql(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from ach_returns
    join accounts on accounts.id = ach_returns.account_id
    where ach_returns.user_id = ${userId} and accounts.balance_cents < 0
  )`;
}
