import type { APIRequestContext, Page } from '@playwright/test';

/** Helpers shared by the news, article and podcast specs. */

/** Holds a routed request until `release` is called, so a pending state can be seen without sleeping. */
export function holdRoute() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/** Stores the theme before any page script runs, as a returning visitor's browser would have it. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

export interface CategoryRef {
  id: string;
  name: string;
  color: string;
}

export interface ListedArticle {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
  sourceName: string | null;
  sourceUrl: string | null;
  category: string | null;
  categories: CategoryRef[];
  status: 'draft' | 'published';
  isArchived: boolean;
  isFeatured: boolean;
  likes: number;
  commentCount: number;
  imageUrl: string | null;
}

export interface ListedPodcast {
  id: string;
  title: string;
  description: string | null;
  episodeNumber: number | null;
  duration: number | null;
  audioUrl: string | null;
  hostName: string | null;
  guestName: string | null;
  guestTitle: string | null;
  categories: CategoryRef[];
  status: 'draft' | 'published';
  isArchived: boolean;
  isFeatured: boolean;
  playCount: number;
  likes: number;
  imageUrl: string | null;
}

/** GET a JSON list or item with the given request context (page.request shares the page's cookies). */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Distinct categories of `items`, by id, in first-seen order (what the filter chips show). */
export function distinctCategories(items: ReadonlyArray<{ categories: CategoryRef[] }>): CategoryRef[] {
  const byId = new Map<string, CategoryRef>();
  for (const item of items) for (const c of item.categories) if (!byId.has(c.id)) byId.set(c.id, c);
  return [...byId.values()];
}

/** Makes every clipboard write fail, as in a browser that refuses the permission. */
export async function breakClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
}
