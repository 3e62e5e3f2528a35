import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ResourceCreateInput } from '../../contracts/resources';
import { describeEachDb, TEST_SESSION_SECRET, type Agent, type TestServer } from './harness';
import { unsubscribeToken } from '../api/notifications/unsubscribe';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast, TEST_PASSWORD } from './factories';
import { createDiscussion, createReply } from '../api/forums/repo';
import { insertComment } from '../api/news/repo';
import { insertComment as insertAnyComment } from '../api/comments/repo';
import { EPISODE_COMMENTS } from '../api/comments/targets';
import { insertResource } from '../api/resources/repo';
import { upsertInvitation } from '../api/invitations/repo';
import { issuePasswordReset } from '../api/password-resets/repo';
import { issueEmailConfirmation } from '../api/email-confirmations/repo';
import { insertShow } from '../api/podcast-shows/repo';
import { createUploadToken } from '../api/uploads/repo';
import type { UserRow } from '../api/users/presenter';
import { servedRoutes } from './served-routes';
import { signInAs } from './agents';
import { completedUpload, PNG_BYTES, publicImage, WAV_BYTES } from './uploads';

/*
 * The permission matrix: every route the app serves, called with a valid request by each kind of
 * caller, and the status each must get. The list of routes is read from the app's routers, so a
 * route added without a row here fails the first test.
 *
 * Callers: `subscriber` owns the own-content fixtures (comments, discussions, replies, uploads);
 * `other` is a second subscriber who owns nothing; `inactive` has a live session cookie but a
 * deactivated account, so the server must treat it as signed out.
 */

const ACTORS = ['anonymous', 'subscriber', 'contributor', 'editor', 'admin', 'inactive', 'other'] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

const everyone = (s: number): Expect => ({ anonymous: s, subscriber: s, contributor: s, editor: s, admin: s, inactive: s, other: s });
/** Any signed-in, active user. */
const signedIn = (s: number): Expect => ({ ...everyone(s), anonymous: 401, inactive: 401 });
const editors = (s: number): Expect => ({ ...signedIn(403), editor: s, admin: s });
const admins = (s: number): Expect => ({ ...signedIn(403), admin: s });
/** The owner (subscriber), and editors and admins as moderators. */
const ownerOrModerator = (s: number): Expect => ({ ...editors(s), subscriber: s });
const ownerOnly = (s: number): Expect => ({ ...signedIn(403), subscriber: s });
/** Drafts: only editors and admins see them; for everyone else they do not exist. */
const draftReaders = (s: number): Expect => ({ ...everyone(404), editor: s, admin: s });

interface Call {
  path: string;
  body?: unknown;
  raw?: Buffer;
  headers?: Record<string, string>;
}

interface Fixtures {
  t: TestServer;
  users: Record<Exclude<Actor, 'anonymous'>, UserRow>;
  /** A user whose password is TEST_PASSWORD, to log in as. */
  loginUser: UserRow;
  newsCategoryId: string;
  forumCategoryId: string;
  objectPath: string;
  agentFor(actor: Actor): Promise<Agent>;
}

interface Case {
  /** Which variant of the request, when a route has more than one. */
  name?: string;
  /** Builds a fresh request (and its fixtures) for each caller, so one caller's success cannot change another's result. */
  call(f: Fixtures): Promise<Call> | Call;
  expect: Expect;
}

const unique = () => randomBytes(5).toString('hex');
const email = () => `matrix-${unique()}@example.com`;

// Fresh fixtures, written straight to the database.
const article = (f: Fixtures, o: { status?: 'draft' | 'published' } = {}) => insertArticle(f.t.db, { categoryIds: [f.newsCategoryId], ...o });
const podcast = (f: Fixtures, o: { status?: 'draft' | 'published' } = {}) => insertPodcast(f.t.db, { categoryIds: [f.newsCategoryId], ...o });
/** An episode with a timed transcript and chapters (what its transcript and chapters files serve). */
async function podcastWithText(f: Fixtures, o: { status?: 'draft' | 'published' } = {}): Promise<string> {
  const id = await podcast(f, o);
  const cues = [{ start: 0, end: 2, text: 'Welcome.' }];
  await f.t.db('podcast_episodes').where({ id }).update({ transcript: JSON.stringify(cues), transcript_text: 'Welcome.', chapters: JSON.stringify([{ start: 0, title: 'Introduction' }]) });
  return id;
}
const podcastShow = (f: Fixtures) => insertShow(f.t.db, { name: `Show ${unique()}`, slug: `show-${unique()}` });
/** An episode the subscriber has a listening record of. */
async function listenedEpisode(f: Fixtures): Promise<string> {
  const id = await podcast(f);
  const at = new Date().toISOString();
  await f.t.db('listening_positions').insert({ user_id: f.users.subscriber.id, episode_id: id, position_seconds: 60, duration_seconds: null, finished: false, device_time: at, updated_at: at });
  return id;
}
const comment = async (f: Fixtures) => (await insertComment(f.t.db, await article(f), f.users.subscriber.id, 'A comment'))!.id;
const episodeComment = async (f: Fixtures) => (await insertAnyComment(f.t.db, EPISODE_COMMENTS, await podcast(f), f.users.subscriber.id, 'A comment'))!.id;
async function discussion(f: Fixtures): Promise<string> {
  const r = await createDiscussion(f.t.db, f.users.subscriber.id, { title: 'A discussion', content: 'Its body', categoryId: f.forumCategoryId });
  if (r.kind !== 'created') throw new Error('discussion fixture not created');
  return r.id;
}
async function draftDiscussion(f: Fixtures): Promise<string> {
  const id = await discussion(f);
  await f.t.db('forum_discussions').where({ id }).update({ status: 'draft' });
  return id;
}
async function reply(f: Fixtures): Promise<string> {
  const r = await createReply(f.t.db, { discussionId: await discussion(f), authorId: f.users.subscriber.id, content: 'A reply' });
  if (r.kind !== 'created') throw new Error('reply fixture not created');
  return r.id;
}
/** A notification of the subscriber's (a reply by `other` to their discussion). */
async function notification(f: Fixtures): Promise<string> {
  const discussionId = await discussion(f);
  const id = randomUUID();
  await f.t.db('notifications').insert({ id, user_id: f.users.subscriber.id, type: 'discussion_reply', actor_id: f.users.other.id, discussion_id: discussionId, created_at: new Date().toISOString(), email: 'none' });
  return id;
}
/** A fresh member with an open report on them (by `other`), for the queue's actions. */
async function reportedMember(f: Fixtures): Promise<string> {
  const id = await targetUser(f);
  await f.t.db('reports').insert({ id: randomUUID(), reporter_id: f.users.other.id, member_id: id, reason: 'spam', created_at: new Date().toISOString() });
  return id;
}
/** A fresh member's signed unsubscribe token for mention mail. */
const unsubscribeLink = async (f: Fixtures) => unsubscribeToken(TEST_SESSION_SECRET, await targetUser(f), 'mention');
const resource = (f: Fixtures) =>
  insertResource(f.t.db, f.users.admin.id, ResourceCreateInput.parse({ title: 'A guide', type: 'ebook', category: 'taxation' }));
