import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import { now, toBool, toIso } from '../db/dialect';
import { HttpError } from '../errors';
import type { UserRow } from '../api/users/presenter';
import type { CacheCoherence } from '../db/coherence';
import { SESSION_ENDED_HEADER, SITE_RESET_SESSION_END } from '../../contracts/admin';

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
export function sessionMiddleware(app: Koa, db: Knex, opts: { secure: boolean; cache?: SessionCache; clock?: () => number }): Koa.Middleware {
  const koaSession = sessionWithStore(app, db, opts);
  const lastSeen = new LastSeen(db, opts.clock ?? Date.now);
  return (ctx, next) =>
    koaSession(ctx, async () => {
      endResetSession(ctx, opts);
      await lastSeen.note(ctx);
      await refreshExpiry(ctx, next, opts);
    });
}

/**
 * A member whose account a sample-data rebuild deleted still has their session row, turned into a
 * marker with no user (api/admin/repo.ts). Their next request is answered as a visitor's, says why
 * in `Session-Ended: site-reset` (the PWA then shows "The site's data was reset; please sign in
 * again"), and ends the marker and the cookie. Without a Secure-capable request (plain HTTP in
 * production) the cookie cannot be cleared, so the marker waits for its own expiry.
 */
function endResetSession(ctx: Koa.Context, opts: { secure: boolean }): void {
  const s = ctx.session as SessionData | null;
  if (s?.endedBy !== SITE_RESET_SESSION_END) return;
  ctx.set(SESSION_ENDED_HEADER, SITE_RESET_SESSION_END);
  if (!opts.secure || ctx.secure) ctx.session = null;
}

/** `users.last_seen_at` is written at most this often per user. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
/**
 * A request this long after the member's last one begins a new visit (docs/home.md, "Visits"): the
 * home's "since your last visit" is drawn at the end of the previous one. Half an hour is the
 * usual web-analytics session gap; reading one long article stays one visit.
 */
export const VISIT_GAP_MS = 30 * 60 * 1000;

/**
 * The users table's "Last seen", and the end of the member's previous visit (`previous_visit_at`,
 * moved when a request comes VISIT_GAP_MS or more after the last one): one conditional UPDATE when the signed-in user's stored time is
 * older than LAST_SEEN_EVERY_MS, never one per request. The row read with the session says when it
 * was last written; this process also remembers its own writes (the session cache may hand it an
 * older copy of the row), and the UPDATE's own condition keeps several processes to one write.
 */
class LastSeen {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Knex,
    private readonly clock: () => number,
  ) {}

  async note(ctx: Koa.Context): Promise<void> {
    const user = ctx.state.sessionUser;
    const userId = (ctx.session as SessionData | null)?.userId;
    if (!user || user.id !== userId || ctx.state.internalCall) return;
    const at = this.clock();
    const stored = user.last_seen_at ? Date.parse(toIso(user.last_seen_at)!) : 0;
    const since = Math.max(stored, this.written.get(user.id) ?? 0);
    if (at - since < LAST_SEEN_EVERY_MS) return;
    if (this.written.size >= 10_000) this.written.clear();
    this.written.set(user.id, at);
    const threshold = new Date(at - LAST_SEEN_EVERY_MS).toISOString();
    const visitGap = new Date(at - VISIT_GAP_MS).toISOString();
    // The same statement moves the previous visit's end when this request begins a new visit,
    // judged by the stored time (not this process's copy), so several processes agree.
    await this.db('users')
      .where('id', user.id)
      .andWhere((w) => w.whereNull('last_seen_at').orWhere('last_seen_at', '<=', threshold))
      .update({
        last_seen_at: new Date(at).toISOString(),
        previous_visit_at: this.db.raw('case when last_seen_at is not null and last_seen_at <= ? then last_seen_at else previous_visit_at end', [visitGap]),
      });
  }
}

/**
 * Rolling idle timeout: a signed-in session used at least an hour after its expiry was last set is
 * saved again with a fresh 30 days. koa-session's own `rolling` would write on every request, and its
 * `renew` only in the last 15 days (an idle session could then end 15 days after its last use).
 *
 * Not refreshed: on the server's own render calls (the new cookie would go to the server, not the
 * browser, whose cookie would then expire before the row: the browser's next request of its own
 * refreshes both), and when a Secure cookie cannot be sent (plain HTTP in production).
 */
async function refreshExpiry(ctx: Koa.Context, next: Koa.Next, opts: { secure: boolean }): Promise<void> {
  const s = ctx.session as (Koa.Context['session'] & { _expire?: number }) | null;
  const canSetCookie = !opts.secure || ctx.secure;
  if (
    s?.userId &&
    canSetCookie &&
    !ctx.state.internalCall &&
    typeof s._expire === 'number' &&
    s._expire - Date.now() < SESSION_MAX_AGE_MS - SESSION_REFRESH_MS
  ) {
    // Setting maxAge is koa-session's public way to force a save with a new expiry.
    s.maxAge = SESSION_MAX_AGE_MS;
  }
  await next();
}

