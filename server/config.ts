import type { MetricsConfig } from './observability/observability';

/** sandbox: every external service is simulated and demo logins work. live: real providers, demo logins refused. */
export type FundflowMode = 'sandbox' | 'live';

export interface ServerConfig {
  mode: FundflowMode;
  /** HMAC key for access tokens (at least 32 characters). */
  authSecret: string;
  /** Built web app to serve; null or a missing folder serves a "run npm run build" page instead. */
  distDir?: string | null;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel?: string;
  /** Where logs go (a pino destination); stdout when absent. Tests pass a collector. */
  logStream?: { write: (line: string) => void };
  /**
   * Whether the refresh cookie carries `Secure`. 'auto': yes, unless the request is addressed to a loopback
   * host (localhost, 127.0.0.1, [::1]), where browsers and tests speak plain HTTP.
   */
  cookieSecure?: 'auto' | boolean;
  /** Trust X-Forwarded-* from a load balancer (protocol, client address). */
  trustProxy?: boolean;
  /**
   * Lifetime of a sandbox partner link token for a new link, in seconds (Plaid: 4 hours); update-mode tokens
   * live at most 30 minutes. Tests shorten it to watch a token expire.
   */
  linkTokenTtlSeconds?: number;
  /**
   * How much faster than real time bank deposits reach the bank and settle (SETTLEMENT_SPEED): 1 (default)
   * is real time, 1440 turns each day into a minute for demos. Debit-card deposits settle at once anyway.
   */
  settlementSpeed?: number;
  /**
   * The operator's configuration file of flags and market restrictions (FUNDFLOW_CONFIG_FILE), read again
   * whenever it changes, over the app_config table. Null or absent: the table alone.
   */
  configFile?: string | null;
  /** METRICS_TOKEN and METRICS_PORT: how /metrics is reached; absent, it is not served (404). */
  metrics?: MetricsConfig;
}

/** Largest body of the statement upload route: a 10 MiB PDF is about 14 MB in base64, plus the JSON around it. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const MIN_AUTH_SECRET_LENGTH = 32;

/** SETTLEMENT_SPEED: a number of at least 1; empty or absent is real time. */
export function parseSettlementSpeed(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const speed = Number(value);
  if (!Number.isFinite(speed) || speed < 1) throw new Error(`SETTLEMENT_SPEED must be a number of at least 1, not "${value}"`);
  return speed;
}

export function parseMode(value: string | undefined): FundflowMode {
  if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
  if (value === 'live') return 'live';
  throw new Error(`FUNDFLOW_MODE must be "sandbox" or "live", not "${value}"`);
}
