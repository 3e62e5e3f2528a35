import type Koa from 'koa';
import type { Knex } from 'knex';
import type { LikeResponse } from '../../../contracts/news';
import { notFound } from '../../errors';
import { findVisibleContent, itemId } from '../content/handlers';
import type { ContentKind } from '../content/kinds';
import { addLike, removeLike } from './repo';

/**
 * POST (like) and DELETE (unlike) `…/{id}/like`. Anyone who can see the item may call them.
 * Anonymous calls change nothing: the browser keeps its own count (spec 4) and gets the server's
 * count back. Signed-in likes are recorded once per user and item.
 */
export function likeHandler(db: Knex, kind: ContentKind, action: 'like' | 'unlike'): Koa.Middleware {
  return async (ctx) => {
    const id = itemId(ctx, kind);
    const viewer = ctx.state.user;
    const item = await findVisibleContent(db, kind, id, viewer);
    let body: LikeResponse;
    if (!viewer) {
      body = { anonymous: true, likes: Number(item.likes) || 0 };
    } else {
      const change = action === 'like' ? addLike : removeLike;
      // Undefined when the item was deleted since it was read.
      const state = await change(db, viewer.id, kind.likeTarget, id);
      if (!state) throw notFound();
      body = { anonymous: false, ...state };
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };
}