const invitation = async (f: Fixtures) => (await invitationLink(f)).row.id;
/** A pending invitation (as a contributor) and the token of its link. */
const invitationLink = (f: Fixtures) => upsertInvitation(f.t.db, undefined, { email: email(), role: 'contributor', invitedBy: f.users.admin.id });
const targetUser = async (f: Fixtures) => (await createUser(f.t.db)).id;
/** A fresh member whose sign-in asks for a code. */
async function twoFactorUser(f: Fixtures): Promise<string> {
  const id = await targetUser(f);
  await f.t.db('users').where({ id }).update({ two_factor_enabled_at: new Date().toISOString() });
  return id;
}
/** The token of a fresh password reset link for a fresh member. */
const resetToken = async (f: Fixtures) => issuePasswordReset(f.t.db, await targetUser(f), Date.now());
/** The token of a fresh confirmation link for a fresh member's address. */
async function confirmationToken(f: Fixtures): Promise<string> {
  const user = await createUser(f.t.db, { emailConfirmed: false });
  return issueEmailConfirmation(f.t.db, user.id, user.email, Date.now());
}
/** The callers' addresses are unconfirmed, so each may ask for a link. */
async function unconfirmCallers(f: Fixtures): Promise<void> {
  await f.t.db('users').whereIn('id', Object.values(f.users).map((u) => u.id)).update({ email_confirmed_at: null });
}
/** An upload URL path of the owner's, ready for its PUT. */
const ownersUploadUrl = async (f: Fixtures, kind: 'image' | 'audio') =>
  `/api/uploads/${await createUploadToken(f.t.db, f.users.subscriber.id, kind)}`;
/** A finished (not yet finalised) upload of the owner's. */
const ownersUpload = async (f: Fixtures, kind: 'image' | 'audio') => completedUpload(await f.agentFor('subscriber'), kind);
/** A finished audio upload of the editor's (only editors and admins may upload audio). */
const editorsAudio = async (f: Fixtures) => completedUpload(await f.agentFor('editor'), 'audio');
/** Only the editor who uploaded it: admins are moderators, not owners, of uploads. */
/** An item with one revision (as an editor's save writes it), for the revisions routes. */
async function revised(f: Fixtures, table: 'article' | 'episode'): Promise<{ id: string; revisionId: string }> {
  const id = table === 'article' ? await article(f) : await podcast(f);
  const revisionId = randomUUID();
  const data = JSON.stringify({ title: 'Earlier title', categoryIds: [f.newsCategoryId] });
  await f.t.db('content_revisions').insert({ id: revisionId, kind: table, item_id: id, author_id: null, author_name: 'Someone', created_at: new Date().toISOString(), data });
  return { id, revisionId };
}
const revisionsPath = async (f: Fixtures, table: 'article' | 'episode', rest = '') => {
  const { id, revisionId } = await revised(f, table);
  return `/api/${table === 'article' ? 'news' : 'podcasts'}/${id}/revisions${rest.replace(':revisionId', revisionId)}`;
};
const editorOnly = (s: number): Expect => ({ ...signedIn(403), editor: s });
/** A CPD entry of the subscriber's (an activity they added): its id and its public verification code. */
async function cpdEntry(f: Fixtures): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = randomBytes(16).toString('base64url');
  const at = new Date().toISOString();
  await f.t.db('cpd_entries').insert({ id, user_id: f.users.subscriber.id, type: 'external', title: 'A course', provider: 'ICAEW', activity_date: at.slice(0, 10), external_minutes: 60, verification_code: code, created_at: at, updated_at: at });
  return { id, code };
}
/** A time record made on the device a minute ago. */
const cpdTime = (itemId: string) => ({ id: randomUUID(), itemType: 'article', itemId, startedAt: new Date(Date.now() - 120_000).toISOString(), endedAt: new Date(Date.now() - 60_000).toISOString(), activeSeconds: 60 });
/** Only the owner; for anyone else the entry does not exist (404, never 403: its existence is not revealed). */
const ledgerOwner = (s: number): Expect => ({ ...signedIn(404), subscriber: s });

