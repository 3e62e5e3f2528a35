import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * A throwaway PostgreSQL cluster of its own (initdb in a temporary directory, run as the postgres
 * user), for a test whose database host is another machine (server/test/two-machines.test.ts).
 */

/** The newest PostgreSQL server binaries Debian installed (postgresql-<n>). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

export interface Cluster {
  /** Where its Unix socket is: reachable from any namespace, for the test's own checks. */
  socketDir: string;
  /** A connection URL for database `name` over the socket. */
  socketUrl(name: string): string;
  stop(): void;
}

/**
 * Makes a cluster in `dir` (which becomes the postgres user's) and starts it with `prefix` (e.g.
 * `ip netns exec <ns>`) listening on `listen`, trusting clients from `allow` (a CIDR). Each step is
 * bounded (60 s).
 */
export function startCluster({ dir, listen, allow, prefix = [] }: { dir: string; listen: string; allow: string; prefix?: string[] }): Cluster {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries are missing under /usr/lib/postgresql (apt-get install postgresql)');
  const run = ([command, ...args]: string[]) => execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, encoding: 'utf8' });
  chownSync(dir, Number(run(['id', '-u', 'postgres']).trim()), Number(run(['id', '-g', 'postgres']).trim()));
  const data = path.join(dir, 'data');
  const asPostgres = (command: string, args: string[], where: string[] = []) =>
    run([...where, 'runuser', '-u', 'postgres', '--', path.join(bin, command), ...args]);
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${allow} trust\n`);
  // The test is about the network, not the disk: no fsync (the cluster is thrown away).
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    `listen_addresses = '${listen}'\nunix_socket_directories = '${dir}'\nfsync = off\nmax_connections = 100\n`,
  );
  asPostgres('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(dir, 'postgres.log')], prefix);
  return {
    socketDir: dir,
    socketUrl: (name) => `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}`,
    stop() {
      if (existsSync(path.join(data, 'postmaster.pid'))) asPostgres('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]);
    },
  };
}
