import { IDEMPOTENCY_IN_PROGRESS } from '../../contracts/constants';
import { sendIdempotent } from '../api/client';
import { ApiError } from '../lib/errors';
import { serverMessage } from '../lib/errors';
import { toast } from '../components/Toast';
import { currentUserId, onSessionChange, sessionQueryClient } from '../session/session';
import { storeMayLoad } from '../offline/afterWorker';
import type { OutboxItem } from './db';
import { OUTBOX_KINDS } from './kinds';

/*
 * The outbox engine. A write goes straight to the server when it can; when the browser is
 * offline, or the request fails without an answer, it is queued in IndexedDB and sent later, in
 * order, with `Idempotency-Key` = its id, so a write whose answer was lost is never applied twice.
 * Sending starts on the `online` event, at app start, after sign-in, on 'Sync now', and again with
 * backoff while the server cannot be reached. One tab sends at a time (Web Locks). Whose queue is
 * sent is the session module's answer (pwa/session/session.ts), never a copy of its own.
 */

export type NewItem = Omit<OutboxItem, 'seq' | 'state' | 'reason' | 'userId'>;

export type SendResult<T> = { queued: true } | { queued: false; data: T };

const LOCK_NAME = 'ledger-outbox-sync';
// Dexie loads with the first use of the queue, not with the app's first script (bundle budget).
const loadDb = () => import('./db');
const table = async () => (await loadDb()).outboxDb.items;
const BACKOFF_START_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;
/** Kinds whose 409 means the write was made before (a report the member already sent): done, not refused. */
const DUPLICATE_IS_DONE: ReadonlySet<OutboxItem['kind']> = new Set(['report']);
/**
 * Kinds whose every refusal is final and the member's to do nothing about: a CPD time record the
 * server refused (tracking paused meanwhile, the item gone, time already counted) has no words to
 * copy and no retry that would change the answer, so it leaves the queue.
 */
const REFUSAL_IS_DONE: ReadonlySet<OutboxItem['kind']> = new Set(['cpdTime']);
/** Kinds whose 404 means the write has nothing left to do: done, not refused. */
const GONE_IS_DONE: ReadonlySet<OutboxItem['kind']> = new Set(['deleteComment', 'editComment', 'editReply', 'editDiscussion', 'readNotification', 'listRemove', 'listProgress', 'listening', 'watch', 'topic']);

// ---------------------------------------------------------------- observable state

interface EngineState {
  /** Every queued item, oldest first (all users'; screens filter to the signed-in one). */
  items: OutboxItem[];
  /** The server said 401: sending waits until the user signs in again. */
  needsSignIn: boolean;
}

let state: EngineState = { items: [], needsSignIn: false };
const listeners = new Set<() => void>();
let subscription: { unsubscribe(): void } | null = null;

function setState(patch: Partial<EngineState>) {
  const next = { ...state, ...patch };
  // The same as before (as the live query's first answer usually is): every like button and notice
  // subscribes, and a store change re-renders them all at once.
  if (JSON.stringify(next) === JSON.stringify(state)) return;
  state = next;
  listeners.forEach((notify) => notify());
}

/** For useSyncExternalStore: one live query of the table shared by every component. */
export function subscribeOutbox(notify: () => void): () => void {
  listeners.add(notify);
  if (!subscription) {
    subscription = { unsubscribe() {} };
    // Only a view of the queue: on a first visit, once Dexie costs no second download (pwa/offline/afterWorker.ts).
    void storeMayLoad()
      .then(loadDb)
      .then(({ liveQuery, outboxDb }) => {
        subscription = liveQuery(() => outboxDb.items.orderBy('seq').toArray()).subscribe({
          next: (items) => setState({ items }),
          error: () => setState({ items: [] }),
        });
      });
  }
  return () => listeners.delete(notify);
}

export const outboxSnapshot = (): EngineState => state;

// ---------------------------------------------------------------- who is sending

/**
 * Follows the session: every sign-in (the same user again after a 401 included) and every fresh
 * answer about the user resumes sending that user's queue.
 */
onSessionChange((userId) => {
  if (!userId) return;
  setState({ needsSignIn: false });
  void syncNow();
});

// ---------------------------------------------------------------- writing

/** A rejected fetch (no answer at all) is a TypeError; anything the server said is an ApiError. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Queues the item; one with a `replaceKey` takes the place of this user's pending item of the same
 * kind and key, in one transaction, so no reader (nor the sender) ever sees both or neither.
 */
async function enqueue(item: NewItem): Promise<void> {
  const userId = currentUserId();
  if (!userId) throw new Error('Only signed-in writes are queued');
  const { outboxDb } = await loadDb();
  const row: OutboxItem = { ...item, userId, state: 'pending' };
  const { replaceKey } = item;
  if (replaceKey === undefined) {
    await outboxDb.items.add(row);
    return;
  }
  await outboxDb.transaction('rw', outboxDb.items, async () => {
    await outboxDb.items
      .where('userId')
      .equals(userId)
      .filter((queued) => queued.kind === item.kind && queued.replaceKey === replaceKey && queued.state === 'pending')
      .delete();
    await outboxDb.items.add(row);
  });
}