const MATRIX: Record<string, Case | Case[]> = {
  'GET /api/health': { call: () => ({ path: '/api/health' }), expect: everyone(200) },
  'GET /api/site': { call: () => ({ path: '/api/site' }), expect: everyone(200) },

  // Authentication
  'GET /api/auth/user': { call: () => ({ path: '/api/auth/user' }), expect: signedIn(200) },
  'GET /api/auth/session': { call: () => ({ path: '/api/auth/session' }), expect: everyone(200) },
  'POST /api/auth/login': {
    call: (f) => ({ path: '/api/auth/login', body: { email: f.loginUser.email, password: TEST_PASSWORD } }),
    expect: everyone(200),
  },
  'POST /api/auth/register': {
    call: () => ({ path: '/api/auth/register', body: { email: email(), password: 'Quiet-harbour-lamp-42', firstName: 'New', lastName: 'Member' } }),
    expect: everyone(201),
  },
  'POST /api/auth/logout': { call: () => ({ path: '/api/auth/logout' }), expect: everyone(200) },
  'POST /api/auth/logout-all': { call: () => ({ path: '/api/auth/logout-all' }), expect: signedIn(200) },
  // The login's second step belongs to the browser that gave the password: no caller here has a half-done sign-in.
  'POST /api/auth/login/two-factor': { call: () => ({ path: '/api/auth/login/two-factor', body: { code: '123456' } }), expect: everyone(401) },
  // Email confirmation: a member asks for a link to their own address; the link is the credential, whoever holds it.
  'POST /api/email-confirmations': {
    call: async (f) => {
      await unconfirmCallers(f);
      return { path: '/api/email-confirmations' };
    },
    expect: signedIn(202),
  },
  'POST /api/email-confirmations/:token': {
    call: async (f) => ({ path: `/api/email-confirmations/${await confirmationToken(f)}` }),
    expect: everyone(200),
  },
  // Password reset: the link is the credential, whoever holds it.
  // A fresh address per caller (the per-address limit would count them together); unknown ones get the same answer.
  'POST /api/auth/password-reset': { call: () => ({ path: '/api/auth/password-reset', body: { email: email() } }), expect: everyone(202) },
  'GET /api/auth/password-reset/:token': { call: async (f) => ({ path: `/api/auth/password-reset/${await resetToken(f)}` }), expect: everyone(200) },
  'POST /api/auth/password-reset/confirm': {
    call: async (f) => ({ path: '/api/auth/password-reset/confirm', body: { token: await resetToken(f), password: 'new-secret-1' } }),
    expect: everyone(200),
  },

  // Profile (one's own) and public member pages
  'GET /api/profile': { call: () => ({ path: '/api/profile' }), expect: signedIn(200) },
  'GET /api/profile/export': { call: () => ({ path: '/api/profile/export' }), expect: signedIn(200) },

  // The CPD ledger: each member's own; no path names a member, and staff read nobody else's either.
  'POST /api/cpd/time': [
    { name: 'published', call: async (f) => ({ path: '/api/cpd/time', body: cpdTime(await article(f)) }), expect: signedIn(200) },
    { name: 'draft', call: async (f) => ({ path: '/api/cpd/time', body: cpdTime(await article(f, { status: 'draft' })) }), expect: { ...signedIn(404), editor: 200, admin: 200 } },
  ],
  'GET /api/cpd': { call: () => ({ path: '/api/cpd' }), expect: signedIn(200) },
  'GET /api/cpd/today': { call: () => ({ path: '/api/cpd/today' }), expect: signedIn(200) },
  'PUT /api/cpd/settings': { call: () => ({ path: '/api/cpd/settings', body: { body: 'acca', yearStartMonth: 1, trackingPaused: false, digestNudge: false } }), expect: signedIn(200) },
  'POST /api/cpd/entries': { call: () => ({ path: '/api/cpd/entries', body: { title: 'A course', provider: 'ICAEW', date: '2026-01-10', minutes: 60 } }), expect: signedIn(201) },
  'GET /api/cpd/entries/:id': { call: async (f) => ({ path: `/api/cpd/entries/${(await cpdEntry(f)).id}` }), expect: ledgerOwner(200) },
  'PATCH /api/cpd/entries/:id': { call: async (f) => ({ path: `/api/cpd/entries/${(await cpdEntry(f)).id}`, body: { learning: 'Something' } }), expect: ledgerOwner(200) },
  'DELETE /api/cpd/entries/:id': { call: async (f) => ({ path: `/api/cpd/entries/${(await cpdEntry(f)).id}` }), expect: ledgerOwner(200) },
  'DELETE /api/cpd': { call: () => ({ path: '/api/cpd' }), expect: signedIn(200) },
  'GET /api/cpd/export.csv': { call: () => ({ path: '/api/cpd/export.csv' }), expect: signedIn(200) },
  'GET /api/cpd/export.pdf': { call: () => ({ path: '/api/cpd/export.pdf' }), expect: signedIn(200) },
  // The auditor's check: the code is the credential, whoever holds it.
  'GET /api/verify/:code': { call: async (f) => ({ path: `/api/verify/${(await cpdEntry(f)).code}` }), expect: everyone(200) },
  'PATCH /api/profile': { call: () => ({ path: '/api/profile', body: { title: 'Controller' } }), expect: signedIn(200) },
  'POST /api/profile/password': {
    // Each caller is its own user (password TEST_PASSWORD), and each changes it once.
    call: () => {
      const next = `new-${unique()}`;
      return { path: '/api/profile/password', body: { currentPassword: TEST_PASSWORD, newPassword: next, confirmPassword: next } };
    },
    expect: signedIn(200),
  },
  // Two-step sign-in (one's own): no caller has it on, so turning it off and new recovery codes are 409;
  // the setup row (run first) began an enrolment for each, which a made-up code does not confirm (422).
  'GET /api/profile/two-factor': { call: () => ({ path: '/api/profile/two-factor' }), expect: signedIn(200) },
  'POST /api/profile/two-factor/setup': { call: () => ({ path: '/api/profile/two-factor/setup' }), expect: signedIn(200) },
  'POST /api/profile/two-factor/enable': { call: () => ({ path: '/api/profile/two-factor/enable', body: { code: '123456' } }), expect: signedIn(422) },
  'POST /api/profile/two-factor/disable': { call: () => ({ path: '/api/profile/two-factor/disable', body: { password: TEST_PASSWORD } }), expect: signedIn(409) },
  'POST /api/profile/two-factor/recovery-codes': {
    call: () => ({ path: '/api/profile/two-factor/recovery-codes', body: { password: TEST_PASSWORD } }),
    expect: signedIn(409),
  },
  'GET /api/members/:id': { call: (f) => ({ path: `/api/members/${f.users.subscriber.id}` }), expect: everyone(200) },
  // The mention autocomplete: members only.
  'GET /api/members/mentions': { call: () => ({ path: '/api/members/mentions?q=Te' }), expect: signedIn(200) },

  // Notifications: one's own; another member's notification does not exist for them (404).
  'GET /api/notifications': { call: () => ({ path: '/api/notifications' }), expect: signedIn(200) },
  'GET /api/notifications/unread-count': { call: () => ({ path: '/api/notifications/unread-count' }), expect: signedIn(200) },
  'POST /api/notifications/read-all': { call: () => ({ path: '/api/notifications/read-all' }), expect: signedIn(200) },
  'POST /api/notifications/:id/read': {
    call: async (f) => ({ path: `/api/notifications/${await notification(f)}/read` }),
    expect: { ...signedIn(404), subscriber: 200 },
  },
  'GET /api/notifications/groups': { call: () => ({ path: '/api/notifications/groups' }), expect: signedIn(200) },
  'POST /api/notifications/groups/:key/read': {
    call: async (f) => {
      const id = await notification(f);
      const row = await f.t.db('notifications').where({ id }).first('discussion_id');
      return { path: `/api/notifications/groups/reply-${row.discussion_id}/read` };
    },
    expect: { ...signedIn(404), subscriber: 200 },
  },
  'GET /api/notifications/settings': { call: () => ({ path: '/api/notifications/settings' }), expect: signedIn(200) },
  'PUT /api/notifications/settings': { call: () => ({ path: '/api/notifications/settings', body: { mention: 'email' } }), expect: signedIn(200) },
  // The mail's signed link is the credential: no sign-in (RFC 8058 one-click).
  'GET /api/notifications/unsubscribe': { call: async (f) => ({ path: `/api/notifications/unsubscribe?token=${await unsubscribeLink(f)}` }), expect: everyone(200) },
  'POST /api/notifications/unsubscribe': { call: async (f) => ({ path: `/api/notifications/unsubscribe?token=${await unsubscribeLink(f)}` }), expect: everyone(200) },

  // The reading list: every member's own; their writes never touch anyone else's rows.
  'GET /api/reading-list': { call: () => ({ path: '/api/reading-list' }), expect: signedIn(200) },
  'PUT /api/reading-list/:articleId': { call: async (f) => ({ path: `/api/reading-list/${await article(f)}`, body: { changedAt: new Date().toISOString() } }), expect: signedIn(200) },
  'PATCH /api/reading-list/:articleId': {
    call: async (f) => ({ path: `/api/reading-list/${await article(f)}`, body: { changedAt: new Date().toISOString(), position: 0.5 } }),
    expect: signedIn(200),
  },
  'DELETE /api/reading-list/:articleId': {
    call: async (f) => ({ path: `/api/reading-list/${await article(f)}?changedAt=${encodeURIComponent(new Date().toISOString())}` }),
    expect: signedIn(200),
  },

  // News
  'GET /api/news': { call: () => ({ path: '/api/news' }), expect: everyone(200) },
  'GET /api/news/featured': { call: () => ({ path: '/api/news/featured' }), expect: everyone(200) },
  'POST /api/news': {
    call: (f) => ({ path: '/api/news', body: { title: 'New article', content: 'Body', categoryIds: [f.newsCategoryId] } }),
    expect: editors(201),
  },
  'GET /api/news/:id': [
    { name: 'published', call: async (f) => ({ path: `/api/news/${await article(f)}` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/news/${await article(f, { status: 'draft' })}` }), expect: draftReaders(200) },
  ],
  'PUT /api/news/:id': { call: async (f) => ({ path: `/api/news/${await article(f)}`, body: { title: 'Edited', content: 'Edited body' } }), expect: editors(200) },
  'PATCH /api/news/:id': { call: async (f) => ({ path: `/api/news/${await article(f)}`, body: { title: 'Edited' } }), expect: editors(200) },
  'DELETE /api/news/:id': { call: async (f) => ({ path: `/api/news/${await article(f)}` }), expect: editors(200) },
  'PATCH /api/news/:id/status': { call: async (f) => ({ path: `/api/news/${await article(f)}/status`, body: { status: 'draft' } }), expect: editors(200) },
  'PATCH /api/news/:id/archive': { call: async (f) => ({ path: `/api/news/${await article(f)}/archive`, body: { isArchived: true } }), expect: editors(200) },
  'PATCH /api/news/:id/featured': { call: async (f) => ({ path: `/api/news/${await article(f)}/featured`, body: { isFeatured: true } }), expect: editors(200) },
  'POST /api/news/:id/like': [
    { name: 'published', call: async (f) => ({ path: `/api/news/${await article(f)}/like` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/news/${await article(f, { status: 'draft' })}/like` }), expect: draftReaders(200) },
  ],
  'DELETE /api/news/:id/like': { call: async (f) => ({ path: `/api/news/${await article(f)}/like` }), expect: everyone(200) },
  'GET /api/news/:id/comments': [
    { name: 'published', call: async (f) => ({ path: `/api/news/${await article(f)}/comments` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/news/${await article(f, { status: 'draft' })}/comments` }), expect: draftReaders(200) },
  ],
  'POST /api/news/:id/comments': { call: async (f) => ({ path: `/api/news/${await article(f)}/comments`, body: { content: 'Nice' } }), expect: signedIn(201) },
  'DELETE /api/news/comments/:commentId': { call: async (f) => ({ path: `/api/news/comments/${await comment(f)}` }), expect: ownerOrModerator(200) },
  'PATCH /api/news/comments/:commentId': { call: async (f) => ({ path: `/api/news/comments/${await comment(f)}`, body: { content: 'Edited' } }), expect: ownerOnly(200) },
  'GET /api/news/comments/:commentId/edits': { call: async (f) => ({ path: `/api/news/comments/${await comment(f)}/edits` }), expect: editors(200) },
  'GET /api/news/:id/revisions': { call: async (f) => ({ path: await revisionsPath(f, 'article') }), expect: editors(200) },
  'GET /api/news/:id/revisions/:revisionId': { call: async (f) => ({ path: await revisionsPath(f, 'article', '/:revisionId') }), expect: editors(200) },
  'POST /api/news/:id/revisions/:revisionId/restore': { call: async (f) => ({ path: await revisionsPath(f, 'article', '/:revisionId/restore') }), expect: editors(200) },
  'GET /api/news-categories': { call: () => ({ path: '/api/news-categories' }), expect: everyone(200) },
  'POST /api/admin/news-categories': {
    call: () => ({ path: '/api/admin/news-categories', body: { name: `Category ${unique()}`, slug: `category-${unique()}` } }),
    expect: admins(201),
  },
  'PATCH /api/admin/news-categories/:id': {
    call: async (f) => ({ path: `/api/admin/news-categories/${(await createCategory(f.t.db)).id}`, body: { isActive: false } }),
    expect: admins(200),
  },
  'DELETE /api/admin/news-categories/:id': {
    call: async (f) => ({ path: `/api/admin/news-categories/${(await createCategory(f.t.db)).id}` }),
    expect: admins(200),
  },

  // Podcasts
  'GET /api/podcasts': { call: () => ({ path: '/api/podcasts' }), expect: everyone(200) },
  'GET /api/podcasts/:id/revisions': { call: async (f) => ({ path: await revisionsPath(f, 'episode') }), expect: editors(200) },
  'GET /api/podcasts/:id/revisions/:revisionId': { call: async (f) => ({ path: await revisionsPath(f, 'episode', '/:revisionId') }), expect: editors(200) },
  'POST /api/podcasts/:id/revisions/:revisionId/restore': { call: async (f) => ({ path: await revisionsPath(f, 'episode', '/:revisionId/restore') }), expect: editors(200) },
  'GET /api/podcasts/featured': { call: () => ({ path: '/api/podcasts/featured' }), expect: everyone(200) },
  'POST /api/podcasts': { call: (f) => ({ path: '/api/podcasts', body: { title: 'Episode', categoryIds: [f.newsCategoryId] } }), expect: editors(201) },
  'GET /api/podcasts/:id': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcast(f, { status: 'draft' })}` }), expect: draftReaders(200) },
  ],
  'PATCH /api/podcasts/:id': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}`, body: { title: 'Edited' } }), expect: editors(200) },
  'DELETE /api/podcasts/:id': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}` }), expect: editors(200) },
  'PATCH /api/podcasts/:id/status': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/status`, body: { status: 'draft' } }), expect: editors(200) },
  'PATCH /api/podcasts/:id/archive': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/archive`, body: { isArchived: true } }), expect: editors(200) },
  'PATCH /api/podcasts/:id/featured': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/featured`, body: { isFeatured: true } }), expect: editors(200) },
  'POST /api/podcasts/:id/like': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/like` }), expect: everyone(200) },
  'DELETE /api/podcasts/:id/like': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/like` }), expect: everyone(200) },
  // Podcast shows
  'GET /api/podcast-shows': { call: () => ({ path: '/api/podcast-shows' }), expect: everyone(200) },
  'POST /api/admin/podcast-shows': { call: () => ({ path: '/api/admin/podcast-shows', body: { name: `Show ${unique()}` } }), expect: admins(201) },
  'PATCH /api/admin/podcast-shows/:id': {
    call: async (f) => ({ path: `/api/admin/podcast-shows/${(await podcastShow(f)).id}`, body: { description: 'Edited' } }),
    expect: admins(200),
  },
  'DELETE /api/admin/podcast-shows/:id': { call: async (f) => ({ path: `/api/admin/podcast-shows/${(await podcastShow(f)).id}` }), expect: admins(200) },
  'PUT /api/podcasts/:id/listening': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/listening`, body: { positionSeconds: 60, deviceTime: new Date().toISOString() } }), expect: signedIn(200) },
    {
      name: 'draft',
      call: async (f) => ({ path: `/api/podcasts/${await podcast(f, { status: 'draft' })}/listening`, body: { positionSeconds: 60, deviceTime: new Date().toISOString() } }),
      expect: { ...signedIn(404), editor: 200, admin: 200 },
    },
  ],
  // The subscriber's record: theirs only; every other member has none (404).
  'GET /api/podcasts/:id/listening': { call: async (f) => ({ path: `/api/podcasts/${await listenedEpisode(f)}/listening` }), expect: { ...signedIn(404), subscriber: 200 } },
  'GET /api/listening': { call: () => ({ path: '/api/listening' }), expect: signedIn(200) },
  'GET /api/podcasts/:id/chapters.json': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f)}/chapters.json` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f, { status: 'draft' })}/chapters.json` }), expect: draftReaders(200) },
  ],
  'GET /api/podcasts/:id/transcript.txt': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f)}/transcript.txt` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f, { status: 'draft' })}/transcript.txt` }), expect: draftReaders(200) },
  ],
  'GET /api/podcasts/:id/transcript.vtt': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f)}/transcript.vtt` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcastWithText(f, { status: 'draft' })}/transcript.vtt` }), expect: draftReaders(200) },
  ],
  'GET /api/podcasts/:id/comments': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/comments` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcast(f, { status: 'draft' })}/comments` }), expect: draftReaders(200) },
  ],
  'POST /api/podcasts/:id/comments': { call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/comments`, body: { content: 'Nice' } }), expect: signedIn(201) },
  'DELETE /api/podcasts/comments/:commentId': { call: async (f) => ({ path: `/api/podcasts/comments/${await episodeComment(f)}` }), expect: ownerOrModerator(200) },
  'PATCH /api/podcasts/comments/:commentId': { call: async (f) => ({ path: `/api/podcasts/comments/${await episodeComment(f)}`, body: { content: 'Edited' } }), expect: ownerOnly(200) },
  'GET /api/podcasts/comments/:commentId/edits': { call: async (f) => ({ path: `/api/podcasts/comments/${await episodeComment(f)}/edits` }), expect: editors(200) },
  'POST /api/podcasts/:id/play': [
    { name: 'published', call: async (f) => ({ path: `/api/podcasts/${await podcast(f)}/play` }), expect: everyone(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/podcasts/${await podcast(f, { status: 'draft' })}/play` }), expect: draftReaders(200) },
  ],

  // Forums
  'GET /api/forum/categories': { call: () => ({ path: '/api/forum/categories' }), expect: everyone(200) },
  'GET /api/forum/discussions': { call: () => ({ path: '/api/forum/discussions' }), expect: everyone(200) },
  'GET /api/forum/discussions/:id': [
    { name: 'published', call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}` }), expect: everyone(200) },
    // A draft is seen by moderators and by its own author.
    { name: 'draft', call: async (f) => ({ path: `/api/forum/discussions/${await draftDiscussion(f)}` }), expect: { ...draftReaders(200), subscriber: 200 } },
  ],
  'POST /api/forum/discussions': {
    call: (f) => ({ path: '/api/forum/discussions', body: { title: 'A question', content: 'Details', categoryId: f.forumCategoryId } }),
    expect: signedIn(201),
  },
  'PATCH /api/forum/discussions/:id': [
    { name: 'edit', call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}`, body: { title: 'Edited' } }), expect: ownerOrModerator(200) },
    // Pinning is moderation, even for the author.
    { name: 'pin', call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}`, body: { isPinned: true } }), expect: { ...ownerOrModerator(200), subscriber: 403 } },
  ],
  'DELETE /api/forum/discussions/:id': { call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}` }), expect: ownerOrModerator(200) },
  'PATCH /api/forum/discussions/:id/status': {
    call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/status`, body: { status: 'draft' } }),
    expect: editors(200),
  },
  'PATCH /api/forum/discussions/:id/featured': {
    call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/featured`, body: { isFeatured: true } }),
    expect: editors(200),
  },
  'POST /api/forum/replies': { call: async (f) => ({ path: '/api/forum/replies', body: { discussionId: await discussion(f), content: 'Agreed' } }), expect: signedIn(201) },
  'DELETE /api/forum/replies/:id': { call: async (f) => ({ path: `/api/forum/replies/${await reply(f)}` }), expect: ownerOrModerator(200) },
  // The author edits their own reply; moderators read edit histories; the discussion's author or a moderator marks the answer.
  'PATCH /api/forum/replies/:id': { call: async (f) => ({ path: `/api/forum/replies/${await reply(f)}`, body: { content: 'Edited' } }), expect: ownerOnly(200) },
  'GET /api/forum/replies/:id/edits': { call: async (f) => ({ path: `/api/forum/replies/${await reply(f)}/edits` }), expect: editors(200) },
  'GET /api/forum/discussions/:id/edits': { call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/edits` }), expect: editors(200) },
  'PUT /api/forum/discussions/:id/answer': {
    call: async (f) => {
      const discussionId = await discussion(f);
      const r = await createReply(f.t.db, { discussionId, authorId: f.users.other.id, content: 'The answer' });
      return { path: `/api/forum/discussions/${discussionId}/answer`, body: { replyId: r.kind === 'created' ? r.id : null } };
    },
    expect: ownerOrModerator(200),
  },
  // Watching: each signed-in member's own level.
  'GET /api/forum/discussions/:id/watch': { call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/watch` }), expect: signedIn(200) },
  'PUT /api/forum/discussions/:id/watch': [
    { name: 'published', call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/watch`, body: { level: 'muted' } }), expect: signedIn(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/forum/discussions/${await draftDiscussion(f)}/watch`, body: { level: 'watching' } }), expect: { ...signedIn(404), subscriber: 200, editor: 200, admin: 200 } },
  ],
  'PUT /api/forum/discussions/:id/read': [
    { name: 'published', call: async (f) => ({ path: `/api/forum/discussions/${await discussion(f)}/read` }), expect: signedIn(200) },
    { name: 'draft', call: async (f) => ({ path: `/api/forum/discussions/${await draftDiscussion(f)}/read` }), expect: { ...signedIn(404), subscriber: 200, editor: 200, admin: 200 } },
  ],
  'GET /api/home': { call: () => ({ path: '/api/home' }), expect: signedIn(200) },
  'GET /api/forum/categories/:id/watch': { call: (f) => ({ path: `/api/forum/categories/${f.forumCategoryId}/watch` }), expect: signedIn(200) },
  'PUT /api/forum/categories/:id/watch': { call: (f) => ({ path: `/api/forum/categories/${f.forumCategoryId}/watch`, body: { level: 'watching' } }), expect: signedIn(200) },
  // A member's own topics (following and muting).
  'GET /api/topics': { call: () => ({ path: '/api/topics' }), expect: signedIn(200) },
  'PUT /api/topics/:kind/:id': [
    { name: 'news category', call: (f) => ({ path: `/api/topics/news_category/${f.newsCategoryId}`, body: { level: 'following' } }), expect: signedIn(200) },
    { name: 'forum category', call: (f) => ({ path: `/api/topics/forum_category/${f.forumCategoryId}`, body: { level: 'muted' } }), expect: signedIn(200) },
  ],

  // Resources and community
  'GET /api/resources': { call: () => ({ path: '/api/resources' }), expect: everyone(200) },
  'POST /api/resources': { call: () => ({ path: '/api/resources', body: { title: 'A guide', type: 'ebook', category: 'taxation' } }), expect: admins(201) },
  'PATCH /api/resources/:id': { call: async (f) => ({ path: `/api/resources/${await resource(f)}`, body: { title: 'Renamed' } }), expect: admins(200) },
  'DELETE /api/resources/:id': { call: async (f) => ({ path: `/api/resources/${await resource(f)}` }), expect: admins(200) },
  'GET /api/community/contributors': { call: () => ({ path: '/api/community/contributors?limit=10' }), expect: everyone(200) },
  'GET /api/community/stats': { call: () => ({ path: '/api/community/stats' }), expect: everyone(200) },

  // Users and invitations
  'GET /api/users/invitations': { call: () => ({ path: '/api/users/invitations' }), expect: admins(200) },
  'POST /api/users/invite': { call: () => ({ path: '/api/users/invite', body: { email: email(), role: 'contributor' } }), expect: admins(201) },
  'POST /api/users/invitations/:id/revoke': { call: async (f) => ({ path: `/api/users/invitations/${await invitation(f)}/revoke` }), expect: admins(200) },
  'POST /api/users/invitations/:id/link': { call: async (f) => ({ path: `/api/users/invitations/${await invitation(f)}/link` }), expect: admins(200) },
  'POST /api/users/invitations/:id/resend': { call: async (f) => ({ path: `/api/users/invitations/${await invitation(f)}/resend` }), expect: admins(200) },
  // Accepting an invitation: anyone holding the link (a signed-in caller is signed in as the new account).
  'GET /api/invitations/:token': { call: async (f) => ({ path: `/api/invitations/${(await invitationLink(f)).token}` }), expect: everyone(200) },
  'POST /api/invitations/:token/accept': {
    call: async (f) => ({
      path: `/api/invitations/${(await invitationLink(f)).token}/accept`,
      body: { password: 'Quiet-harbour-lamp-42', firstName: 'Invited', lastName: 'Member' },
    }),
    expect: everyone(201),
  },
  'GET /api/users': { call: () => ({ path: '/api/users' }), expect: admins(200) },
  'POST /api/users/create': {
    call: () => ({ path: '/api/users/create', body: { email: email(), password: 'Quiet-harbour-lamp-42', firstName: 'Made', lastName: 'ByAdmin' } }),
    expect: admins(201),
  },
  'PUT /api/users/:id': { call: async (f) => ({ path: `/api/users/${await targetUser(f)}`, body: { firstName: 'Renamed' } }), expect: admins(200) },
  'PATCH /api/users/:id/role': { call: async (f) => ({ path: `/api/users/${await targetUser(f)}/role`, body: { role: 'editor' } }), expect: admins(200) },
  'PATCH /api/users/:id/status': { call: async (f) => ({ path: `/api/users/${await targetUser(f)}/status`, body: { isActive: false } }), expect: admins(200) },
  'DELETE /api/users/:id': { call: async (f) => ({ path: `/api/users/${await targetUser(f)}` }), expect: admins(200) },
  'GET /api/admin/users': { call: () => ({ path: '/api/admin/users?q=matrix&active=true' }), expect: admins(200) },
  'GET /api/admin/dashboard': { call: () => ({ path: '/api/admin/dashboard?days=30' }), expect: editors(200) },
  'POST /api/admin/users': {
    call: () => ({ path: '/api/admin/users', body: { email: email(), password: 'Quiet-harbour-lamp-42', firstName: 'Made', lastName: 'ByAdmin' } }),
    expect: admins(201),
  },
  'PATCH /api/admin/users/:id': { call: async (f) => ({ path: `/api/admin/users/${await targetUser(f)}`, body: { role: 'contributor' } }), expect: admins(200) },
  'DELETE /api/admin/users/:id': { call: async (f) => ({ path: `/api/admin/users/${await targetUser(f)}` }), expect: admins(200) },
  'POST /api/admin/users/:id/logout-all': { call: async (f) => ({ path: `/api/admin/users/${await targetUser(f)}/logout-all` }), expect: admins(200) },
  'DELETE /api/admin/users/:id/two-factor': { call: async (f) => ({ path: `/api/admin/users/${await twoFactorUser(f)}/two-factor` }), expect: admins(200) },

  // The admin's content list and its bulk actions (editors and admins).
  'GET /api/admin/content': { call: () => ({ path: '/api/admin/content?kind=article&status=published' }), expect: editors(200) },
  'POST /api/admin/content/bulk': {
    call: async (f) => ({ path: '/api/admin/content/bulk', body: { kind: 'article', ids: [await article(f, { status: 'draft' })], action: 'publish' } }),
    expect: editors(200),
  },
  // The audit log: admins only.
  'GET /api/admin/audit': { call: () => ({ path: '/api/admin/audit?action=user.' }), expect: admins(200) },

  // Menu and maintenance
  'GET /api/menu-settings': { call: () => ({ path: '/api/menu-settings' }), expect: everyone(200) },
  'PATCH /api/admin/menu-settings/:menuKey': { call: () => ({ path: '/api/admin/menu-settings/news', body: { isVisible: true } }), expect: admins(200) },
  // What a forced rebuild would delete: counts only.
  'GET /api/admin/seed-database': { call: () => ({ path: '/api/admin/seed-database' }), expect: admins(200) },
  // The database has content, so this answers 'already seeded' and changes nothing.
  'POST /api/admin/seed-database': { call: () => ({ path: '/api/admin/seed-database', body: { force: false } }), expect: admins(200) },

  // Uploads: an upload URL, and the upload behind it, belong to the user who asked for it.
  'GET /api/upload-parameters': { call: () => ({ path: '/api/upload-parameters' }), expect: everyone(200) },
  'POST /api/objects/upload': [
    { name: 'image', call: () => ({ path: '/api/objects/upload', body: { kind: 'image' } }), expect: signedIn(200) },
    // Audio is only ever an episode, which only editors and admins publish.
    { name: 'audio', call: () => ({ path: '/api/objects/upload', body: { kind: 'audio' } }), expect: editors(200) },
  ],
  'PUT /api/uploads/:token': [
    {
      name: 'image',
      call: async (f) => ({ path: await ownersUploadUrl(f, 'image'), raw: PNG_BYTES, headers: { 'content-type': 'image/png' } }),
      expect: ownerOnly(200),
    },
    {
      name: 'audio',
      call: async (f) => ({ path: await ownersUploadUrl(f, 'audio'), raw: WAV_BYTES, headers: { 'content-type': 'audio/wav' } }),
      expect: ownerOnly(200),
    },
  ],
  'PUT /api/articles/images': { call: async (f) => ({ path: '/api/articles/images', body: { imageURL: await ownersUpload(f, 'image') } }), expect: ownerOnly(200) },
  'PUT /api/podcasts/audio': [
    { name: "an editor's upload", call: async (f) => ({ path: '/api/podcasts/audio', body: { audioURL: await editorsAudio(f) } }), expect: editorOnly(200) },
    {
      // An audio URL a subscriber holds (given before a demotion) cannot publish audio either.
      name: "a subscriber's upload",
      call: async (f) => {
        const path = await ownersUploadUrl(f, 'audio');
        const put = await (await f.agentFor('subscriber')).request('PUT', path, { raw: WAV_BYTES, headers: { 'content-type': 'audio/wav' } });
        if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
        return { path: '/api/podcasts/audio', body: { audioURL: path } };
      },
      expect: signedIn(403),
    },
  ],
  'GET /objects/:id': [
    { name: 'original', call: (f) => ({ path: f.objectPath }), expect: everyone(200) },
    { name: 'a size', call: (f) => ({ path: `${f.objectPath}?w=480&fmt=webp` }), expect: everyone(200) },
  ],

  // Generated covers: public items for everyone; drafts only for editors and admins
  'GET /covers/:kind/:id/:file': [
    { name: 'article', call: async (f) => ({ path: `/covers/article/${await article(f)}/640x360.webp` }), expect: everyone(200) },
    { name: 'draft article', call: async (f) => ({ path: `/covers/article/${await article(f, { status: 'draft' })}/640x360.webp` }), expect: draftReaders(200) },
    { name: 'episode', call: async (f) => ({ path: `/covers/podcast/${await podcast(f)}/640x360.webp` }), expect: everyone(200) },
    { name: 'draft episode', call: async (f) => ({ path: `/covers/podcast/${await podcast(f, { status: 'draft' })}/640x360.webp` }), expect: draftReaders(200) },
    { name: 'resource', call: async (f) => ({ path: `/covers/resource/${await resource(f)}/640x360.webp` }), expect: everyone(200) },
  ],
  'GET /covers/series/:file': { call: () => ({ path: '/covers/series/1400x1400.jpg' }), expect: everyone(200) },

  // Reports and the moderation queue: members report; editors and admins moderate.
  'POST /api/reports': { call: async (f) => ({ path: '/api/reports', body: { target: { type: 'member', id: await targetUser(f) }, reason: 'spam' } }), expect: signedIn(201) },
  'GET /api/reports/mine': { call: () => ({ path: '/api/reports/mine' }), expect: signedIn(200) },
  'GET /api/moderation/queue': { call: () => ({ path: '/api/moderation/queue' }), expect: editors(200) },
  'GET /api/moderation/count': { call: () => ({ path: '/api/moderation/count' }), expect: editors(200) },
  'POST /api/moderation/actions': { call: async (f) => ({ path: '/api/moderation/actions', body: { target: { type: 'member', id: await reportedMember(f) }, action: 'dismiss' } }), expect: editors(200) },

  // Search (drafts are filtered out of the results, never refused)
  'GET /api/search': { call: () => ({ path: '/api/search?q=ledger' }), expect: everyone(200) },

  // Feeds: public documents, the same for everyone
  'GET /feed.xml': { call: () => ({ path: '/feed.xml' }), expect: everyone(200) },
  'GET /feed.atom': { call: () => ({ path: '/feed.atom' }), expect: everyone(200) },
  'GET /news/category/:slug/feed.xml': {
    call: async (f) => ({ path: `/news/category/${(await f.t.db('news_categories').where({ id: f.newsCategoryId }).first()).slug}/feed.xml` }),
    expect: everyone(200),
  },
  'GET /podcasts/feed.xml': { call: () => ({ path: '/podcasts/feed.xml' }), expect: everyone(200) },
  'GET /sitemap.xml': { call: () => ({ path: '/sitemap.xml' }), expect: everyone(200) },
  'GET /robots.txt': { call: () => ({ path: '/robots.txt' }), expect: everyone(200) },
};

