import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import type { LikeKind } from '../../api/likes';
import { useOutboxItems } from '../../outbox/hooks';
import { authQueries } from '../../session/queries';
import { useLikeMutation } from './mutations';

/**
 * Likes (spec 4): anonymous likes are counted only in this browser, in localStorage maps from id to
 * a count; anonymous viewers see the server count plus the local one. Signed-in viewers toggle a
 * server-side like and see the server count only.
 */
export type { LikeKind };

const STORAGE_KEYS: Record<LikeKind, string> = {
  news: 'articleLikeCounts',
  podcasts: 'podcastLikeCounts',
};

/** Same-tab writes do not fire `storage` events, so subscribers are also told directly. */
const listeners = new Set<() => void>();

function readCounts(kind: LikeKind): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS[kind]) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {}; // unreadable or unavailable storage counts as no local likes
  }
}

export function localLikeCount(kind: LikeKind, id: string): number {
  const count = readCounts(kind)[id];
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

function incrementLocalLike(kind: LikeKind, id: string): void {
  const counts = readCounts(kind);
  counts[id] = localLikeCount(kind, id) + 1;
  try {
    localStorage.setItem(STORAGE_KEYS[kind], JSON.stringify(counts));
  } catch {
    // storage full or blocked: the like was still sent; it just is not remembered
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

export interface LikeableItem {
  id: string;
  likes: number;
  /** Whether the signed-in viewer likes it (false for anonymous viewers). */
  liked: boolean;
}

export interface LikeState {
  /** The count to show. */
  count: number;
  /** Signed in and liked (anonymous likes are not a toggle). */
  liked: boolean;
  isSignedIn: boolean;
  isPending: boolean;
  /** A signed-in like or unlike is waiting in the outbox. */
  isQueued: boolean;
  /** Anonymous: adds a like. Signed in: likes or unlikes. */
  toggle: () => void;
}

export function useLike(kind: LikeKind, item: LikeableItem): LikeState {
  const { data: user } = useQuery(authQueries.user());
  const isSignedIn = Boolean(user);
  const localCount = useSyncExternalStore(
    subscribe,
    () => localLikeCount(kind, item.id),
    () => 0, // the server knows no browser's own likes
  );
  // The latest server answer, shown until the refetched list carries it (keyed by the item's own values).
  const [answer, setAnswer] = useState<{ for: string; likes: number; liked: boolean } | null>(null);
  const itemKey = `${item.id}:${item.likes}:${item.liked}`;
  const current = answer?.for === itemKey ? answer : { likes: item.likes, liked: item.liked };

  // The newest queued like or unlike decides what the signed-in viewer sees until it is sent.
  const queued = useOutboxItems().filter((i) => i.likeKind === kind && i.targetId === item.id && i.state === 'pending').at(-1);
  const mutation = useLikeMutation(kind, item.id, isSignedIn, (response) => {
    if (response.anonymous) incrementLocalLike(kind, item.id);
    else setAnswer({ for: itemKey, likes: response.likes, liked: response.liked });
  });

  const shown = queued ? { liked: queued.kind === 'like', likes: current.likes + (queued.kind === 'like' ? 1 : -1) * Number((queued.kind === 'like') !== current.liked) } : current;

  return {
    count: isSignedIn ? shown.likes : item.likes + localCount,
    liked: isSignedIn && shown.liked,
    isSignedIn,
    isPending: mutation.isPending,
    isQueued: Boolean(queued),
    toggle: () => mutation.mutate(isSignedIn && shown.liked),
  };
}
