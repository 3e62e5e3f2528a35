import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_TYPES,
  NotificationListQuery,
  NotificationSettingsInput,
  UnsubscribeQuery,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationType,
  type UnreadCount,
} from '../../../contracts/notifications';
import { toIso } from '../../db/dialect';
import { badRequest, notFound } from '../../errors';
import { escapeHtml } from '../../mail/template';
import { currentUser, requireUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { decodeAscCursor, decodeGroupCursor, encodeCursor } from '../cursor';
import { presentGroup, presentNotification, TYPE_NAMES } from './presenter';
import {
  actorsOfGroups,
  countUnread,
  listGroupHeads,
  listNotifications,
  markAllRead,
  markGroupRead,
  markRead,
  newestOfGroups,
  saveSettings,
  settingsOf,
  type GroupActorRow,
} from './repo';
import { readUnsubscribeToken, type UnsubscribeScope } from './unsubscribe';

const NOT_FOUND = 'Notification not found';
const BAD_LINK = 'This unsubscribe link is not valid';

export interface NotificationRouteDeps {
  db: Knex;
  /** The unsubscribe tokens' HMAC key (SESSION_SECRET). */
  secret: string;
  siteName: string;
}

/** Every type with its channel: the member's setting, else the default. */
function settingsBody(saved: Map<string, NotificationChannel>): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, saved.get(t) ?? DEFAULT_NOTIFICATION_CHANNEL])) as NotificationSettings;
}

