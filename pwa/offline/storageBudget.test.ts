// The library's one budget: what it sums, and which downloads go first when a new one needs room.
import { describe, expect, it } from 'vitest';
import type { SavedArticle } from './db';
import { bytesOf, downloadBytesOf, LIBRARY_BUDGET_BYTES, libraryBytes, planRoom, storageBudget, storageSize } from './storageBudget';

const article = (id: string, bytes?: number): SavedArticle => ({ id, title: id, excerpt: null, imageUrl: null, publishedAt: null, savedAt: 1, owner: '', bytes });
const download = (episodeId: string, bytes: number, downloadedAt: number) => ({ episodeId, bytes, downloadedAt });

describe('the library budget', () => {
  it('sums saved articles (rows of older versions without a size count nothing) and downloads into one figure', () => {
    const articles = [article('a', 1_500), article('b'), article('c', 500)];
    const downloads = [download('e1', 10_000_000, 1), download('e2', 2_000_000, 2)];
    expect(bytesOf(articles)).toBe(2_000);
    expect(downloadBytesOf(downloads)).toBe(12_000_000);
    expect(libraryBytes(articles, downloads)).toBe(12_002_000);
    expect(storageSize(12_002_000)).toBe('12.0 MB');
    expect(storageSize(36_000)).toBe('36 KB');
  });

  it('is 500 MB, or half the quota when that is less', async () => {
    const navigator = globalThis.navigator;
    const withQuota = (quota: number) => Object.defineProperty(globalThis, 'navigator', { value: { storage: { estimate: async () => ({ quota }) } }, configurable: true });
    try {
      withQuota(10_000_000_000);
      expect(await storageBudget()).toBe(LIBRARY_BUDGET_BYTES);
      expect(LIBRARY_BUDGET_BYTES).toBe(500_000_000);
      withQuota(300_000_000);
      expect(await storageBudget()).toBe(150_000_000);
    } finally {
      Object.defineProperty(globalThis, 'navigator', { value: navigator, configurable: true });
    }
  });

  it('takes nothing away when the new download fits', () => {
    expect(planRoom({ needed: 40, used: 60, budget: 100 }, [download('old', 30, 1)], new Set(['old']))).toEqual({ evict: [], fits: true });
  });

  it("removes finished episodes' downloads first, oldest downloaded first, and only as many as it takes", () => {
    const downloads = [download('newest-finished', 30, 30), download('unfinished', 30, 5), download('oldest-finished', 20, 10), download('middle-finished', 20, 20)];
    const finished = new Set(['newest-finished', 'oldest-finished', 'middle-finished']);
    // 100 used, 40 more needed, budget 110: 30 must go, the two oldest finished (20 + 20).
    expect(planRoom({ needed: 40, used: 100, budget: 110 }, downloads, finished)).toEqual({ evict: ['oldest-finished', 'middle-finished'], fits: true });
    // Never an unfinished one: with every finished one gone it still does not fit, so the member is asked.
    expect(planRoom({ needed: 90, used: 100, budget: 110 }, downloads, finished)).toEqual({
      evict: ['oldest-finished', 'middle-finished', 'newest-finished'],
      fits: false,
    });
    expect(planRoom({ needed: 40, used: 100, budget: 110 }, downloads, new Set())).toEqual({ evict: [], fits: false });
  });
});
