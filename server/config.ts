import os from 'node:os';
import type { S3Config } from './storage/s3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { UploadQuota } from './api/uploads/quota';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Processes serving the port: a number, or `auto` for one per core.
    WORKERS: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], { error: "must be a number from 1 to 256, or 'auto'" })
      .default(1),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: z
      .string()
      .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), 'must start with file: or postgres://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    SITE_NAME: z.string().trim().min(1).max(100).default('Ledger Commons'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    PODCAST_OWNER_EMAIL: z.email('must be an email address').optional(),
    CONTACT_EMAIL: z.email('must be an email address').optional(),
    SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
    SEED: z.enum(['sample', 'none']).optional(),
    LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const entries = listOf(v);
        if (entries.length === 1 && entries[0] === 'false') return [];
        if (entries.includes('true')) {
          ctx.addIssue({
            code: 'custom',
            message:
              '`true` is no longer accepted (it trusted X-Forwarded-* from any client); list the addresses of your proxies instead, e.g. TRUST_PROXY=127.0.0.1,::1 or 10.0.0.0/8',
          });
          return z.NEVER;
        }
        const bad = entries.filter((e) => !isAddressOrCidr(e));
        if (bad.length) {
          ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${bad.join(', ')}` });
          return z.NEVER;
        }
        return entries;
      }),
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const entries = listOf(v);
        const bad = entries.filter((e) => !normalHost(e));
        if (bad.length) {
          ctx.addIssue({ code: 'custom', message: `not a host or host:port: ${bad.join(', ')}` });
          return z.NEVER;
        }
        return entries.map((e) => normalHost(e)!);
      }),
    AUTH_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    AUTH_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
    AUTH_RATE_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
    PWA_DIR: z.string().min(1).optional(),
    // Per-member write limits and upload space (docs/security.md §12).
    WRITE_RATE_COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    WRITE_RATE_COMMENTS_PER_HOUR: z.coerce.number().int().min(1).default(100),
    WRITE_RATE_DISCUSSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(3),
    WRITE_RATE_DISCUSSIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    WRITE_RATE_LIKES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    WRITE_RATE_LIKES_PER_HOUR: z.coerce.number().int().min(1).default(600),
    WRITE_RATE_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    WRITE_RATE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(50),
    WRITE_RATE_STAFF_FACTOR: z.coerce.number().int().min(1).default(5),
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).default(200),
    UPLOAD_QUOTA_STAFF_MB: z.coerce.number().int().min(0).default(10_000),
    // Uploads in an S3-compatible bucket (docs/deploy.md); unset: DATA_DIR/uploads.
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Mail (docs/mail.md): unset SMTP_URL writes .eml files outside production and turns mail off in it.
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .min(1)
      .refine((v) => !/[\r\n]/.test(v), 'must be one line')
      .refine((v) => /^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(v), 'must be an address or "Name <address>"')
      .optional(),
    PASSWORD_RESET_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    PASSWORD_RESET_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
    REQUIRE_2FA_FOR_STAFF: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(36_500, 'must be at most 36500 days (100 years)')
      .default(365),
    // The admin's 'Rebuild DB' deletes all content and members: refused in production unless this says so.
    ALLOW_SAMPLE_REBUILD: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    // Moderation (docs/moderation.md): trusted members' open reports, from as many addresses, that hide
    // an item until reviewed, and how old an account must be before its reports count toward that.
    REPORTS_TO_HIDE: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(3),
    REPORTER_MIN_AGE_HOURS: z.coerce.number({ error: 'must be a number of hours' }).int('must be a whole number of hours').min(0, 'must be 0 or more').default(24),
    SCHEDULE_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100 (milliseconds)')
      .max(60_000, 'must be at most 60000 (a scheduled item is published within a minute)')
      .default(15_000),
    WATCH_MAIL_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1_000, 'must be at least 1000 (milliseconds)')
      .max(86_400_000, 'must be at most 86400000 (a day)')
      .default(600_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((name) => env[name]);
    if (given.length > 0) {
      for (const name of s3.filter((n) => !env[n])) ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${given.join(', ')}` });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
  });