/**
 * Sends a signed-in write now, or queues it. Queued when the browser is offline, when earlier items
 * of this user still wait (order is kept), or when the request got no answer. The same id is the
 * Idempotency-Key of the first attempt and of every later one, so a lost answer cannot double it.
 */
export async function sendOrQueue<T>(item: NewItem): Promise<SendResult<T>> {
  const waiting = state.items.some((i) => i.userId === currentUserId() && i.state === 'pending');
  if (currentUserId() && (!navigator.onLine || waiting)) {
    await enqueue(item);
    void syncNow();
    return { queued: true };
  }
  let data: T;
  try {
    data = await sendIdempotent<T>(item);
  } catch (error) {
    if (!currentUserId() || !isNetworkError(error)) {
      // Refused: what the screen showed is refetched, as after a refused replay.
      if (error instanceof ApiError) await refresh(item);
      throw error;
    }
    await enqueue(item);
    scheduleRetry();
    return { queued: true };
  }
  await refresh(item);
  return { queued: false, data };
}

/**
 * Spread into every mutation that goes through `sendOrQueue`: TanStack Query pauses mutations while
 * the browser is offline, and these must run then, to be queued.
 */
export const OUTBOX_MUTATION = { networkMode: 'always' } as const;

/** Shown instead of the success toast when a write was queued rather than sent. */
export const QUEUED_TOAST = { title: 'Saved offline', description: 'It will be sent when you are back online.' };

/** The fields every new item shares: a fresh id (its Idempotency-Key) and the time it was made. */
export function newItemBase(): { id: string; writtenAt: string } {
  return { id: crypto.randomUUID(), writtenAt: new Date().toISOString() };
}

// ---------------------------------------------------------------- sending

let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** failures);
  failures += 1;
  retryTimer = setTimeout(() => void syncNow(), delay);
}

/** Sends the signed-in user's pending items, oldest first, in this tab only while it holds the lock. */
export function syncNow(): Promise<void> {
  if (!currentUserId() || state.needsSignIn) return Promise.resolve();
  // Web Locks: another tab sending the same queue makes this one wait, then find nothing left.
  if (navigator.locks) return navigator.locks.request(LOCK_NAME, () => drain()).then(() => undefined);
  return drain();
}

type Outcome = 'sent' | 'refused' | 'retry' | 'signIn';

async function drain(): Promise<void> {
  for (;;) {
    const userId = currentUserId();
    if (!userId || state.needsSignIn || !navigator.onLine) return;
    const item = await (await table())
      .orderBy('seq')
      .filter((i) => i.userId === userId && i.state === 'pending')
      .first();
    if (!item) {
      failures = 0;
      return;
    }
    const outcome = await send(item);
    if (outcome === 'retry') return scheduleRetry();
    if (outcome === 'signIn') {
      setState({ needsSignIn: true });
      toast({ title: 'Session expired', description: 'Sign in to send your changes waiting to sync.', variant: 'destructive' });
      return;
    }
    failures = 0;
  }
}

async function send(item: OutboxItem): Promise<Outcome> {
  try {
    await sendIdempotent(item);
  } catch (error) {
    if (!(error instanceof ApiError)) return 'retry';
    const { status } = error;
    if (status === 401) return 'signIn';
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (status >= 500 || status === 429 || status === 408 || code === IDEMPOTENCY_IN_PROGRESS) return 'retry';
    // Already gone is done: a comment needs no deleting, a withdrawn notification no reading, a gone
    // article no removing from the reading list or recording of progress; a report made before needs no second.
    const done = REFUSAL_IS_DONE.has(item.kind) || (GONE_IS_DONE.has(item.kind) && status === 404) || (DUPLICATE_IS_DONE.has(item.kind) && status === 409);
    if (!done) {
      await (await table()).update(item.seq!, { state: 'failed', reason: reasonFor(error) });
      void refresh(item);
      return 'refused';
    }
  }
  await (await table()).delete(item.seq!);
  void refresh(item);
  return 'sent';
}

function reasonFor(error: ApiError): string {
  if (error.status === 404) return `${serverMessage(error, 'Not found')}: it may have been deleted.`;
  return serverMessage(error, `The server refused it (${error.status}).`);
}

/**
 * Refetches what the item changed (its kind's invalidation, pwa/outbox/kinds.ts), so the server's
 * version replaces what the screen showed: the same queries whether it was sent at once or replayed.
 */
function refresh(item: Omit<OutboxItem, 'userId' | 'state'>): Promise<void> {
  const queryClient = sessionQueryClient();
  return queryClient ? OUTBOX_KINDS[item.kind](queryClient, item as OutboxItem) : Promise.resolve();
}

// ---------------------------------------------------------------- the user's choices on a refused item

export async function retryItem(item: OutboxItem): Promise<void> {
  await (await table()).update(item.seq!, { state: 'pending', reason: undefined });
  failures = 0;
  await syncNow();
}

export async function discardItem(item: OutboxItem): Promise<void> {
  await (await table()).delete(item.seq!);
}

/** Starts sending when the connection comes back; the header calls this once. */
export function listenForConnection(): () => void {
  const online = () => {
    failures = 0;
    void syncNow();
  };
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
}
