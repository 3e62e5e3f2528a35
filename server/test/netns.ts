import { execFileSync } from 'node:child_process';

/*
 * Network namespaces as machines, for server/test/two-machines.test.ts. Every namespace is named
 * `lc-<pid>-<host>`, so a run only ever touches its own (and those of runs whose process is gone);
 * addresses are given only to interfaces inside them, plus the root ends of the links the balancer
 * (in the root namespace) reaches the app hosts through.
 */

export const IP = '/usr/sbin/ip';

const ip = (...args: string[]) => execFileSync(IP, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Whether this process may make namespaces and veth pairs (root with CAP_SYS_ADMIN and CAP_NET_ADMIN). */
export function canMakeNamespaces(): { ok: true } | { ok: false; reason: string } {
  const probe = `lc-${process.pid}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('-n', probe, 'link', 'add', 'p0', 'type', 'veth', 'peer', 'name', 'p1');
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as { stderr?: string }).stderr?.trim() || (err as Error).message };
  } finally {
    try {
      ip('netns', 'del', probe);
    } catch {
      // never made
    }
  }
}

/** Namespaces left by runs that were killed before their cleanup: their process is gone. */
export function removeOrphans(): void {
  for (const line of ip('netns', 'list').split('\n')) {
    const match = /^(lc-(\d+)-[\w-]+)/.exec(line.trim());
    if (!match || alive(Number(match[2]))) continue;
    try {
      ip('netns', 'del', match[1]);
    } catch {
      // removed meanwhile
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a.b.c.d/len overlaps any route of the root namespace (an address range already in use here). */
function rangeInUse(cidr: string): boolean {
  const toRange = (text: string): [number, number] => {
    const [address, bits = '32'] = text.split('/');
    const n = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    const size = 2 ** (32 - Number(bits));
    const start = n - (n % size);
    return [start, start + size - 1];
  };
  const [lo, hi] = toRange(cidr);
  return ip('-4', 'route', 'show', 'table', 'all')
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((dest) => /^\d+\.\d+\.\d+\.\d+(\/\d+)?$/.test(dest ?? ''))
    .some((dest) => {
      const [l, h] = toRange(dest);
      return l <= hi && lo <= h;
    });
}

export interface Endpoint {
  /** Namespace of this end; undefined is the root namespace. */
  ns?: string;
  dev: string;
  /** With its prefix length, e.g. 10.213.0.1/24; none for a port of a bridge. */
  address?: string;
  /** A bridge (in the same namespace) this end is plugged into. */
  bridge?: string;
}

/** The namespaces of one run and the links between them; `destroy` removes them all. */
export class Machines {
  readonly prefix = `lc-${process.pid}`;
  private readonly made: string[] = [];

  /** Makes namespace `lc-<pid>-<host>` with its loopback up; returns its name. */
  host(name: string): string {
    const ns = `${this.prefix}-${name}`;
    ip('netns', 'add', ns);
    this.made.push(ns);
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    return ns;
  }

  bridge(ns: string, dev: string, address: string): void {
    ip('-n', ns, 'link', 'add', 'name', dev, 'type', 'bridge');
    ip('-n', ns, 'addr', 'add', address, 'dev', dev);
    ip('-n', ns, 'link', 'set', 'dev', dev, 'up');
  }

  /** A cable: a veth pair from one end to the other, both up. */
  link(one: Endpoint, other: Endpoint): void {
    const at = (e: Endpoint) => (e.ns ? ['-n', e.ns] : []);
    // Made in `one`'s namespace with the peer in `other`'s (this process's for the root namespace), so
    // names only have to be unique per namespace.
    ip(...at(one), 'link', 'add', 'name', one.dev, 'type', 'veth', 'peer', 'name', other.dev, 'netns', other.ns ?? String(process.pid));
    for (const e of [one, other]) {
      if (e.address) ip(...at(e), 'addr', 'add', e.address, 'dev', e.dev);
      if (e.bridge) ip(...at(e), 'link', 'set', 'dev', e.dev, 'master', e.bridge);
      ip(...at(e), 'link', 'set', 'dev', e.dev, 'up');
    }
  }

  /** Unplugs (`down`) or plugs back (`up`) one end of a cable: the other end's packets are then dropped, as on a cut cable. */
  set(end: Pick<Endpoint, 'ns' | 'dev'>, state: 'up' | 'down'): void {
    ip(...(end.ns ? ['-n', end.ns] : []), 'link', 'set', 'dev', end.dev, state);
  }

  /** The command that runs what follows it inside namespace `ns`. */
  within(ns: string): string[] {
    return [IP, 'netns', 'exec', ns];
  }

  /** Removes every namespace this run made (their veth pairs go with them, root ends included). */
  destroy(): void {
    const failed: string[] = [];
    for (const ns of this.made.splice(0).reverse()) {
      try {
        ip('netns', 'del', ns);
      } catch (err) {
        failed.push(`${ns}: ${(err as Error).message}`);
      }
    }
    if (failed.length) throw new Error(`could not remove namespaces:\n${failed.join('\n')}`);
  }

  /** Namespaces of this run still present (for the test's own check that cleanup works). */
  static present(prefix: string): string[] {
    return ip('netns', 'list')
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0])
      .filter((name) => name?.startsWith(`${prefix}-`));
  }
}

/**
 * A /29 under 10.213.0.0/16 for the balancer's two links (two /30s), not overlapping any route of the
 * root namespace: chosen from the pid, the next free one if taken. At most 200 tries.
 */
export function frontRange(): number {
  for (let i = 0; i < 200; i++) {
    const third = 16 + ((process.pid + i) % 200);
    if (!rangeInUse(`10.213.${third}.0/29`)) return third;
  }
  throw new Error('no free /29 under 10.213.16.0–10.213.215.0 in the root namespace');
}
