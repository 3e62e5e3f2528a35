import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { OfflineError } from '../lib/errors';
import { USER_QUERY_KEY } from '../api/keys';
import { fetchSession } from '../api/session';
import { followSessionEnds } from '../api/client';
import { SITE_RESET_MESSAGE, SITE_RESET_SESSION_END } from '../../contracts/constants';
import { toast } from '../components/Toast';
import { serverRequest } from '../lib/environment';

/*
 * Who is signed in on this device: the one owner of that fact (docs/offline.md, "Who is signed in").
 * The current-user query, the offline store (whose rows it files under whom, and which removes a
 * member's data when they leave: onMemberLeaving) and the outbox (whose queue it sends) all follow
 * this module; nothing else decides that somebody signed in or out. It imports none of them.
 *
 * It keeps a record of the last user the server confirmed, in localStorage, written at once by every
 * sign-in, sign-out and fresh answer. Offline, the record answers "who is signed in": never a copy
 * of an older /api/auth/session answer (a stored `{user:null}` from /login would sign a member out
 * offline and delete what they had saved).
 *
 * A member's data leaves the device only when: they sign out here (Logout, Sign out everywhere),
 * the server answers that their session has ended (ended elsewhere, or idle for 30 days), or another
 * account signs in here. An answer that did not arrive (offline) changes nothing.
 */

const RECORD_KEY = 'ledger-session';
/** Written by the outbox before this module existed; removed when the record is first written. */
const OLD_OUTBOX_KEY = 'outboxUserId';
const USER_KEY = USER_QUERY_KEY;

/** The recorded user; null = nobody signed in; undefined = never recorded on this device. */
let record: User | null | undefined = typeof window === 'undefined' ? undefined : readRecord();
let queryClient: QueryClient | null = null;
/** Bumped by every sign-in and sign-out: an answer requested before one of them is out of date. */
let generation = 0;

type Listener = (userId: string | null) => void;
const listeners = new Set<Listener>();

/** Removes a departing member's data from the device, keeping the rows of `keep` (who signs in now). */
type Departure = (keep: string | undefined) => Promise<void>;
const departures = new Set<Departure>();

/**
 * Whether this page load has learnt who is signed in (a server answer, or the record when offline):
 * the offline store files nothing before, so a response is never filed under the wrong person.
 */
let settle: () => void;
let settled = false;
const ready = new Promise<void>((resolve) => (settle = resolve));

function readRecord(): User | null | undefined {
  try {
    const text = localStorage.getItem(RECORD_KEY);
    return text === null ? undefined : (JSON.parse(text) as { user: User | null }).user;
  } catch {
    return undefined; // storage blocked or unreadable: as on a first visit
  }
}

function writeRecord(user: User | null): void {
  record = user;
  try {
    localStorage.setItem(RECORD_KEY, JSON.stringify({ user }));
    localStorage.removeItem(OLD_OUTBOX_KEY);
  } catch {
    // storage blocked: offline the app then starts as a visitor
  }
}

// ---------------------------------------------------------------- reading it

/** The signed-in user's id, or null (nobody, or not known yet on a first visit). */
export function currentUserId(): string | null {
  return record?.id ?? null;
}

/** The id the offline store files rows under: the user's, '' for a visitor. Wait for `sessionSettled` first. */
export function ownerId(): string {
  return record?.id ?? '';
}

/** Resolves once this page load knows who is signed in (see `ready`). */
export function sessionSettled(): Promise<void> {
  return ready;
}

/** The query client the app runs with, for the outbox's refreshes (null on the server and in unit tests). */
export function sessionQueryClient(): QueryClient | null {
  return queryClient;
}

/**
 * Called with the user's id (null for nobody) after every sign-in, sign-out and fresh answer of the
 * server, even when the same user signs in again (the outbox resumes sending after a 401).
 */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called, and waited for, whenever a member's data must leave the device: a sign-out here, the
 * server's answer that their session ended, another account signing in. The offline store registers
 * its clearUserData when it loads, which the app does at start (pwa/queryClient.ts), before anyone
 * can sign in or out.
 */
export function onMemberLeaving(departure: Departure): () => void {
  departures.add(departure);
  return () => departures.delete(departure);
}

// ---------------------------------------------------------------- the current-user query