describeEachDb('permission matrix', (t) => {
  let f: Fixtures;

  beforeAll(async () => {
    const db = t().db;
    const users = {} as Fixtures['users'];
    for (const actor of ['subscriber', 'contributor', 'editor', 'admin'] as const) users[actor] = await createUser(db, { role: actor });
    users.inactive = await createUser(db, { isActive: false });
    users.other = await createUser(db);
    const agentFor = async (actor: Actor) => {
      const agent = t().agent();
      // A new session per call: logging in, out or being deleted must not leak into the next call.
      if (actor !== 'anonymous') await signInAs(db, agent, users[actor].id);
      return agent;
    };
    f = {
      t: t(),
      users,
      loginUser: await createUser(db),
      newsCategoryId: (await createCategory(db)).id,
      forumCategoryId: (await forumCategory(db)).id,
      objectPath: await publicImage(await agentFor('subscriber')),
      agentFor,
    };
  });

  it('has a row for every route the app serves, and none for a route it does not', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(servedRoutes(t().app));
  });

  it('gives each caller the status it must get on every route', async () => {
    const wrong: string[] = [];
    for (const [route, cases] of Object.entries(MATRIX)) {
      const method = route.slice(0, route.indexOf(' '));
      for (const c of Array.isArray(cases) ? cases : [cases]) {
        await Promise.all(
          ACTORS.map(async (actor) => {
            const call = await c.call(f);
            const agent = await f.agentFor(actor);
            const res = await agent.request(method, call.path, call);
            if (res.status !== c.expect[actor]) {
              wrong.push(`${route}${c.name ? ` (${c.name})` : ''} as ${actor}: ${res.status}, expected ${c.expect[actor]} ${res.text.slice(0, 200)}`);
            }
          }),
        );
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
