import type { Knex } from 'knex';
import { articleCover, podcastCover, resourceCover, showCover, type CoverSpec } from '../../../contracts/covers';
import { toInt } from '../../db/dialect';
import { ARTICLES, PODCASTS, type ContentKind } from '../content/kinds';
import { findContent, loadRelations, type ContentRow } from '../content/repo';

export type ItemCoverKind = 'article' | 'podcast' | 'resource' | 'show';

/** What a cover route needs of an item: what to draw, and whether it is a draft. */
export interface CoverSource {
  spec: CoverSpec;
  /** The status of an article or episode ('published' for resources and shows, which have none). */
  status: string;
}

interface CoverContentRow extends ContentRow {
  title: string;
  source_name?: string | null;
  episode_number?: unknown;
  host_name?: string | null;
  show_id?: string | null;
}

/**
 * The item's cover spec, made by the same functions the PWA uses on the same fields (categories in
 * the order the API presents them), so the version in the PWA's URL is the one computed here.
 */
export async function findCoverSource(db: Knex, kind: ItemCoverKind, id: string): Promise<CoverSource | undefined> {
  if (kind === 'resource') {
    const row: { id: string; title: string; type: string; category: string } | undefined = await db('resources')
      .where({ id })
      .first('id', 'title', 'type', 'category');
    return row ? { spec: resourceCover(row), status: 'published' } : undefined;
  }
  if (kind === 'show') {
    const row: { id: string; name: string; slug: string; host_name: string | null } | undefined = await db('podcast_shows')
      .where({ id })
      .first('id', 'name', 'slug', 'host_name');
    return row ? { spec: showCover({ ...row, hostName: row.host_name }), status: 'published' } : undefined;
  }
  const content: ContentKind = kind === 'article' ? ARTICLES : PODCASTS;
  const row = await findContent<CoverContentRow>(db, content, id);
  if (!row) return undefined;
  // One batched load gives the categories and, for an episode, its show (as the API's lists load them).
  const relations = await loadRelations(db, content, [row]);
  const categories = relations.categories.get(row.id) ?? [];
  const spec =
    kind === 'article'
      ? articleCover({ id: row.id, title: row.title, sourceName: row.source_name ?? null, categories })
      : podcastCover({
          id: row.id,
          title: row.title,
          episodeNumber: row.episode_number === null || row.episode_number === undefined ? null : toInt(row.episode_number),
          hostName: row.host_name ?? null,
          show: (row.show_id && relations.shows?.get(row.show_id)) || null,
          categories,
        });
  return { spec, status: row.status };
}