/**
 * The current-user query's function (pwa/session/queries.ts). Online, the server's answer is the
 * truth and is recorded; when no answer arrives (offline), the record answers. The answer is never
 * kept in or read from the offline store.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<User | null> {
  if (typeof window === 'undefined' || serverRequest()) return (await fetchSession(signal)).user;
  const asked = generation;
  try {
    const { user } = await fetchSession(signal);
    // A sign-in or sign-out happened while this was on its way: the answer describes the time before.
    if (asked !== generation) return record ?? null;
    await serverSaid(user);
    return user;
  } catch (error) {
    // No answer (offline, server unreachable): the session as last known.
    if (!(error instanceof OfflineError)) throw error;
    markSettled();
    return record ?? null;
  }
}

/** A page rendered on the server arrives with its answer about the user: a fresh answer like any. */
export function followRenderedAnswer(client: QueryClient): void {
  const user = client.getQueryData<User | null>(USER_KEY);
  if (user !== undefined) void serverSaid(user);
}

/** Links the app's query client (pwa/queryClient.ts) and follows the record across this device's tabs. */
export function connectSession(client: QueryClient): void {
  queryClient = client;
  if (typeof window === 'undefined') return;
  followSessionEnds((reason) => void sessionEndedBy(reason));
  window.addEventListener('storage', (event) => {
    if (event.key !== RECORD_KEY) return;
    record = readRecord();
    generation += 1;
    queryClient?.setQueryData(USER_KEY, record ?? null);
    notify();
  });
}

// ---------------------------------------------------------------- sign-in and sign-out

/**
 * After any sign-in (the login form, registration, an accepted invitation): records the user, files
 * the store's rows under them, removes another account's data from the device, resumes the outbox,
 * and refetches every answer that depends on who asks (drafts, liked flags, admin-only labels).
 */
export async function signedIn(user: User): Promise<void> {
  generation += 1;
  const client = queryClient;
  // An answer about the user still on its way (from before the sign-in) must not overwrite this one.
  await client?.cancelQueries({ queryKey: USER_KEY });
  await changeTo(user);
  client?.setQueryData(USER_KEY, user);
  notify();
  await client?.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'site' });
}

/**
 * An explicit sign-out on this device (Logout, Sign out everywhere): nobody is recorded, the member's
 * data is removed from the device, and every cached answer except "nobody" is dropped.
 */
export async function signedOut(): Promise<void> {
  generation += 1;
  const client = queryClient;
  await client?.cancelQueries({ queryKey: USER_KEY });
  const dropping = changeTo(null);
  // Set (not removed) so the mounted header learns at once that nobody is signed in.
  client?.setQueryData(USER_KEY, null);
  client?.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
  notify();
  await dropping;
}

/**
 * The server said why this browser's session ended (the `Session-Ended` header, on its first
 * answer after): a sample-data rebuild deleted the account. The member leaves as on a sign-out
 * and is told why, instead of finding themself signed out without a word. Said once per ending:
 * the server sends the reason only once.
 */
async function sessionEndedBy(reason: string): Promise<void> {
  if (reason !== SITE_RESET_SESSION_END) return;
  toast({ title: SITE_RESET_MESSAGE, variant: 'destructive', timeout: SITE_RESET_TOAST_MS });
  // As when the server answers that nobody is signed in: the member's data leaves the device. The
  // page stays where it is, so its lists are refetched as a visitor's rather than dropped.
  generation += 1;
  await serverSaid(null);
  queryClient?.setQueryData(USER_KEY, null);
  await queryClient?.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'site' });
}

/** Long enough to be read by someone who was looking elsewhere when it came. */
const SITE_RESET_TOAST_MS = 15_000;

async function serverSaid(user: User | null): Promise<void> {
  const changed = (record?.id ?? null) !== (user?.id ?? null) || record === undefined;
  if (changed) await changeTo(user);
  else writeRecord(user); // the same person; their name or role may have changed
  markSettled();
  notify();
}

/** Records `user`; when that replaces someone else, their data leaves the device first. */
async function changeTo(user: User | null): Promise<void> {
  const before = record;
  writeRecord(user);
  markSettled();
  // Another account (or nobody) replaces a member: every row not the new user's or a visitor's goes.
  if (user ? before?.id !== user.id : before) {
    await Promise.all([...departures].map((departure) => departure(user?.id).catch(report)));
  }
}

function markSettled(): void {
  if (settled) return;
  settled = true;
  settle();
}

function notify(): void {
  const id = currentUserId();
  listeners.forEach((listener) => listener(id));
}

function report(error: unknown): void {
  console.warn('Session', error);
}