export type DatabaseConfig = { client: 'sqlite'; filename: string } | { client: 'pg'; connectionString: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Processes serving `port` (node:cluster); 1 is this process alone. */
  workers: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  admin?: { email: string; password: string };
  siteName: string;
  /** The site's public origin for feeds, share pages and the sitemap (default: from each request). */
  publicUrl?: string;
  /** The podcast feed's owner address (itunes:owner), which directories use to confirm a submission. */
  podcastOwnerEmail?: string;
  /** The address the Contact, Privacy and Terms pages give (default: see contactEmailOf). */
  contactEmail?: string;
  /** Render the public screens on the server (docs/performance.md, "Server rendering"); on by default. */
  serverRendering?: boolean;
  /** Seed sample data into an empty database at start (default: on except in production). */
  seedSample: boolean;
  logLevel: 'silent' | 'error' | 'info';
  /** How often the publishing job's holder looks for scheduled items that are due (SCHEDULE_POLL_MS). */
  schedulePollMs: number;
  /** A watched discussion's replies are mailed together once the oldest waited this long (WATCH_MAIL_INTERVAL_MS). */
  watchMailIntervalMs: number;
  /**
   * Addresses (IPs and CIDR ranges) of the reverse proxies whose X-Forwarded-For/-Proto/-Host are
   * believed; empty trusts nobody (server/middleware/proxy.ts).
   */
  trustProxy: string[];
  /**
   * Host names (host or host:port) requests may name besides the listen address, localhost and
   * PUBLIC_URL's host (server/middleware/security.ts, requireKnownHost).
   */
  allowedHosts: string[];
  /** Limits on login and registration attempts (docs/security.md). */
  rateLimits: AuthRateLimitConfig;
  /** The built PWA to serve; unset means the repository's dist/pwa. */
  pwaDir?: string;
  /** Per-member limits on comments, replies, discussions, likes and upload URLs (docs/security.md §12). */
  writeLimits: WriteLimitConfig;
  /** Bytes of uploads each member may keep (docs/security.md §12). */
  uploadQuota: UploadQuota;
  /** The bucket uploads live in; unset, they are files under `DATA_DIR/uploads`. */
  s3?: S3Config;
  /** How mail leaves (docs/mail.md): SMTP, `.eml` files under DATA_DIR/mail (development), or off. */
  mail: MailConfig;
  /** Password reset requests per email and per IP (docs/security.md §2). */
  passwordResetLimits: PasswordResetRateLimitConfig;
  /** Editors and admins must turn on two-step sign-in before doing anything else (docs/security.md §14). */
  requireTwoFactorForStaff: boolean;
  /** Days the audit log keeps an entry before the maintenance sweep removes it. */
  auditRetentionDays: number;
  /** ALLOW_SAMPLE_REBUILD: the sample-data rebuild is allowed even when `env` is production. */
  allowSampleRebuild: boolean;
  /** REPORTS_TO_HIDE / REPORTER_MIN_AGE_HOURS: the report threshold that hides an item, the account age from which a report counts toward it. */
  moderation: ModerationConfig;
}

