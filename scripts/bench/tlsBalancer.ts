import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HAPROXY, haproxyMissing } from '../../test/browser/clusterKit';
import { freePort } from '../../test/postgres/throwawayPostgres';

// The page loads of `npm run bench` as production serves them: over HTTPS with HTTP/2, through HAProxy terminating
// TLS in front of the instance (deploy/haproxy.cfg's TLS bind, `alpn h2,http/1.1`). A browser speaks HTTP/2 only
// over TLS, so the server's own plain port gives HTTP/1.1, on which Lighthouse's simulated mobile network opens a
// new connection (a handshake of its own) for each request the page sends at once. Nobody is served like that in
// production; the bench still measures it beside the HTTPS figures, for comparison with earlier reports.

export interface TlsBalancer {
  /** https://localhost:<port>: the certificate is self-signed, so the browser must ignore certificate errors. */
  url: string;
  close: () => Promise<void>;
}

/** Why the HTTPS load cannot be measured here (HAProxy or OpenSSL missing), or null when it can. */
export function tlsBalancerUnavailable(): string | null {
  const noHaproxy = haproxyMissing();
  if (noHaproxy) return noHaproxy;
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'no openssl command to make the certificate';
  }
  return null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** HAProxy on a free local port, TLS with a throw-away self-signed certificate, forwarding to `targetUrl`. */
export async function startTlsBalancer(targetUrl: string): Promise<TlsBalancer> {
  const target = new URL(targetUrl);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'fundflow-bench-tls-'));
  const key = path.join(workDir, 'key.pem');
  const cert = path.join(workDir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
    { stdio: 'ignore' },
  );
  // HAProxy takes the certificate and its key in one file.
  const pem = path.join(workDir, 'localhost.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  const port = await freePort();
  const config = path.join(workDir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '    log stderr format raw local0 err',
      'defaults',
      '    mode http',
      '    log global',
      '    timeout connect 5s',
      '    timeout client 30s',
      '    timeout server 30s',
      '    timeout tunnel 1h',
      'frontend public',
      `    bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
      '    http-request set-header X-Forwarded-Proto https',
      '    option forwardfor',
      '    default_backend instance',
      'backend instance',
      `    server app ${target.hostname}:${target.port}`,
      '',
    ].join('\n'),
  );
  let output = '';
  const haproxy: ChildProcess = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout!.on('data', (chunk) => (output += chunk));
  haproxy.stderr!.on('data', (chunk) => (output += chunk));
  const close = async () => {
    if (haproxy.exitCode === null) {
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (haproxy.exitCode !== null) break;
    if (await canConnect(port)) return { url: `https://localhost:${port}`, close };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await close();
  throw new Error(`HAProxy did not start on port ${port}:\n${output}`);
}
