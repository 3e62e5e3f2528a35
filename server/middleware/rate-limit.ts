import { tooManyRequests } from '../errors';

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

const DEFAULT_WINDOW_MS = 15 * 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitConfig = {
  loginFailuresPerEmail: { limit: 10, windowMs: DEFAULT_WINDOW_MS },
  loginFailuresPerIp: { limit: 100, windowMs: DEFAULT_WINDOW_MS },
  registrationsPerEmail: { limit: 10, windowMs: DEFAULT_WINDOW_MS },
  registrationsPerIp: { limit: 20, windowMs: DEFAULT_WINDOW_MS },
};

/** A limiter can remember this many keys; past it, the oldest windows are forgotten first. */
const MAX_KEYS = 100_000;

interface Window {
  start: number;
  count: number;
}

/** A counted attempt, which can be given back while its window lasts. */
export interface Hit {
  refund(): void;
}

/**
 * Fixed-window counters kept in this process's memory. Counts are lost on restart and are not
 * shared between processes: see docs/security.md for why that is enough here.
 *
 * Memory stays bounded: a key whose window has ended is dropped, and the map never holds more than
 * `maxKeys` keys. Windows are re-inserted when they restart, so the map's insertion order is the
 * order in which windows end, and pruning only ever looks at its front.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rule: WindowRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  retryAfterMs(key: string): number {
    const w = this.current(key);
    return w && w.count >= this.rule.limit ? w.start + this.rule.windowMs - this.now() : 0;
  }

  /** Counts one attempt for `key` (call only after `retryAfterMs(key)` said 0). */
  hit(key: string): Hit {
    let w = this.current(key);
    if (!w) {
      this.prune();
      w = { start: this.now(), count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    const counted = w;
    return {
      refund: () => {
        // Only within the same window: a refund must never lower a later window's count.
        if (this.windows.get(key) === counted && counted.count > 0) counted.count--;
      },
    };
  }

  /** The key's window if it has not ended yet. */
  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= this.rule.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, w] of this.windows) {
      if (now - w.start < this.rule.windowMs && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please try again later.';
const TOO_MANY_REGISTRATIONS = 'Too many sign-up attempts. Please try again later.';

/** What the auth routes need from a rate limiter (tests substitute their own). */
export interface AuthRateLimiter {
  /**
   * Counts a login attempt up front (so parallel guesses cannot all slip through before the first
   * failure is recorded); the caller gives it back with `succeeded()` when the password was right.
   * Throws 429 with Retry-After while the email or the IP is over its limit, right password or not.
   */
  beginLogin(ip: string, email: string): { succeeded(): void };
  /** Counts a registration attempt; throws 429 with Retry-After when over a limit. */
  register(ip: string, email: string): void;
  /**
   * Counts an attempt to accept an invitation (which creates an account) against the same per-IP
   * registration limit; throws 429 with Retry-After when over it.
   */
  acceptInvitation(ip: string): void;
}

/**
 * The limits on the two routes that take a password from anyone: `POST /api/auth/login` and
 * `POST /api/auth/register`. Each check looks at every counter first and only then counts, so a
 * refused request counts nowhere and checking plus counting happen with no `await` in between.
 */
export class AuthRateLimits implements AuthRateLimiter {
  private readonly loginEmail: FixedWindowLimiter;
  private readonly loginIp: FixedWindowLimiter;
  private readonly registerEmail: FixedWindowLimiter;
  private readonly registerIp: FixedWindowLimiter;

  constructor(config: AuthRateLimitConfig = DEFAULT_AUTH_RATE_LIMITS, now: () => number = Date.now) {
    this.loginEmail = new FixedWindowLimiter(config.loginFailuresPerEmail, now);
    this.loginIp = new FixedWindowLimiter(config.loginFailuresPerIp, now);
    this.registerEmail = new FixedWindowLimiter(config.registrationsPerEmail, now);
    this.registerIp = new FixedWindowLimiter(config.registrationsPerIp, now);
  }

  beginLogin(ip: string, email: string): { succeeded(): void } {
    const hits = checkThenHit(
      [
        [this.loginEmail, email],
        [this.loginIp, ip],
      ],
      TOO_MANY_LOGINS,
    );
    return { succeeded: () => hits.forEach((h) => h.refund()) };
  }

  register(ip: string, email: string): void {
    checkThenHit(
      [
        [this.registerEmail, email],
        [this.registerIp, ip],
      ],
      TOO_MANY_REGISTRATIONS,
    );
  }

  acceptInvitation(ip: string): void {
    // Per IP only: the invited address is fixed by the link, so a per-email count adds nothing.
    checkThenHit([[this.registerIp, ip]], TOO_MANY_REGISTRATIONS);
  }
}

function checkThenHit(counters: [FixedWindowLimiter, string][], message: string): Hit[] {
  const waitMs = Math.max(...counters.map(([limiter, key]) => limiter.retryAfterMs(key)));
  if (waitMs > 0) throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)), message);
  return counters.map(([limiter, key]) => limiter.hit(key));
}

/**
 * The key a client IP is counted under. IPv4 (also IPv4-mapped IPv6) counts per address; IPv6
 * per /64, since one subscriber is usually given a whole /64 and could otherwise rotate addresses.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail] = ip.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
