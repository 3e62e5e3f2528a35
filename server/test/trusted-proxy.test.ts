import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, freshAuthLimits, startTestServer, type TestServer } from './harness';
import { rawRequest } from './raw-http';
import { loadConfig } from '../config';
import { AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimiter } from '../middleware/rate-limit';
import { clientAddress, TrustedProxies } from '../middleware/proxy';

const PER_IP = 5;
let limits: AuthRateLimits;
/** The keys (ipKey of the client address) the login route counted attempts under, in order. */
let counted: string[] = [];
const recording: AuthRateLimiter = {
  beginLogin: (ip, email) => {
    counted.push(ip);
    return limits.beginLogin(ip, email);
  },
  register: (ip, email) => limits.register(ip, email),
  acceptInvitation: (ip) => limits.acceptInvitation(ip),
};
/** Each test starts from empty counters on its server's database. */
const resetLimits = (t: () => TestServer) =>
  beforeEach(async () => {
    counted = [];
    limits = await freshAuthLimits(t(), { ...DEFAULT_AUTH_RATE_LIMITS, loginFailuresPerIp: { limit: PER_IP, windowMs: 15 * 60_000 } });
  });

let n = 0;
/** A failed login (unknown email, so the per-email limit never interferes) with the given headers. */
const failedLogin = (t: TestServer, headers: Record<string, string>) =>
  rawRequest(t.url, '/api/auth/login', { method: 'POST', headers, body: { email: `nobody-${++n}@example.com`, password: 'wrong-password' } });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-trusted-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(DB_KINDS)('trusted proxies [%s]', (kind) => {
  describe('with the production default (no TRUST_PROXY: nobody is trusted)', () => {
    let t: TestServer;
    beforeAll(async () => {
      // What a production start without TRUST_PROXY configures: no client is trusted.
      const { trustProxy } = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DATA_DIR: dataDir });
      t = await startTestServer(kind, { trustProxy, rateLimits: recording });
    }, 60_000);
    afterAll(() => t?.close());
    resetLimits(() => t);

    it('a rotating X-Forwarded-For cannot escape the per-IP login limit', async () => {
      for (let i = 0; i < PER_IP; i++) {
        const res = await failedLogin(t, { 'x-forwarded-for': `198.51.100.${i + 1}` });
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      const blocked = await failedLogin(t, { 'x-forwarded-for': '198.51.100.200' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_requests');
      // Every attempt was counted under the connection's own address.
      expect(new Set(counted.map((ip) => ip.replace(/^::ffff:/, '')))).toEqual(new Set(['127.0.0.1']));
    });
  });

  describe('with a trusted proxy chain (TRUST_PROXY=127.0.0.1,::1,10.0.0.0/8)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { trustProxy: ['127.0.0.1', '::1', '10.0.0.0/8'], rateLimits: recording });
    }, 60_000);
    afterAll(() => t?.close());
    resetLimits(() => t);

    it('counts the client the proxy names in X-Forwarded-For', async () => {
      await failedLogin(t, { 'x-forwarded-for': '203.0.113.7' });
      await failedLogin(t, { 'x-forwarded-for': '2001:db8:1:2::99' });
      // (IPv6 clients count per /64: ipKey.)
      expect(counted).toEqual(['203.0.113.7', '2001:db8:1:2::/64']);
    });

    it('takes the right-most address that is not a trusted proxy; what the client wrote left of it is ignored', async () => {
      await failedLogin(t, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.2.3' });
      await failedLogin(t, { 'x-forwarded-for': 'not-an-ip, 203.0.113.8' });
      expect(counted).toEqual(['203.0.113.7', '203.0.113.8']);
    });

    it('a client rotating the entries it controls still hits its limit, and other clients do not', async () => {
      for (let i = 0; i < PER_IP; i++) {
        expect((await failedLogin(t, { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.9` })).status).toBe(401);
      }
      expect((await failedLogin(t, { 'x-forwarded-for': '198.51.100.99, 203.0.113.9' })).status).toBe(429);
      expect((await failedLogin(t, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(401);
    });

    it('an entry a trusted proxy would never write ends the walk at the last address it vouched for', async () => {
      await failedLogin(t, { 'x-forwarded-for': '203.0.113.7, garbage' });
      expect(counted.map((ip) => ip.replace(/^::ffff:/, ''))).toEqual(['127.0.0.1']);
    });
  });

  describe('with TRUST_PROXY naming other addresses than the peer', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { trustProxy: ['10.0.0.0/8', 'fd00::/8'], rateLimits: recording });
    }, 60_000);
    afterAll(() => t?.close());
    resetLimits(() => t);

    it('ignores X-Forwarded-For from the untrusted peer', async () => {
      for (let i = 0; i < PER_IP; i++) await failedLogin(t, { 'x-forwarded-for': `10.0.0.${i + 1}` });
      expect((await failedLogin(t, { 'x-forwarded-for': '10.0.0.99' })).status).toBe(429);
    });
  });
});

describe('client address behind trusted proxies', () => {
  const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  it('matches IPv4 and IPv6 addresses and ranges, IPv4-mapped IPv6 included', () => {
    expect(proxies.trusts('127.0.0.1')).toBe(true);
    expect(proxies.trusts('::ffff:127.0.0.1')).toBe(true);
    expect(proxies.trusts('10.200.3.4')).toBe(true);
    expect(proxies.trusts('fd12:3456::1')).toBe(true);
    expect(proxies.trusts('127.0.0.2')).toBe(false);
    expect(proxies.trusts('11.0.0.1')).toBe(false);
    expect(proxies.trusts('fe80::1')).toBe(false);
    expect(proxies.trusts('garbage')).toBe(false);
    expect(new TrustedProxies([]).trusts('127.0.0.1')).toBe(false);
  });

  it('walks X-Forwarded-For from the right past trusted proxies, dropping ports', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', proxies)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.7:5123, 10.0.0.2', proxies)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '[2001:db8::5]:443, fd00::2', proxies)).toBe('2001:db8::5');
    // Every hop trusted: the left-most is the client.
    expect(clientAddress('127.0.0.1', '10.0.0.9, 10.0.0.2', proxies)).toBe('10.0.0.9');
    expect(clientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1');
    // An untrusted peer's header is not read at all.
    expect(clientAddress('198.51.100.1', '203.0.113.7', proxies)).toBe('198.51.100.1');
  });
});
