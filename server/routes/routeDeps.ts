import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { Metrics } from '../observability/metrics';
import type { Providers } from '../providers';
import type { SessionCheck } from '../http/sessionCheck';

/** What every route module receives from buildApp. */
export interface RouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  providers: Providers;
  config: ServerConfig;
  /** What the routes, jobs and live events count; absent: nothing is counted. */
  metrics?: Metrics;
  /** Whether an access token's session still stands; the auth routes tell it which sessions they ended. */
  sessions: SessionCheck;
}
