import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { NewsCategoryCreateInput, NewsCategoryUpdateInput } from '../../../contracts/admin';
import { now } from '../../db/dialect';
import { wherePublished } from '../content/visibility';
import type { NewsCategoryRow } from './presenter';

/** The link table and item table of each kind a category can be `usedBy`. */
const USED_BY = {
  news: { link: 'article_categories', column: 'article_id', items: 'news_articles' },
  podcasts: { link: 'podcast_categories', column: 'podcast_id', items: 'podcast_episodes' },
} as const;

/**
 * Ordered by display order, then name (the admin list, every category picker and the filter chips).
 * `usedBy` keeps the categories a published item of that kind carries (one query: an EXISTS walks
 * the link table's (category_id, item) index).
 */
export async function listNewsCategories(
  db: Knex,
  { activeOnly = false, usedBy }: { activeOnly?: boolean; usedBy?: keyof typeof USED_BY } = {},
): Promise<NewsCategoryRow[]> {
  const q = db<NewsCategoryRow>('news_categories');
  if (activeOnly) q.where('is_active', true);
  if (usedBy) {
    const { link, column, items } = USED_BY[usedBy];
    q.whereExists((sub) =>
      wherePublished(
        sub
          .select(db.raw('1'))
          .from(`${link} as l`)
          .join(`${items} as i`, 'i.id', `l.${column}`)
          .where('l.category_id', db.ref('news_categories.id')),
        'i',
      ),
    );
  }
  return q.orderBy([{ column: 'display_order' }, { column: 'name' }, { column: 'id' }]);
}

export async function findNewsCategory(db: Knex, id: string): Promise<NewsCategoryRow | undefined> {
  return db<NewsCategoryRow>('news_categories').where({ id }).first();
}

export async function insertNewsCategory(db: Knex, input: NewsCategoryCreateInput): Promise<NewsCategoryRow> {
  const ts = now();
  const id = uuidv7();
  await db('news_categories').insert({
    id,
    name: input.name,
    slug: input.slug,
    description: input.description ?? null,
    icon: input.icon ?? null,
    color: input.color,
    display_order: input.displayOrder ?? 0,
    is_active: input.isActive,
    created_at: ts,
    updated_at: ts,
  });
  return (await findNewsCategory(db, id))!;
}

/** Only the fields given change. Undefined when there is no such category. */
export async function updateNewsCategory(db: Knex, id: string, input: NewsCategoryUpdateInput): Promise<NewsCategoryRow | undefined> {
  const columns: Record<string, unknown> = {
    name: input.name,
    slug: input.slug,
    description: input.description,
    icon: input.icon,
    color: input.color,
    display_order: input.displayOrder,
    is_active: input.isActive,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  const n = await db('news_categories')
    .where({ id })
    .update({ ...changes, updated_at: now() });
  return n ? findNewsCategory(db, id) : undefined;
}

/**
 * Deletes the category. Its link rows (article_categories, podcast_categories,
 * discussion_news_categories) go with it by FK cascade; the articles, podcasts and discussions stay.
 */
export async function deleteNewsCategory(db: Knex, id: string): Promise<boolean> {
  return (await db('news_categories').where({ id }).delete()) > 0;
}
