import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { hitWindow, unhitWindow, type CountedWindow } from '../db/counters';
import { tooManyRequests } from '../errors';
import type { AuthRateLimitConfig, PasswordResetRateLimitConfig, WindowRule } from '../config';

export type { AuthRateLimitConfig, PasswordResetRateLimitConfig, WindowRule };
import { TWO_FACTOR_MESSAGES } from '../../contracts/two-factor';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../contracts/email-confirmations';



const DEFAULT_WINDOW_MS = 15 * 60 * 1000;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitConfig = {
  loginFailuresPerEmail: { limit: 10, windowMs: DEFAULT_WINDOW_MS },
  loginFailuresPerIp: { limit: 100, windowMs: DEFAULT_WINDOW_MS },
  registrationsPerEmail: { limit: 10, windowMs: DEFAULT_WINDOW_MS },
  registrationsPerIp: { limit: 20, windowMs: DEFAULT_WINDOW_MS },
};

const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please try again later.';
const TOO_MANY_REGISTRATIONS = 'Too many sign-up attempts. Please try again later.';

/** A counted attempt, which can be given back (in the window it was counted in only). */
export interface Attempt {
  succeeded(): Promise<void>;
}

/** What the auth routes need from a rate limiter (tests substitute their own). */
export interface AuthRateLimiter {
  /**
   * Counts a login attempt up front (so parallel guesses cannot all slip through before the first
   * failure is recorded); the caller gives it back with `succeeded()` when the password was right.
   * Rejects with 429 and Retry-After while the email or the IP is over its limit, right password or not.
   */
  beginLogin(ip: string, email: string): Promise<Attempt>;
  /** Counts a registration attempt; rejects with 429 and Retry-After when over a limit. */
  register(ip: string, email: string): Promise<void>;
  /**
   * Counts an attempt to accept an invitation (which creates an account) against the same per-IP
   * registration limit; rejects with 429 and Retry-After when over it.
   */
  acceptInvitation(ip: string): Promise<void>;
}

/**
 * The limits on the routes that take a password from anyone (login, register, accepting an
 * invitation, changing one's password). The counters are rows of `rate_limit_windows`
 * (`db/counters.ts`), so every process on the database counts together: failed logins
 * alternated between two processes meet one limit. An email is counted under a hash, so the table
 * holds no addresses. Each attempt is counted on every counter it touches, atomically per counter;
 * when one is over its limit, all are given back and the attempt is refused, so a refused request
 * counts nowhere.
 */