export interface MailConfig {
  /** `smtp`: SMTP_URL; `files`: no SMTP_URL outside production; `off`: no SMTP_URL in production. */
  mode: 'smtp' | 'files' | 'off';
  smtpUrl?: string;
  /** The From header: MAIL_FROM, else the site's name at no-reply@ the domain of PUBLIC_URL (mailFromOf). */
  from: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig = !e.DATABASE_URL
    ? { client: 'sqlite', filename: path.join(dataDir, 'app.sqlite3') }
    : e.DATABASE_URL.startsWith('file:')
      ? { client: 'sqlite', filename: path.resolve(e.DATABASE_URL.slice('file:'.length)) }
      : { client: 'pg', connectionString: e.DATABASE_URL };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    workers: e.WORKERS === 'auto' ? os.availableParallelism() : e.WORKERS,
    host: e.HOST,
    dataDir,
    database,
    sessionSecret: e.SESSION_SECRET ?? devSecret(dataDir),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    siteName: e.SITE_NAME,
    publicUrl: e.PUBLIC_URL,
    podcastOwnerEmail: e.PODCAST_OWNER_EMAIL,
    contactEmail: e.CONTACT_EMAIL,
    serverRendering: e.SERVER_RENDERING === 'on',
    seedSample: e.SEED ? e.SEED === 'sample' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    schedulePollMs: e.SCHEDULE_POLL_MS,
    watchMailIntervalMs: e.WATCH_MAIL_INTERVAL_MS,
    trustProxy: e.TRUST_PROXY ?? [],
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    rateLimits: rateLimitsOf(e.AUTH_RATE_WINDOW_MINUTES * 60_000, e),
    pwaDir: e.PWA_DIR ? path.resolve(e.PWA_DIR) : undefined,
    writeLimits: {
      comment: { perMinute: e.WRITE_RATE_COMMENTS_PER_MINUTE, perHour: e.WRITE_RATE_COMMENTS_PER_HOUR },
      discussion: { perMinute: e.WRITE_RATE_DISCUSSIONS_PER_MINUTE, perHour: e.WRITE_RATE_DISCUSSIONS_PER_HOUR },
      like: { perMinute: e.WRITE_RATE_LIKES_PER_MINUTE, perHour: e.WRITE_RATE_LIKES_PER_HOUR },
      upload: { perMinute: e.WRITE_RATE_UPLOADS_PER_MINUTE, perHour: e.WRITE_RATE_UPLOADS_PER_HOUR },
      staffFactor: e.WRITE_RATE_STAFF_FACTOR,
    },
    uploadQuota: { memberBytes: e.UPLOAD_QUOTA_MB * 1_048_576, staffBytes: e.UPLOAD_QUOTA_STAFF_MB * 1_048_576 },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    mail: {
      mode: e.SMTP_URL ? 'smtp' : e.NODE_ENV === 'production' ? 'off' : 'files',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? mailFromOf(e.SITE_NAME, e.PUBLIC_URL),
    },
    passwordResetLimits: {
      requestsPerEmail: { limit: e.PASSWORD_RESET_RATE_PER_EMAIL, windowMs: e.AUTH_RATE_WINDOW_MINUTES * 60_000 },
      requestsPerIp: { limit: e.PASSWORD_RESET_RATE_PER_IP, windowMs: e.AUTH_RATE_WINDOW_MINUTES * 60_000 },
    },
    requireTwoFactorForStaff: e.REQUIRE_2FA_FOR_STAFF === 'true',
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    allowSampleRebuild: e.ALLOW_SAMPLE_REBUILD === 'true',
    moderation: { reportsToHide: e.REPORTS_TO_HIDE, reporterMinAgeHours: e.REPORTER_MIN_AGE_HOURS },
  };
}

/**
 * The default From: `"<SITE_NAME>" <no-reply@<domain of PUBLIC_URL>>` (without `www.`), else
 * `no-reply@localhost`, which a real mail server will likely refuse: set MAIL_FROM or PUBLIC_URL.
 */
