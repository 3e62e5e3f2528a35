import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { USER_QUERY_KEY } from '../api/keys';
import { currentUserId, onSessionChange } from './session';

/*
 * A copy of the small, rarely changing queries in localStorage, so that a cold start (offline, or on
 * a slow network) paints the header at once: the site's name, the menu the admin chose, the
 * categories and who is signed in (docs/offline.md, "Persisted queries"). Lists and details stay in
 * the offline store (Dexie), which answers per API path when the network does not.
 *
 * The copy is only a placeholder: every query restored from it is marked stale, so the first screen
 * that uses it asks the network as before and the answer replaces it. A page rendered on the server
 * arrives with fresher answers, which the copy never replaces. Online, the copy's answer about who
 * is signed in is not used: pages for members wait for the server as they always did; offline, the
 * session module's record would answer the same, and the copy only gives it sooner.
 *
 * The copy follows the session module (the one owner of who is signed in): it is removed when the
 * member signs out or their session ends (and nothing is written again until the page is loaded
 * again or someone signs in), and when another account signs in; a copy whose user is not the one
 * the session module recorded is never restored.
 */

/** The localStorage key of the copy. */
export const PERSISTED_QUERIES_KEY = 'ledger-queries';

/**
 * A week. The copy only paints until the network answers, and the offline store and the session
 * record still answer after it expires (only the instant paint is lost), so a long age gains little;
 * a week covers a commuter's days offline and a weekend away, while an admin's change to the menu or
 * the site's name made since is not shown for long to someone who was away longer.
 */
export const PERSISTED_QUERIES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Which build wrote the copy: the URL of the app's own code, which Vite names by its content hash
 * (`/assets/app-<hash>.js`), so every build whose code differs discards the previous build's copy.
 */
const BUILD_VERSION = new URL(import.meta.url).pathname;

/** The queries kept, by key prefix: small, the same for every visitor or about the user alone. */
const PERSISTED_PREFIXES: readonly QueryKey[] = [['site'], ['menu-settings'], ['news-categories'], USER_QUERY_KEY];

function isPersistedQueryKey(key: QueryKey): boolean {
  return PERSISTED_PREFIXES.some((prefix) => prefix.every((part, i) => key[i] === part));
}

const isUserKey = (key: QueryKey) => key.length === USER_QUERY_KEY.length && USER_QUERY_KEY.every((part, i) => key[i] === part);

type Persister = ReturnType<typeof createSyncStoragePersister>;
type PersistedClient = Parameters<Persister['persistClient']>[0];

export interface QueryPersistenceOptions {
  /** Where the copy is kept: localStorage in the app; undefined when the browser blocks it (nothing is kept). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** The build's version (tests pass their own). */
  buster?: string;
  /** Whether the browser reports a connection (navigator.onLine in the app). */
  online?: () => boolean;
  /** How long the writes of the copy are gathered into one (the persister's default: 1 s). */
  throttleMs?: number;
}

/**
 * Fills `client` from the copy (before the first render), then keeps the copy up to date and makes
 * it follow the session. Call after a server-rendered page's state is in the client. Returns a
 * function that stops keeping the copy.
 */
export function persistQueries(client: QueryClient, options: QueryPersistenceOptions): () => void {
  const buster = options.buster ?? BUILD_VERSION;
  /** Bumped when the copy is removed: a write gathered before that (the persister waits) is dropped. */
  let generation = 0;
  const copies = new WeakMap<PersistedClient, number>();
  const persister = createSyncStoragePersister({
    storage: options.storage,
    key: PERSISTED_QUERIES_KEY,
    throttleTime: options.throttleMs,
    serialize: (copy) => {
      // The persister leaves a write that throws unwritten (it retries only when told how).
      if (copies.get(copy) !== generation) throw new Error('A copy from before the session changed');
      return JSON.stringify(copy);
    },
  });

  /**
   * The copy's session answer when it was not restored (online): kept in the copy until the server
   * answers, or a browser closed before that would leave the next offline start without it.
   */
  let heldUser = restore(client, persister, buster, options.online?.() ?? true);

  let owner = currentUserId();
  /** After a sign-out nothing is written until someone signs in (or the page is loaded again). */
  let paused = false;

  const save = () => {
    if (paused) return;
    const clientState = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedQueryKey(query.queryKey),
      shouldDehydrateMutation: () => false,
    });
    if (clientState.queries.some((query) => isUserKey(query.queryKey))) heldUser = undefined;
    else if (heldUser) clientState.queries.push(heldUser);
    const copy: PersistedClient = { buster, timestamp: Date.now(), clientState };
    copies.set(copy, generation);
    void persister.persistClient(copy);
  };

  const stopCache = client.getQueryCache().subscribe((event) => {
    if ((event.type === 'added' || event.type === 'removed' || event.type === 'updated') && isPersistedQueryKey(event.query.queryKey)) save();
  });
  const stopSession = onSessionChange((userId) => {
    if (userId === owner) return;
    owner = userId;
    heldUser = undefined;
    generation += 1;
    remove(persister);
    // Signed out (or the session ended): nothing of the member is written again. Another account
    // signed in: the copy starts again from what the cache holds now, the new user's.
    paused = userId === null;
    save();
  });
  return () => {
    stopCache();
    stopSession();
  };
}

type PersistedQuery = PersistedClient['clientState']['queries'][number];

/**
 * Puts the copy's queries into the cache, unless it is from another build, too old or another user's.
 * Returns the copy's session answer when it was held back (online).
 */
function restore(client: QueryClient, persister: Persister, buster: string, online: boolean): PersistedQuery | undefined {
  let copy: PersistedClient | undefined | null;
  try {
    // The sync persister reads localStorage at once: the first render already has the copy.
    copy = persister.restoreClient() as PersistedClient | undefined;
    if (copy === undefined) return; // nothing kept
  } catch {
    copy = null; // unreadable (storage blocked, not JSON): removed below
  }
  const queries = copy?.clientState?.queries;
  const usable = copy && Array.isArray(queries) && copy.buster === buster && Date.now() - copy.timestamp <= PERSISTED_QUERIES_MAX_AGE_MS;
  if (!usable || !sameUser(queries)) {
    remove(persister);
    return undefined;
  }
  const cache = client.getQueryCache();
  const restored = queries!.filter(
    (query) =>
      isPersistedQueryKey(query.queryKey) &&
      // A page rendered on the server came with fresher answers.
      !cache.get(query.queryHash) &&
      // Online, who is signed in is the server's answer, as before.
      !(online && isUserKey(query.queryKey)),
  );
  const heldUser = online ? queries.find((query) => isUserKey(query.queryKey)) : undefined;
  if (restored.length === 0) return heldUser;
  hydrate(client, { mutations: [], queries: restored });
  const hashes = new Set(restored.map((query) => query.queryHash));
  // A placeholder until the network answers: the first screen that uses each query fetches it again.
  void client.invalidateQueries({ predicate: (query: Query) => hashes.has(query.queryHash), refetchType: 'none' });
  return heldUser;
}

function remove(persister: Persister): void {
  try {
    void persister.removeClient();
  } catch {
    // storage blocked: nothing was kept either
  }
}

/** localStorage, or undefined when the browser blocks site storage (reading the property throws). */
export function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the copy's user (if it holds one) is the user the session module recorded. */
function sameUser(queries: PersistedQuery[]): boolean {
  const user = queries.find((query) => isUserKey(query.queryKey));
  if (!user) return true;
  return ((user.state.data as User | null | undefined)?.id ?? null) === currentUserId();
}
