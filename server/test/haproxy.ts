import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/* HAProxy in front of app processes, for server/test/balancer.test.ts and `npm run soak -- --processes n`. */

/** Debian's haproxy (.ci/run installs it). */
export const HAPROXY = '/usr/sbin/haproxy';

/**
 * The HAProxy configuration of docs/deploy.md, for two app processes: round robin, health checks on
 * /api/health every half second, and a request whose connection failed sent to the other server.
 */
export function haproxyConfig(listen: number, servers: Array<{ name: string; host?: string; port: number }>): string {
  return `global
  maxconn 1000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-server-close
  option forwardfor
  option redispatch
  retries 2

frontend site
  bind 127.0.0.1:${listen}
  default_backend app

backend app
  balance roundrobin
  option httpchk
  # HTTP/1.1 naming the site's host (PUBLIC_URL's or one in ALLOWED_HOSTS): the app refuses unknown hosts.
  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host 127.0.0.1:${listen}
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${servers.map((s) => `  server ${s.name} ${s.host ?? '127.0.0.1'}:${s.port} check`).join('\n')}
`;
}

/** Starts haproxy in the foreground on `config` and waits until its frontend answers. */
export async function startHaproxy(dir: string, config: string, url: string): Promise<ChildProcess> {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`haproxy did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** A section to add to a configuration: HAProxy's statistics as CSV on `127.0.0.1:<port>/stats;csv`. */
export const statsListener = (port: number) => `
listen stats
  bind 127.0.0.1:${port}
  stats enable
  stats uri /stats
`;

/** Each server of backend `app` and the state HAProxy's checks give it now (`UP`, `DOWN`, …). */
export async function serverStates(statsPort: number): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) });
  const [header, ...rows] = (await res.text()).replace(/^# /, '').trim().split('\n').map((line) => line.split(','));
  const col = (name: string) => header.indexOf(name);
  const states: Record<string, string> = {};
  for (const row of rows) {
    if (row[col('pxname')] === 'app' && !['BACKEND', 'FRONTEND'].includes(row[col('svname')])) states[row[col('svname')]] = row[col('status')];
  }
  return states;
}
