import { existsSync } from 'node:fs';
import { ApiPaths } from '../../api/contract';

// HAProxy for the cluster test (cluster.test.ts): its configuration in front of two instances, and its own view
// of them from its stats page.

/** The HAProxy binary the cluster test and the bench's HTTPS page loads (scripts/bench/tlsBalancer.ts) run. */
export const HAPROXY = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';

/** Why HAProxy cannot run here, or null when it can. */
export function haproxyMissing(): string | null {
  return existsSync(HAPROXY) ? null : `no HAProxy at ${HAPROXY} (apt-get install -y haproxy, or set HAPROXY_BIN)`;
}

export function haproxyConfig(ports: { front: number; stats: number; a: number; b: number }): string {
  return `
global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # An open live-events socket is a tunnel: it may stay quiet between the server's pings (every 30 s).
  timeout tunnel 1h
  timeout http-keep-alive 5s
  timeout check 2s
  option forwardfor
  # A refused connection (a dead instance) or an empty answer on a reused connection is tried again on the
  # other instance. The API's money-moving call (the confirm) carries an Idempotency-Key, so a retry is safe.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend fundflow
  bind 127.0.0.1:${ports.front}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${ApiPaths.ready}
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 2
  server a 127.0.0.1:${ports.a}
  server b 127.0.0.1:${ports.b}

listen stats
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /stats
`;
}

export interface ServerStat {
  status: string;
  currentSessions: number;
}

/** HAProxy's own view of each instance (its stats page as CSV): UP or DOWN, and sessions open now. */
export async function serverStats(statsUrl: string): Promise<Record<string, ServerStat>> {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const stats: Record<string, ServerStat> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[at('pxname')] !== 'instances' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')])) continue;
    stats[cells[at('svname')]] = { status: cells[at('status')], currentSessions: Number(cells[at('scur')]) };
  }
  return stats;
}
