import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import { now } from '../db/dialect';
import type { UserRow } from '../api/users/presenter';

export const SESSION_COOKIE = 'lc.sid';
/** Idle timeout: a session ends 30 days after its last request (rolling). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The expiry is pushed forward at most once an hour per session, so a busy user costs no write per request. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

export interface SessionData {
  userId?: string;
  [key: string]: unknown;
}

/**
 * koa-session with the `sessions` table as its store: the cookie holds only the (signed) session id.
 * `user_id` is kept in its own column so a user's sessions can be ended together.
 */
export function sessionMiddleware(app: Koa, db: Knex, opts: { secure: boolean }): Koa.Middleware {
  const koaSession = sessionWithStore(app, db, opts);
  return (ctx, next) => koaSession(ctx, () => refreshExpiry(ctx, next));
}

/**
 * Rolling idle timeout: a signed-in session used at least an hour after its expiry was last set is
 * saved again with a fresh 30 days. koa-session's own `rolling` would write on every request, and its
 * `renew` only in the last 15 days (an idle session could then end 15 days after its last use).
 */
async function refreshExpiry(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  const s = ctx.session as (Koa.Context['session'] & { _expire?: number }) | null;
  if (s?.userId && typeof s._expire === 'number' && s._expire - Date.now() < SESSION_MAX_AGE_MS - SESSION_REFRESH_MS) {
    // Setting maxAge is koa-session's public way to force a save with a new expiry.
    s.maxAge = SESSION_MAX_AGE_MS;
  }
  await next();
}

function sessionWithStore(app: Koa, db: Knex, opts: { secure: boolean }): Koa.Middleware {
  const store = {
    /** Reads the signed-in user's row in the same query, for loadUser (one query per request, not two). */
    async get(sid: string, _maxAge: unknown, { ctx }: { ctx: Koa.Context }) {
      const row = await db('sessions as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .where('s.sid', sid)
        .andWhere('s.expire', '>', now())
        .first('s.sess as session_data', 'u.*');
      if (!row) return undefined;
      const { session_data: data, ...user } = row as { session_data: string } & UserRow;
      try {
        const sess = JSON.parse(data) as SessionData;
        if (user.id && user.id === sess.userId) ctx.state.sessionUser = user;
        return sess;
      } catch {
        return undefined;
      }
    },
    async set(sid: string, sess: SessionData, maxAge: number) {
      const expire = new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS)).toISOString();
      const row = { sid, sess: JSON.stringify(sess), user_id: sess.userId ?? null, expire };
      await db('sessions').insert(row).onConflict('sid').merge(['sess', 'user_id', 'expire']);
    },
    async destroy(sid: string) {
      await db('sessions').where({ sid }).delete();
    },
  };
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: opts.secure,
      rolling: false,
      renew: false,
      store,
    } as Parameters<typeof session>[0],
    app,
  );
}

/** Deletes expired sessions; run at start and periodically. */
export async function purgeExpiredSessions(db: Knex): Promise<number> {
  return db('sessions').where('expire', '<=', now()).delete();
}

/** Ends every session of a user except, optionally, one (e.g. the admin making the change); returns how many. */
export async function endUserSessions(db: Knex, userId: string, exceptSid?: string): Promise<number> {
  const q = db('sessions').where({ user_id: userId });
  if (exceptSid) q.whereNot({ sid: exceptSid });
  return q.delete();
}