function sessionWithStore(app: Koa, db: Knex, opts: { secure: boolean; cache?: SessionCache }): Koa.Middleware {
  const cache = opts.cache;
  const store = {
    /** Reads the signed-in user's row in the same query, for loadUser (one query per request, not two). */
    async get(sid: string, _maxAge: unknown, { ctx }: { ctx: Koa.Context }) {
      const found = (await cache?.get(sid)) ?? (await readSession(db, sid, cache));
      if (!found) return undefined;
      try {
        const sess = JSON.parse(found.data) as SessionData;
        // A copy: what a request does with its user never reaches the next one through the cache.
        if (found.user && found.user.id === sess.userId) ctx.state.sessionUser = { ...found.user };
        return sess;
      } catch {
        return undefined;
      }
    },
    async set(sid: string, sess: SessionData, maxAge: number) {
      const expire = new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS)).toISOString();
      const row = { sid, sess: JSON.stringify(sess), user_id: sess.userId ?? null, expire };
      await db('sessions').insert(row).onConflict('sid').merge(['sess', 'user_id', 'expire']);
      // After the write: a read of the old row that overlapped it is not kept either (the generation).
      cache?.forget(sid);
    },
    async destroy(sid: string) {
      await db('sessions').where({ sid }).delete();
      cache?.forget(sid);
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

/** A live session as read from the database: its data (JSON) and its user's row, if it has a user. */
interface StoredSession {
  data: string;
  user: UserRow | undefined;
  /** Epoch ms when it ends. */
  expire: number;
}

async function readSession(db: Knex, sid: string, cache: SessionCache | undefined): Promise<StoredSession | undefined> {
  const generation = cache?.generation;
  const row = await db('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .where('s.sid', sid)
    .andWhere('s.expire', '>', now())
    .first('s.sess as session_data', 's.expire as session_expire', 'u.*');
  if (!row) return undefined;
  const { session_data: data, session_expire: expire, ...user } = row as { session_data: string; session_expire: unknown } & UserRow;
  const found = { data, user: user.id ? user : undefined, expire: Date.parse(toIso(expire)!) };
  cache?.keep(sid, found, generation!);
  return found;
}

/**
 * The sessions (with their users) this process read in the last few seconds, so a member's burst of
 * requests reads the `sessions` row once, not once per request (otherwise one statement
 * more on every signed-in read). It is exactly as true as the response cache: it is emptied by every write
 * answered by this process (app.ts chains it to the response cache's), by every other process's
 * write (db/coherence.ts: NOTIFY on PostgreSQL, data_version on SQLite), and it is bypassed while
 * PostgreSQL's notices cannot arrive. So a sign-out everywhere, a deactivation or a role change
 * still holds from the next request on every process. An entry also ends with its session's own
 * expiry, and after `ttlMs` at most, which bounds what a change made outside the app (a script on
 * PostgreSQL) can take to show. A read that overlapped a write is not kept (the generation).
 */
export class SessionCache {
  private readonly entries = new Map<string, StoredSession & { keptAt: number }>();
  private emptied = 0;

  constructor(
    private readonly opts: { coherence?: CacheCoherence; ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {
    opts.coherence?.onOtherWrite(() => this.clear());
  }

  /** The session if read recently and still true; undefined means read it from the database. */
  async get(sid: string): Promise<StoredSession | undefined> {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const coherence = this.opts.coherence;
    if (coherence && !(await coherence.usable().catch(() => false))) {
      this.clear();
      return undefined;
    }
    const now = (this.opts.now ?? Date.now)();
    if (now - entry.keptAt > (this.opts.ttlMs ?? SESSION_CACHE_TTL_MS) || now >= entry.expire) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  /** Moves on every emptying: a read begun before it is not kept. */
  get generation(): number {
    return this.emptied;
  }

  keep(sid: string, session: StoredSession, readAt: number): void {
    if (readAt !== this.emptied) return;
    const max = this.opts.maxEntries ?? 10_000;
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < max) break;
      this.entries.delete(oldest);
    }
    this.entries.set(sid, { ...session, keptAt: (this.opts.now ?? Date.now)() });
  }

  forget(sid: string): void {
    this.emptied++;
    this.entries.delete(sid);
  }

  clear(): void {
    this.emptied++;
    this.entries.clear();
  }
}

/** The longest a session stays in a process's SessionCache without being read again. */
export const SESSION_CACHE_TTL_MS = 10_000;

export const HTTPS_REQUIRED_MESSAGE = 'Sign-in requires HTTPS';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The writes that may set or clear the session cookie. */
const SETS_SESSION_COOKIE = /^\/api\/(auth\/|invitations\/[^/]+\/accept$|profile\/two-factor\/enable$)/;

/**
 * With Secure cookies (production), the session cookie can only be set on a request that arrived
 * over HTTPS (directly, or through a proxy in TRUST_PROXY that says so): cookies refuses to send it
 * otherwise, which would surface as a 500 after the account had been created. Signing in,
 * registering, accepting an invitation and signing out (the writes that set or clear the cookie)
 * over plain HTTP are refused first, with 403 `https_required`, before anything is read or written.
 */
export function requireHttpsToSignIn(opts: { secure: boolean }): Koa.Middleware {
  return async (ctx, next) => {
    if (opts.secure && !ctx.secure && !SAFE_METHODS.has(ctx.method) && SETS_SESSION_COOKIE.test(ctx.path)) {
      throw new HttpError(403, 'https_required', HTTPS_REQUIRED_MESSAGE);
    }
    await next();
  };
}

/**
 * Whether the request's session cookie names a live session of an active user, for the page
 * renderer (pages do not go through the session middleware). A missing, unsigned or forged cookie
 * costs no query; an ended session or a deactivated user is no session either.
 */
export async function hasLiveSession(db: Knex, ctx: Koa.Context): Promise<boolean> {
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  if (!sid) return false;
  const row = await db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.sid', sid)
    .andWhere('s.expire', '>', now())
    .first('s.sess as session_data', 'u.id', 'u.is_active');
  if (!row || !toBool(row.is_active)) return false;
  try {
    return (JSON.parse(row.session_data) as SessionData).userId === row.id;
  } catch {
    return false;
  }
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
