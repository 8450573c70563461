import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The same database, with every statement it sends counted while `counting` is on (a Kysely plugin: one count per
 * statement Kysely compiles, by its kind). For tests and benches that hold a path to a number of statements.
 */
export function countingStatements(db: Kysely<Database>) {
  const counter = {
    counting: false,
    /** Kinds of the statements sent while counting (SelectQueryNode, InsertQueryNode, ...), in order. */
    kinds: [] as string[],
    get statements() {
      return counter.kinds.length;
    },
    /** Statements that write (every kind but a select). */
    get writes() {
      return counter.kinds.filter((kind) => kind !== 'SelectQueryNode').length;
    },
    reset() {
      counter.kinds.length = 0;
    },
  };
  const counted = db.withPlugin({
    transformQuery(args) {
      if (counter.counting) counter.kinds.push(args.node.kind);
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  });
  return { db: counted, counter };
}
