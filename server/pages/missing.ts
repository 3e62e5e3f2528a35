import type Koa from 'koa';
import { Id } from '../../contracts/common';
import type { InternalCalls } from '../middleware/proxy';
import { loopbackFetch } from './render';

/** An item's page (pwa/router.tsx) and the API answer it shows: the page exists exactly when that answer does. */
const ITEM_PAGES: Array<{ page: RegExp; api: (id: string) => string }> = [
  { page: /^\/news\/([^/]+)$/, api: (id) => `/api/news/${id}` },
  { page: /^\/podcasts\/([^/]+)$/, api: (id) => `/api/podcasts/${id}` },
  { page: /^\/forums\/([^/]+)$/, api: (id) => `/api/forum/discussions/${id}` },
  { page: /^\/members\/([^/]+)$/, api: (id) => `/api/members/${id}` },
];

/**
 * Whether the request is for the page of an article, episode, discussion or member that this viewer cannot
 * see: unknown, deleted, a draft, a deactivated member. Such a page is answered 404 (server/static.ts)
 * with the plain shell, whose app shows its not-found screen, so search engines drop it; it is never
 * rendered or kept. The item's own API answer decides, asked over loopback with the viewer's cookie,
 * so the page follows every visibility rule of the API (an editor's draft is theirs to see) and, for
 * visitors, is usually a hit of the response cache (the render asks the same). Only well-formed ids:
 * `/news/add` and the like are other screens. Anything but a 404 (a 503 while the database is away)
 * keeps the page as it was.
 */
export function missingItemPage(internal: InternalCalls): (ctx: Koa.Context) => Promise<boolean> {
  return async (ctx) => {
    const match = ITEM_PAGES.map((item) => ({ ...item, id: item.page.exec(ctx.path)?.[1] })).find((item) => item.id !== undefined);
    if (!match || !Id.safeParse(match.id).success) return false;
    const cookie = ctx.get('Cookie') || undefined;
    try {
      const res = await loopbackFetch(ctx, internal, cookie)(match.api(match.id!), { headers: { accept: 'application/json' } });
      await res.body?.cancel();
      return res.status === 404;
    } catch (error) {
      console.error('Could not ask the API whether a page exists', ctx.path, error);
      return false;
    }
  };
}