/** A tiny page for people who open the unsubscribe link in a browser (the mail's own link). */
function page(siteName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1d23"><h1 style="font-size:1.4rem;color:#0f1e36">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * /api/notifications (docs/notifications.md): a member's own notifications and settings, all for
 * signed-in members; someone else's notification is 404, as if it did not exist. The unsubscribe
 * link of notification mail needs no sign-in: its token is the proof.
 */
export function notificationRoutes({ db, secret, siteName }: NotificationRouteDeps): Router {
  const router = caseSensitiveRouter('/api/notifications');
  const noStore = (ctx: Koa.Context) => ctx.set('Cache-Control', 'no-store');

  router.get('/', requireUser, validateQuery(NotificationListQuery), async (ctx) => {
    const { cursor, limit } = ctx.state.query;
    const before = cursor === undefined ? undefined : decodeAscCursor(cursor, 'cursor');
    // One row more than asked tells whether another page exists: one query whatever the page's size.
    const viewer = currentUser(ctx);
    const rows = await listNotifications(db, viewer.id, limit + 1, before);
    const pageRows = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = pageRows[pageRows.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.created_at)!, last.id]));
    }
    noStore(ctx);
    ctx.body = pageRows.map((row) => presentNotification(row, viewer));
  });

  // The list a person reads: one line per discussion's replies, article's comments, place's mentions
  // (docs/notifications.md "Groups"). Three queries whatever the page's size: the groups, their
  // newest rows, their actors.
  router.get('/groups', requireUser, validateQuery(NotificationListQuery), async (ctx) => {
    const { cursor, limit } = ctx.state.query;
    const before = cursor === undefined ? undefined : decodeGroupCursor(cursor, 'cursor');
    const viewer = currentUser(ctx);
    const heads = await listGroupHeads(db, viewer.id, limit + 1, before);
    const page = heads.slice(0, limit);
    if (heads.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.newest_at)!, last.group_key]));
    }
    const keys = page.map((h) => h.group_key);
    const [newest, actors] = await Promise.all([newestOfGroups(db, viewer.id, keys), actorsOfGroups(db, viewer.id, keys)]);
    const newestByKey = new Map(newest.map((r) => [r.group_key, r]));
    const actorsByKey = new Map<string, GroupActorRow[]>();
    for (const a of actors) actorsByKey.set(a.group_key, [...(actorsByKey.get(a.group_key) ?? []), a]);
    noStore(ctx);
    ctx.body = page.flatMap((h) => {
      const row = newestByKey.get(h.group_key);
      return row ? [presentGroup(h, row, actorsByKey.get(h.group_key) ?? [], viewer)] : [];
    });
  });

  // Opening a group reads all of it; idempotent (safe to replay from the outbox). Another member's
  // group, or a key we never make, is the same 404.
  router.post('/groups/:key/read', requireUser, async (ctx) => {
    if ((await markGroupRead(db, currentUser(ctx).id, ctx.params.key)) === 'not_found') throw notFound(NOT_FOUND);
    ctx.body = { ok: true };
  });

  router.get('/unread-count', requireUser, async (ctx) => {
    noStore(ctx);
    const body: UnreadCount = { count: await countUnread(db, currentUser(ctx).id) };
    ctx.body = body;
  });

  router.post('/read-all', requireUser, async (ctx) => {
    await markAllRead(db, currentUser(ctx).id);
    ctx.body = { ok: true };
  });

  router.get('/settings', requireUser, async (ctx) => {
    noStore(ctx);
    ctx.body = settingsBody(await settingsOf(db, currentUser(ctx).id));
  });

  router.put('/settings', requireUser, validateBody(NotificationSettingsInput), async (ctx) => {
    const user = currentUser(ctx);
    const input = ctx.state.body;
    const changes = NOTIFICATION_TYPES.flatMap((t): Array<[NotificationType, NotificationChannel]> => (input[t] ? [[t, input[t]]] : []));
    await saveSettings(db, user.id, changes);
    ctx.body = settingsBody(await settingsOf(db, user.id));
  });

  /** The token's member and scope, or 400 (a bad link is the client's, and says nothing about anyone). */
  const scopeOf = (token: string) => {
    const read = readUnsubscribeToken(secret, token);
    if (!read) throw badRequest(BAD_LINK, { token: [BAD_LINK] });
    return read;
  };
  const wantsHtml = (ctx: Koa.Context) => ctx.accepts('json', 'html') === 'html';
  const scopeName = (scope: UnsubscribeScope) => (scope === 'digest' ? 'the daily summary' : TYPE_NAMES[scope]);

  // Opening the link shows what it would do and a button; it changes nothing, because mail
  // scanners and link previews open links too (RFC 8058 §3.2: only the POST unsubscribes).
  router.get('/unsubscribe', validateQuery(UnsubscribeQuery), async (ctx) => {
    const { token } = ctx.state.query;
    const { scope } = scopeOf(token);
    noStore(ctx);
    if (!wantsHtml(ctx)) {
      ctx.body = { scope, unsubscribe: 'POST this URL to stop this mail' };
      return;
    }
    ctx.type = 'html';
    ctx.body = page(
      siteName,
      'Unsubscribe',
      `<p>Stop ${escapeHtml(scopeName(scope))}? You will still see these notifications on the site.</p><form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Unsubscribe</button></form>`,
    );
  });

  // One-click (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` without cookies or an
  // Origin of ours; the signed token alone says who and what. The origin check and the JSON-body
  // rule exempt exactly this path (server/middleware/security.ts, content-type.ts).
  router.post('/unsubscribe', validateQuery(UnsubscribeQuery), async (ctx) => {
    const { userId, scope } = scopeOf(ctx.state.query.token);
    if (scope === 'digest') {
      const saved = await settingsOf(db, userId);
      const digestTypes = NOTIFICATION_TYPES.filter((t) => saved.get(t) === 'digest');
      await saveSettings(db, userId, digestTypes.map((t) => [t, 'in_app']));
    } else {
      const current = (await settingsOf(db, userId)).get(scope) ?? DEFAULT_NOTIFICATION_CHANNEL;
      // 'off' stays off: unsubscribing from mail never turns the list back on.
      if (current !== 'off') await saveSettings(db, userId, [[scope, 'in_app']]);
    }
    noStore(ctx);
    if (wantsHtml(ctx)) {
      ctx.type = 'html';
      ctx.body = page(siteName, 'Unsubscribed', `<p>You will get no more ${escapeHtml(scopeName(scope))}. Change this any time in your notification settings.</p>`);
      return;
    }
    ctx.body = { ok: true, scope };
  });

  router.post('/:id/read', requireUser, async (ctx) => {
    const id = parseId(ctx.params.id, NOT_FOUND);
    if ((await markRead(db, currentUser(ctx).id, id)) === 'not_found') throw notFound(NOT_FOUND);
    ctx.body = { ok: true };
  });

  return router;
}

