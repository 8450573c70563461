/**
 * Time-outs and size of the PostgreSQL pool (node-postgres). A stuck query, a forgotten transaction or a
 * database that stopped answering must fail a request in bounded time instead of holding its connection (and
 * the instance) for ever. PGlite ignores these.
 */
export interface PoolSettings {
  /** Connections per instance (DATABASE_POOL_MAX). */
  max: number;
  /** Longest wait for a connection, new or from a full pool, before the request fails (DATABASE_CONNECT_TIMEOUT_MS). */
  connectionTimeoutMillis: number;
  /** An idle connection is closed after this long (DATABASE_IDLE_TIMEOUT_MS). */
  idleTimeoutMillis: number;
  /** PostgreSQL cancels a statement running longer (DATABASE_STATEMENT_TIMEOUT_MS; 0 = no limit). */
  statementTimeoutMillis: number;
  /** PostgreSQL ends a session idle inside an open transaction this long (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionTimeoutMillis: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  statementTimeoutMillis: 30_000,
  idleInTransactionTimeoutMillis: 60_000,
};

const ENV_NAMES: Record<keyof PoolSettings, string> = {
  max: 'DATABASE_POOL_MAX',
  connectionTimeoutMillis: 'DATABASE_CONNECT_TIMEOUT_MS',
  idleTimeoutMillis: 'DATABASE_IDLE_TIMEOUT_MS',
  statementTimeoutMillis: 'DATABASE_STATEMENT_TIMEOUT_MS',
  idleInTransactionTimeoutMillis: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
};

/** The defaults, with each one the environment sets (a whole number; the pool size at least 1). */
export function poolSettingsFromEnvironment(
  env: Record<string, string | undefined>,
  base: PoolSettings = DEFAULT_POOL_SETTINGS,
): PoolSettings {
  const settings = { ...base };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof PoolSettings>) {
    const name = ENV_NAMES[key];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    const least = key === 'max' ? 1 : 0;
    if (!Number.isInteger(value) || value < least) throw new Error(`${name} must be a whole number of at least ${least}, not "${raw}"`);
    settings[key] = value;
  }
  return settings;
}