export function mailFromOf(siteName: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname.replace(/^www\./, '') : '';
  const isDomainName = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  const name = siteName.replace(/[\r\n"\\]+/g, ' ').trim();
  return `"${name}" <no-reply@${isDomainName ? host : 'localhost'}>`;
}

/** A comma-separated list's entries, trimmed, without empty ones. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`. */
export function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * A Host header's value in one spelling (lower case, no default port), or undefined when it is not
 * a host name or address with an optional port. Hosts are compared, and pages kept, in this form.
 */
export function normalHost(host: string, protocol: 'http' | 'https' = 'http'): string | undefined {
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return undefined;
  try {
    const url = new URL(`${protocol}://${host}`);
    return url.host;
  } catch {
    return undefined;
  }
}

/**
 * What start-up should warn about: in production, Secure cookies need requests that arrived over
 * HTTPS, which this server (plain HTTP) only knows from a trusted proxy's X-Forwarded-Proto.
 */
export function productionWarnings(config: Pick<Config, 'env' | 'publicUrl' | 'trustProxy'> & Partial<Pick<Config, 'mail'>>): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (config.trustProxy.length === 0) {
    warnings.push(
      'NODE_ENV=production without TRUST_PROXY: no request counts as HTTPS, so sign-in and registration will be refused (403 https_required). Put a TLS-terminating proxy in front and list its address in TRUST_PROXY.',
    );
  }
  if (!config.publicUrl?.startsWith('https:')) {
    warnings.push('NODE_ENV=production without an https PUBLIC_URL: set PUBLIC_URL to the site\'s public https origin (links in feeds, pages and the sitemap use it).');
  }
  if (config.mail?.mode === 'off') {
    warnings.push('NODE_ENV=production without SMTP_URL: mail is off, so password reset is unavailable (docs/mail.md).');
  }
  return warnings;
}

function rateLimitsOf(
  windowMs: number,
  e: { AUTH_RATE_PER_EMAIL: number; AUTH_RATE_LOGIN_PER_IP: number; AUTH_RATE_REGISTER_PER_IP: number },
): AuthRateLimitConfig {
  return {
    loginFailuresPerEmail: { limit: e.AUTH_RATE_PER_EMAIL, windowMs },
    loginFailuresPerIp: { limit: e.AUTH_RATE_LOGIN_PER_IP, windowMs },
    registrationsPerEmail: { limit: e.AUTH_RATE_PER_EMAIL, windowMs },
    registrationsPerIp: { limit: e.AUTH_RATE_REGISTER_PER_IP, windowMs },
  };
}

/** Outside production, a secret is generated once and kept under DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Shown when neither CONTACT_EMAIL nor a PUBLIC_URL with a domain name says where mail goes (README). */
export const PLACEHOLDER_CONTACT_EMAIL = 'contact@ledgercommons.example';

/**
 * The site's contact address: CONTACT_EMAIL, else `contact@` the domain of PUBLIC_URL (without
 * `www.`), else a placeholder on the reserved `.example` domain that can never reach anyone.
 */
export function contactEmailOf(config: Pick<Config, 'contactEmail' | 'publicUrl'>): string {
  if (config.contactEmail) return config.contactEmail;
  const host = config.publicUrl ? new URL(config.publicUrl).hostname.replace(/^www\./, '') : '';
  const isDomainName = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');
  return isDomainName ? `contact@${host}` : PLACEHOLDER_CONTACT_EMAIL;
}

/*
 * The shapes of the limits and the moderation rule the config carries, defined here (the lowest layer)
 * and re-exported by the modules that apply them, so config.ts imports nothing above it.
 */

/** At most `limit` counted attempts per key in each window of `windowMs`. */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

/** The limits on signing in and signing up (see docs/security.md). */
export interface AuthRateLimitConfig {
  /** Failed logins per email address. */
  loginFailuresPerEmail: WindowRule;
  /** Failed logins per client IP. */
  loginFailuresPerIp: WindowRule;
  /** Registration attempts (successful or not) per email address. */
  registrationsPerEmail: WindowRule;
  /** Registration attempts (successful or not) per client IP. */
  registrationsPerIp: WindowRule;
}

/** Password reset requests: every request counts, per email and per IP, like a registration. */
export interface PasswordResetRateLimitConfig {
  requestsPerEmail: WindowRule;
  requestsPerIp: WindowRule;
}

export interface PerMemberRule {
  perMinute: number;
  perHour: number;
}

export interface WriteLimitConfig {
  /** News comments and forum replies together: both are a few lines posted under something. */
  comment: PerMemberRule;
  discussion: PerMemberRule;
  /** Likes and unlikes of articles and episodes (signed-in only: anonymous likes write nothing). */
  like: PerMemberRule;
  /** Upload URLs (`POST /api/objects/upload`): every upload needs one. */
  upload: PerMemberRule;
  /** Editors and admins get this many times each limit: they post and upload for the site. */
  staffFactor: number;
}

export interface ModerationConfig {
  /** REPORTS_TO_HIDE: trusted members' open reports, from as many addresses, that hide an item until reviewed. */
  reportsToHide: number;
  /** REPORTER_MIN_AGE_HOURS: how old an account must be for its reports to count toward hiding (0: any). */
  reporterMinAgeHours: number;
}
