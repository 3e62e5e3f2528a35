/**
 * The reference: what a plain, good implementation of GET /api/news?limit=50 costs on this database,
 * with no sessions, validation or other middleware. Two queries: the page of published, non-archived
 * articles (newest first) and, in one batched join, their categories. commentCount is a column.
 */
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { toBool, toIso } from '../../server/db/dialect';

const config = loadConfig();
const db = connect(config.database);

type Row = Record<string, unknown>;

const router = new Router();
router.get('/api/health', async (ctx) => {
  await db.raw('select 1');
  ctx.body = { ok: true };
});
router.get('/api/news', async (ctx) => {
  const limit = Math.min(Math.max(Number(ctx.query.limit) || 50, 1), 100);
  const articles: Row[] = await db('news_articles')
    .where({ is_archived: false, status: 'published' })
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ])
    .limit(limit);
  const links: Row[] = await db('article_categories as ac')
    .join('news_categories as c', 'c.id', 'ac.category_id')
    .whereIn(
      'ac.article_id',
      articles.map((a) => a.id as string),
    )
    .select('ac.article_id', 'c.id', 'c.name', 'c.slug', 'c.color');
  const categoriesOf = new Map<unknown, Row[]>();
  for (const { article_id, ...category } of links) {
    categoriesOf.set(article_id, [...(categoriesOf.get(article_id) ?? []), category]);
  }
  ctx.body = articles.map((a) => ({
    id: a.id,
    title: a.title,
    content: a.content,
    excerpt: a.excerpt,
    imageUrl: a.image_url,
    thumbnailUrl: a.thumbnail_url,
    sourceUrl: a.source_url,
    sourceName: a.source_name,
    category: a.category,
    authorId: a.author_id,
    publishedAt: toIso(a.published_at),
    likes: a.likes,
    commentCount: a.comment_count,
    isArchived: toBool(a.is_archived),
    isFeatured: toBool(a.is_featured),
    status: a.status,
    createdAt: toIso(a.created_at),
    updatedAt: toIso(a.updated_at),
    categories: categoriesOf.get(a.id) ?? [],
    categoryIds: (categoriesOf.get(a.id) ?? []).map((c) => c.id),
  }));
});

const app = new Koa();
app.use(router.routes());
http.createServer(app.callback()).listen(config.port, config.host);
