import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from './session';

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
  showId: string | null;
  show: { id: string; name: string; slug: string } | null;
}

/** GET /api/podcast-shows (nextEpisodeNumber for editors and admins only). */
export interface ListedShow {
  id: string;
  name: string;
  slug: string;
  episodeCount: number;
  nextEpisodeNumber?: number;
}

/** GET a JSON list or item with the given request context (page.request shares the page's cookies). */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The hub pages episodes 12 at a time, like /news (LIST_PAGE_SIZE in pwa/api/news.ts). */
export const EPISODE_PAGE = 12;

/**
 * What /podcasts shows unfiltered: the featured card (the first featured episode, else the newest) above
 * the first page of episodes, less that one (it is not repeated). `firstPage` is the page as the API
 * sends it, which is what a search or a category filter works over.
 */
export async function hubEpisodes(request: APIRequestContext, query = '') {
  const firstPage = await getJson<ListedPodcast[]>(request, `/api/podcasts?limit=${EPISODE_PAGE}${query}`);
  const [featured = firstPage[0]] = await getJson<ListedPodcast[]>(request, '/api/podcasts/featured');
  return { featured, firstPage, listed: firstPage.filter((p) => p.id !== featured?.id) };
}

/**
 * An article's Markdown body shows as its blocks: its headings as headings, and one
 * paragraph per plain block (lists, quotes and tables are blocks of their own kind).
 */
export async function expectMarkdownBody(body: Locator, markdown: string): Promise<void> {
  const blocks = markdown.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);
  const heading = /^#{1,6} /;
  await expect(body.getByRole('heading')).toHaveText(blocks.filter((b) => heading.test(b)).map((b) => b.replace(heading, '')));
  const paragraphs = blocks.filter((b) => !/^(#{1,6} |[-*+] |\d+\. |> |\|)/.test(b));
  // Their text without the emphasis marks and link targets.
  const text = (b: string) => b.replace(/\*\*|__/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  await expect(body.locator(':scope > p')).toHaveText(paragraphs.map(text));
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

/** Signs the request context in as the sample editor (for setting up content through the API). */
export async function editorApi(request: APIRequestContext): Promise<APIRequestContext> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } });
  expect(res.status()).toBe(200);
  return request;
}

/** A published (unless `status` says otherwise) article in the first category, made by the editor. */
export async function createArticle(
  request: APIRequestContext,
  data: { title: string; content: string; excerpt?: string; status?: string; sourceName?: string; categoryIds?: string[] },
): Promise<{ id: string; title: string }> {
  const api = await editorApi(request);
  const [category] = await getJson<Array<{ id: string }>>(api, '/api/news-categories');
  const res = await api.post('/api/news', { data: { categoryIds: [category.id], ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}
