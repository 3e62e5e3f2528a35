import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, contactEmailOf, loadConfig, PLACEHOLDER_CONTACT_EMAIL, productionWarnings } from './config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.siteName).toBe('Ledger Commons');
    expect(c.database).toEqual({ client: 'sqlite', filename: path.join(dir, 'app.sqlite3') });
    expect(c.seedSample).toBe(true);
    expect(c.trustProxy).toEqual([]);
    expect(c.allowedHosts).toEqual([]);
    expect(c.pwaDir).toBeUndefined();
    expect(c.serverRendering).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SERVER_RENDERING: 'off' }).serverRendering).toBe(false);
  });

  it('reads the write limits and upload quotas (docs/security.md §12), with their documented defaults', () => {
    const defaults = loadConfig({ DATA_DIR: dir });
    expect(defaults.writeLimits).toEqual({
      comment: { perMinute: 10, perHour: 100 },
      discussion: { perMinute: 3, perHour: 20 },
      like: { perMinute: 60, perHour: 600 },
      upload: { perMinute: 10, perHour: 50 },
      staffFactor: 5,
    });
    expect(defaults.uploadQuota).toEqual({ memberBytes: 200 * 1_048_576, staffBytes: 10_000 * 1_048_576 });
    const set = loadConfig({ DATA_DIR: dir, WRITE_RATE_COMMENTS_PER_MINUTE: '2', WRITE_RATE_UPLOADS_PER_HOUR: '7', WRITE_RATE_STAFF_FACTOR: '3', UPLOAD_QUOTA_MB: '1' });
    expect([set.writeLimits.comment.perMinute, set.writeLimits.upload.perHour, set.writeLimits.staffFactor]).toEqual([2, 7, 3]);
    expect(set.uploadQuota.memberBytes).toBe(1_048_576);
    expect(() => loadConfig({ DATA_DIR: dir, WRITE_RATE_LIKES_PER_MINUTE: '0' })).toThrow(/WRITE_RATE_LIKES_PER_MINUTE/);
  });

  it('reads WORKERS (a number or auto) and the S3 bucket, which needs all four of its settings', () => {
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '0' })).toThrow(/WORKERS/);
    expect(loadConfig({ DATA_DIR: dir }).s3).toBeUndefined();
    const s3 = { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DATA_DIR: dir, ...s3 }).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: 'uploads' })).toThrow(/S3_ACCESS_KEY_ID: is required with S3_ENDPOINT, S3_BUCKET/);
  });

  it('reads PWA_DIR as the build to serve, resolved to an absolute path', () => {
    expect(loadConfig({ DATA_DIR: dir, PWA_DIR: 'build/copy' }).pwaDir).toBe(path.resolve('build/copy'));
  });

  it('keeps a generated development session secret under DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toHaveLength(64);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(a.sessionSecret);
  });

  it('reads DATABASE_URL as a file: path or a PostgreSQL URL', () => {
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'file:/tmp/x.sqlite3' }).database).toEqual({ client: 'sqlite', filename: '/tmp/x.sqlite3' });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({ client: 'pg', connectionString: 'postgres://u@h:5432/db' });
  });

  it('reads PUBLIC_URL as an http(s) origin without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://ledger.example/' }).publicUrl).toBe('https://ledger.example');
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'ledger.example' })).toThrow(/PUBLIC_URL/);
  });

  it('reads CONTACT_EMAIL; without it the contact address is contact@ the PUBLIC_URL domain, else a placeholder', () => {
    const env = { DATA_DIR: dir };
    expect(contactEmailOf(loadConfig({ ...env, CONTACT_EMAIL: 'hello@example.org', PUBLIC_URL: 'https://www.ledger.example.com' }))).toBe('hello@example.org');
    expect(contactEmailOf(loadConfig({ ...env, PUBLIC_URL: 'https://www.ledger.example.com/' }))).toBe('contact@ledger.example.com');
    for (const url of [undefined, 'http://localhost:3000', 'http://10.0.0.5:3000', 'http://[::1]:3000']) {
      expect(contactEmailOf(loadConfig({ ...env, ...(url ? { PUBLIC_URL: url } : {}) })), url).toBe(PLACEHOLDER_CONTACT_EMAIL);
    }
    expect(() => loadConfig({ ...env, CONTACT_EMAIL: 'not-an-address' })).toThrow(/CONTACT_EMAIL: must be an email address/);
  });

  it('reads TRUST_PROXY as a list of proxy addresses; `true` (trust anyone) is refused with a pointer to the list', () => {
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '' }).trustProxy).toEqual([]);
    // Production trusts nobody's X-Forwarded-* unless told.
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) }).trustProxy).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: `true` is no longer accepted.*e\.g\. TRUST_PROXY=127\.0\.0\.1/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1,proxy.local,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: not an IP address or CIDR range: proxy\.local, 10\.0\.0\.0\/33/,
    );
  });

  it('reads ALLOWED_HOSTS as host[:port] names, in one spelling', () => {
    expect(loadConfig({ DATA_DIR: dir, ALLOWED_HOSTS: 'Commons.Example.org, localhost:8080,[::1]:3000,example.org:80' }).allowedHosts).toEqual([
      'commons.example.org',
      'localhost:8080',
      '[::1]:3000',
      'example.org',
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, ALLOWED_HOSTS: 'https://x.example,a/b' })).toThrow(/ALLOWED_HOSTS: not a host or host:port: https:\/\/x\.example, a\/b/);
  });

  it('warns at start when production has no TLS proxy to trust or no https PUBLIC_URL', () => {
    const production = { env: 'production' as const, trustProxy: [], publicUrl: undefined };
    expect(productionWarnings({ ...production, env: 'development' })).toEqual([]);
    expect(productionWarnings(production).join('\n')).toMatch(/without TRUST_PROXY.*sign-in and registration will be refused/);
    expect(productionWarnings({ ...production, trustProxy: ['127.0.0.1'], publicUrl: 'http://ledger.example' }).join('\n')).toMatch(/https PUBLIC_URL/);
    expect(productionWarnings({ ...production, trustProxy: ['127.0.0.1'], publicUrl: 'https://ledger.example' })).toEqual([]);
  });

  it('reads WATCH_MAIL_INTERVAL_MS (ten minutes by default, a second to a day)', () => {
    expect(loadConfig({ DATA_DIR: dir }).watchMailIntervalMs).toBe(600_000);
    expect(loadConfig({ DATA_DIR: dir, WATCH_MAIL_INTERVAL_MS: '4000' }).watchMailIntervalMs).toBe(4_000);
    expect(() => loadConfig({ DATA_DIR: dir, WATCH_MAIL_INTERVAL_MS: '10' })).toThrow(/WATCH_MAIL_INTERVAL_MS: must be at least 1000/);
    expect(() => loadConfig({ DATA_DIR: dir, WATCH_MAIL_INTERVAL_MS: 'soon' })).toThrow(/WATCH_MAIL_INTERVAL_MS: must be a number of milliseconds/);
  });

  it('rejects bad values with one clear line per variable', () => {
    const bad = () =>
      loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: '123' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toMatch(/PORT:/);
      expect(msg).toMatch(/DATABASE_URL: must start with file: or postgres:\/\//);
      expect(msg).toMatch(/ADMIN_EMAIL: must be an email address/);
      expect(msg).toMatch(/ADMIN_PASSWORD: must be at least 6 characters/);
    }
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required when NODE_ENV=production/);
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD go together/);
  });

  it('the server refuses to start on a bad value, printing the message and exiting 1', () => {
    const r = spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: { ...process.env, PORT: '99999', DATA_DIR: dir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).toContain('PORT');
  });
});
