import type Koa from 'koa';
import type { Knex } from 'knex';
import { isStaffRole } from '../../contracts/constants';
import { hitWindow, unhitWindow, type CountedWindow } from '../db/counters';
import { tooManyRequests } from '../errors';
import type { PerMemberRule, WriteLimitConfig } from '../config';

export type { PerMemberRule, WriteLimitConfig };

/** The writes a member can repeat quickly enough to flood the site (docs/security.md §12). */
export type WriteAction = 'comment' | 'discussion' | 'like' | 'upload';



/** Far above what a person does by hand; a script hits them within seconds. */
export const DEFAULT_WRITE_LIMITS: WriteLimitConfig = {
  comment: { perMinute: 10, perHour: 100 },
  discussion: { perMinute: 3, perHour: 20 },
  like: { perMinute: 60, perHour: 600 },
  upload: { perMinute: 10, perHour: 50 },
  staffFactor: 5,
};

export const TOO_OFTEN = "You're doing that too often. Please wait a moment and try again.";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface LimitOptions {
  /**
   * Whether the finished request counts (default: it succeeded). A create that found its client id
   * already posted (200, not 201) wrote nothing and is given back.
   */
  counts?: (ctx: Koa.Context) => boolean;
}

/**
 * Per-member limits on writes, per minute and per hour, counted in the database so that every
 * process on it shares them (`db/counters.ts`). Mounted after `requireUser` and the body's
 * validation, so refused-by-validation requests never count; anonymous requests pass untouched.
 *
 * A request is counted before it runs (so parallel requests cannot all slip under the limit) and
 * given back if it is refused, fails, or wrote nothing. Replays answered by the Idempotency-Key
 * middleware never reach the route, so they neither count nor are refused.
 */
export class WriteLimiter {
  constructor(
    private readonly db: Knex,
    private readonly config: WriteLimitConfig = DEFAULT_WRITE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  limit(action: WriteAction, { counts = () => true }: LimitOptions = {}): Koa.Middleware {
    return async (ctx, next) => {
      const user = ctx.state.user;
      if (!user) return next();
      const rule = this.config[action];
      const factor = isStaffRole(user.role) ? this.config.staffFactor : 1;
      const at = this.now();
      const windows = [
        { key: `${action}:${user.id}:minute`, windowMs: MINUTE, limit: rule.perMinute * factor },
        { key: `${action}:${user.id}:hour`, windowMs: HOUR, limit: rule.perHour * factor },
      ];
      // The minute first, and the hour only for what the minute let through: a flood refused by
      // the minute never inflates the hour, so the hour cannot refuse (or name its end in
      // Retry-After) on behalf of requests that were never going to be written.
      const counted: { key: string; window: CountedWindow }[] = [];
      const giveBack = () => Promise.all(counted.map(({ key, window }) => unhitWindow(this.db, key, window)));
      for (const { key, windowMs, limit } of windows) {
        const window = await hitWindow(this.db, key, windowMs, at);
        counted.push({ key, window });
        if (window.count > limit) {
          await giveBack();
          throw tooManyRequests(Math.max(1, Math.ceil((window.endsAt - at) / 1000)), TOO_OFTEN);
        }
      }
      let keep = false;
      try {
        await next();
        keep = counts(ctx);
      } finally {
        // On an error the original error is what the client must see, not a failed give-back.
        if (!keep) await giveBack().catch(() => {});
      }
    };
  }
}

/** For creates that answer 201 when they wrote and 200 when the client id was already posted. */
export const countsWhenCreated = (ctx: Koa.Context) => ctx.status === 201;
