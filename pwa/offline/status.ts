import { replaceEqualDeep, type Query, type QueryClient } from '@tanstack/react-query';

/**
 * Which query results came from the local store, and when they were fetched. Keyed by the data object
 * itself, so a result stops counting as "saved" the moment a fresh answer replaces it.
 */
const fromStore = new WeakMap<object, number>();

export function markFromStore(data: unknown, savedAt: number): void {
  if (typeof data === 'object' && data !== null) fromStore.set(data, savedAt);
}

/**
 * When `data` was fetched, if it was answered from the local store; else undefined. A paged list
 * (an infinite query's `{ pages }`) counts as stored when any of its pages is, as of the oldest.
 */
export function storedAt(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const pages = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages)) return fromStore.get(data);
  const times = pages.map((page) => storedAt(page)).filter((at): at is number => at !== undefined);
  return times.length ? Math.min(...times) : undefined;
}

/**
 * TanStack Query keeps the old object when a refetch returns equal data (structural sharing). A stored
 * answer must be replaced by the fresh one even when equal, or it would still count as saved content.
 */
export function shareUnlessStored(oldData: unknown, newData: unknown): unknown {
  return storedAt(oldData) !== undefined || storedAt(newData) !== undefined ? newData : replaceEqualDeep(oldData, newData);
}

const freshListeners = new Set<() => void>();

/** Called by the offline store with every answer that came from the network. */
export function freshAnswerArrived(): void {
  freshListeners.forEach((listener) => listener());
}

/** Told of every answer from the network: the sign that stored answers can be replaced now. */
export function onFreshAnswer(listener: () => void): () => void {
  freshListeners.add(listener);
  return () => freshListeners.delete(listener);
}

/** The oldest fetch time among results shown right now (queries with an observer) that came from the store. */
export function oldestShownFromStore(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    const at = shownStoredAt(query);
    if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

function shownStoredAt(query: Query): number | undefined {
  return query.getObserversCount() > 0 ? storedAt(query.state.data) : undefined;
}

/** Refetches every result that came from the store (used when the connection returns). */
export function refreshStoredResults(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => storedAt(query.state.data) !== undefined });
}