export class AuthRateLimits implements AuthRateLimiter {
  constructor(
    private readonly db: Knex,
    private readonly config: AuthRateLimitConfig = DEFAULT_AUTH_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async beginLogin(ip: string, email: string): Promise<Attempt> {
    const counted = await this.count(
      [
        [`login-email:${digest(email)}`, this.config.loginFailuresPerEmail],
        [`login-ip:${ip}`, this.config.loginFailuresPerIp],
      ],
      TOO_MANY_LOGINS,
    );
    return { succeeded: () => this.giveBack(counted) };
  }

  async register(ip: string, email: string): Promise<void> {
    await this.count(
      [
        [`register-email:${digest(email)}`, this.config.registrationsPerEmail],
        [`register-ip:${ip}`, this.config.registrationsPerIp],
      ],
      TOO_MANY_REGISTRATIONS,
    );
  }

  async acceptInvitation(ip: string): Promise<void> {
    // Per IP only: the invited address is fixed by the link, so a per-email count adds nothing.
    await this.count([[`register-ip:${ip}`, this.config.registrationsPerIp]], TOO_MANY_REGISTRATIONS);
  }

  private count(counters: Array<[key: string, rule: WindowRule]>, message: string): Promise<Counted[]> {
    return countAttempt(this.db, this.now(), counters, message);
  }

  private giveBack(counted: Counted[]): Promise<void> {
    return giveBack(this.db, counted);
  }
}


export const DEFAULT_PASSWORD_RESET_RATE_LIMITS: PasswordResetRateLimitConfig = {
  requestsPerEmail: { limit: 5, windowMs: DEFAULT_WINDOW_MS },
  requestsPerIp: { limit: 20, windowMs: DEFAULT_WINDOW_MS },
};

const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

/**
 * The limits on asking for a password reset link: per email, so nobody's inbox can be flooded with
 * links, and per IP, so one address cannot probe or mail many accounts. Counted in the same rows
 * and the same way as the sign-in limits above.
 */
export class PasswordResetLimits {
  constructor(
    private readonly db: Knex,
    private readonly config: PasswordResetRateLimitConfig = DEFAULT_PASSWORD_RESET_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request; rejects with 429 and Retry-After when the email or the IP is over its limit. */
  async request(ip: string, email: string): Promise<void> {
    await countAttempt(
      this.db,
      this.now(),
      [
        [`reset-email:${digest(email)}`, this.config.requestsPerEmail],
        [`reset-ip:${ip}`, this.config.requestsPerIp],
      ],
      TOO_MANY_RESETS,
    );
  }
}

/** Two-step sign-in (docs/security.md §14): wrong codes, per account and address and per account. */
export interface TwoFactorRateLimitConfig {
  /** Authenticator codes from one address at one account. */
  codesPerAccountAndIp: WindowRule;
  /** Authenticator codes at one account from every address together. */
  codesPerAccount: WindowRule;
  /** Recovery codes from one address at one account. */
  recoveryCodesPerAccountAndIp: WindowRule;
  /** Recovery codes at one account from every address together. */
  recoveryCodesPerAccount: WindowRule;
}

const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_TWO_FACTOR_RATE_LIMITS: TwoFactorRateLimitConfig = {
  codesPerAccountAndIp: { limit: 5, windowMs: DEFAULT_WINDOW_MS },
  codesPerAccount: { limit: 50, windowMs: HOUR_MS },
  recoveryCodesPerAccountAndIp: { limit: 5, windowMs: DEFAULT_WINDOW_MS },
  recoveryCodesPerAccount: { limit: 1000, windowMs: HOUR_MS },
};

/** Which of a member's codes is tried: one from the authenticator app, or a recovery code. */
export type TwoFactorCodeKind = 'code' | 'recovery';

/**
 * The limits on guessing a member's codes, wherever one is asked for: the login's second step,
 * confirming an enrolment, turning it off. Whoever guesses already knows the password, so the
 * limits punish the guessing address first: 5 wrong codes from one address refuse that address
 * alone, and the owner signs in from any other. The account's own bound (50 an hour: 1,200 a day,
 * each with a 3-in-a-million chance against a 6-digit code and its neighbouring steps) stops a
 * guesser spread over many addresses, and then refuses authenticator codes from everyone — but
 * recovery codes are counted apart, with a bound no guesser reaches by accident (1,000 an hour
 * against ten 50-bit codes), so the owner always has a way in. Counted in the shared rows like
 * the sign-in limits, so every process counts together, before the check and given back when the
 * code was right; a refused attempt counts nowhere, so a refused address adds nothing more to the
 * account's count.
 */
export class TwoFactorLimits {
  constructor(
    private readonly db: Knex,
    private readonly config: TwoFactorRateLimitConfig = DEFAULT_TWO_FACTOR_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a guess at `userId`'s `kind` of code from `ip` (an `ipKey`); rejects with 429 and Retry-After when over a limit. */
  async beginGuess(userId: string, ip: string, kind: TwoFactorCodeKind): Promise<Attempt> {
    const [perAddress, perAccount] =
      kind === 'code'
        ? [this.config.codesPerAccountAndIp, this.config.codesPerAccount]
        : [this.config.recoveryCodesPerAccountAndIp, this.config.recoveryCodesPerAccount];
    const counted = await countAttempt(
      this.db,
      this.now(),
      [
        [`two-factor-${kind}:${userId}:${ip}`, perAddress],
        [`two-factor-${kind}:${userId}`, perAccount],
      ],
      TWO_FACTOR_MESSAGES.tooManyCodes,
    );
    return { succeeded: () => giveBack(this.db, counted) };
  }
}

/** Confirmation mails a member asks for again (docs/security.md §13): per account and per IP. */
export interface EmailConfirmationRateLimitConfig {
  resendsPerAccount: WindowRule;
  resendsPerIp: WindowRule;
}

export const DEFAULT_EMAIL_CONFIRMATION_RATE_LIMITS: EmailConfirmationRateLimitConfig = {
  resendsPerAccount: { limit: 3, windowMs: HOUR_MS },
  resendsPerIp: { limit: 20, windowMs: HOUR_MS },
};

/**
 * The limits on "Resend confirmation email": per account, so nobody's inbox (nor the site's mail
 * reputation) can be flooded through one account, and per IP, so many accounts cannot be used
 * together. Counted in the database like the limits above, so every process counts together.
 */
export class EmailConfirmationLimits {
  constructor(
    private readonly db: Knex,
    private readonly config: EmailConfirmationRateLimitConfig = DEFAULT_EMAIL_CONFIRMATION_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a resend; rejects with 429 and Retry-After when the account or the IP is over its limit. */
  async resend(ip: string, userId: string): Promise<void> {
    await countAttempt(
      this.db,
      this.now(),
      [
        [`confirm-user:${userId}`, this.config.resendsPerAccount],
        [`confirm-ip:${ip}`, this.config.resendsPerIp],
      ],
      EMAIL_CONFIRMATION_MESSAGES.tooMany,
    );
  }
}

/** Counts an attempt on each counter; when one is over its limit, gives all back and throws 429. */
async function countAttempt(db: Knex, at: number, counters: Array<[key: string, rule: WindowRule]>, message: string): Promise<Counted[]> {
  const counted: Counted[] = [];
  for (const [key, rule] of counters) counted.push({ key, rule, window: await hitWindow(db, key, rule.windowMs, at) });
  const over = counted.filter(({ window, rule }) => window.count > rule.limit);
  if (over.length === 0) return counted;
  await giveBack(db, counted);
  const waitMs = Math.max(...over.map(({ window }) => window.endsAt - at));
  throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)), message);
}

async function giveBack(db: Knex, counted: Counted[]): Promise<void> {
  for (const { key, window } of counted) await unhitWindow(db, key, window);
}

interface Counted {
  key: string;
  rule: WindowRule;
  window: CountedWindow;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

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
