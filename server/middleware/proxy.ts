import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type Koa from 'koa';

declare module 'koa' {
  interface DefaultState {
    /** This request is the server's own API call made while rendering a page (see InternalCalls). */
    internalCall?: boolean;
  }
}

/** The headers a reverse proxy uses to say who the client is and what it asked for. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/** The addresses of the reverse proxies in TRUST_PROXY (IPs and CIDR ranges, IPv4 and IPv6). */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    this.empty = entries.length === 0;
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  /** IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) match their IPv4 entries. */
  trusts(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && !this.empty && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** `[2001:db8::1]:443` and `203.0.113.9:443` (some proxies add the client's port) lose the port. */
function withoutPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(hop);
  return v4 ? v4[1] : hop;
}

/**
 * The client's address behind trusted proxies: walking X-Forwarded-For from the right (each proxy
 * appends the address it was connected from), the first address that is not a trusted proxy. The
 * entries left of it were written by the client and could be anything. An entry that is not an IP
 * address ends the walk at the last address a trusted proxy vouched for.
 */
export function clientAddress(peer: string, forwardedFor: string, proxies: TrustedProxies): string {
  const hops = forwardedFor
    .split(',')
    .map((hop) => withoutPort(hop.trim()))
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0 && proxies.trusts(client); i--) {
    if (!isIP(hops[i])) break;
    client = hops[i];
  }
  return client;
}

/**
 * The server's own loopback requests (the API calls server rendering makes for a page) carry a
 * per-process random secret. Such a request stands for the page's visitor: it is treated as coming
 * through a trusted proxy, over HTTPS (so a session touched during it never meets "Cannot send
 * secure cookie over unencrypted connection"; the cookies it sets go nowhere anyway), with the
 * visitor's address and host. An outside client cannot forge it: the secret never leaves the
 * process, and it is only believed on a connection from this machine to itself.
 */
export class InternalCalls {
  static readonly HEADER = 'x-internal-call';
  private readonly secret = randomBytes(32);

  /** Headers for a loopback request made on behalf of `ctx`. */
  headersFor(ctx: Koa.Context): Record<string, string> {
    return {
      [InternalCalls.HEADER]: this.secret.toString('base64url'),
      'x-forwarded-proto': 'https',
      'x-forwarded-for': ctx.ip,
      'x-forwarded-host': ctx.host,
    };
  }

  /** Whether `ctx` is one of those requests; the header is removed either way. */
  recognise(ctx: Koa.Context): boolean {
    const given = ctx.get(InternalCalls.HEADER);
    if (!given) return false;
    delete ctx.req.headers[InternalCalls.HEADER];
    const socket = ctx.req.socket;
    const fromItself = Boolean(socket.remoteAddress) && socket.remoteAddress === socket.localAddress;
    const bytes = Buffer.from(given, 'base64url');
    return fromItself && bytes.length === this.secret.length && timingSafeEqual(bytes, this.secret);
  }
}

/**
 * Decides, before anything reads them, whether X-Forwarded-For/-Proto/-Host are believed: only
 * when the connection comes from an address in TRUST_PROXY (or is an internal call). Otherwise
 * they are removed from the request, so Koa (`ctx.protocol`, `ctx.host`, `ctx.secure`, cookies)
 * sees the connection as it is. `ctx.ip` is set here: the peer, or behind trusted proxies the
 * right-most X-Forwarded-For address that is not one of them. The app runs with Koa's `proxy`
 * on, so the headers that survive this step are read by Koa itself.
 */
export function forwardedHeaders(proxies: TrustedProxies, internal: InternalCalls): Koa.Middleware {
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    ctx.state.internalCall = internal.recognise(ctx);
    if (ctx.state.internalCall) {
      // The one address the server forwarded itself: the visitor's.
      ctx.request.ip = ctx.get('x-forwarded-for') || peer;
    } else if (proxies.trusts(peer)) {
      ctx.request.ip = clientAddress(peer, ctx.get('x-forwarded-for'), proxies);
    } else {
      for (const name of FORWARDED_HEADERS) delete ctx.req.headers[name];
      ctx.request.ip = peer;
    }
    await next();
  };
}
