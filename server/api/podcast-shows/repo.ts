import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { PodcastShowCreateInput, PodcastShowUpdateInput } from '../../../contracts/podcasts';
import { isUniqueViolation, now, toInt } from '../../db/dialect';
import type { PodcastShowRow, ShowStats } from './presenter';
import { whereListedPublicly } from '../content/visibility';

const ORDER = [{ column: 'display_order' }, { column: 'name' }, { column: 'id' }];

/** Every show in display order (then name): the list, the pickers and the default show. */
export async function listShows(db: Knex | Knex.Transaction): Promise<PodcastShowRow[]> {
  return db<PodcastShowRow>('podcast_shows').orderBy(ORDER);
}

export async function findShow(db: Knex | Knex.Transaction, id: string): Promise<PodcastShowRow | undefined> {
  return db<PodcastShowRow>('podcast_shows').where({ id }).first();
}

export async function findShowBySlug(db: Knex, slug: string): Promise<PodcastShowRow | undefined> {
  return db<PodcastShowRow>('podcast_shows').where({ slug }).first();
}

/**
 * Episode count and highest number per show, in one grouped query. `allEpisodes` (editors) counts
 * drafts and archived episodes too; otherwise only what the public lists show.
 */
export async function showStats(db: Knex, allEpisodes: boolean): Promise<Map<string, ShowStats>> {
  const q = db('podcast_episodes')
    .whereNotNull('show_id')
    .groupBy('show_id')
    .select('show_id', db.raw('count(*) as n'), db.raw('max(episode_number) as m'));
  if (!allEpisodes) whereListedPublicly(q, 'episode');
  const rows: Array<{ show_id: string; n: unknown; m: unknown }> = await q;
  return new Map(rows.map((r) => [r.show_id, { episodeCount: toInt(r.n), maxEpisodeNumber: r.m === null ? null : toInt(r.m) }]));
}

/** The show new episodes join when none is chosen. */
export const DEFAULT_SHOW = {
  name: 'Ledger Commons Podcast',
  slug: 'ledger-commons-podcast',
  description: 'Conversations with the people shaping accounting, audit and corporate finance.',
} as const;

/**
 * The default show: the first in display order. When every show was deleted, the default one is
 * created again (the migration created it first), so an episode always has a show.
 */
export async function defaultShow(db: Knex): Promise<PodcastShowRow> {
  const first = await db<PodcastShowRow>('podcast_shows').orderBy(ORDER).first();
  if (first) return first;
  try {
    return await insertShow(db, { ...DEFAULT_SHOW, displayOrder: 0 });
  } catch (err) {
    // Two first episodes at once: the other request created it.
    if (isUniqueViolation(err)) return (await db<PodcastShowRow>('podcast_shows').orderBy(ORDER).first())!;
    throw err;
  }
}

export async function insertShow(
  db: Knex,
  input: Pick<PodcastShowCreateInput, 'name' | 'slug'> & Partial<Omit<PodcastShowCreateInput, 'name' | 'slug'>>,
): Promise<PodcastShowRow> {
  const ts = now();
  const id = uuidv7();
  await db('podcast_shows').insert({
    id,
    name: input.name,
    slug: input.slug,
    description: input.description ?? null,
    host_name: input.hostName ?? null,
    image_url: input.imageUrl ?? null,
    display_order: input.displayOrder ?? 0,
    created_at: ts,
    updated_at: ts,
  });
  return (await findShow(db, id))!;
}

/** Only the fields given change. Undefined when there is no such show. */
export async function updateShow(db: Knex, id: string, input: PodcastShowUpdateInput): Promise<PodcastShowRow | undefined> {
  const columns: Record<string, unknown> = {
    name: input.name,
    slug: input.slug,
    description: input.description,
    host_name: input.hostName,
    image_url: input.imageUrl,
    display_order: input.displayOrder,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  const n = await db('podcast_shows')
    .where({ id })
    .update({ ...changes, updated_at: now() });
  return n ? findShow(db, id) : undefined;
}

export type DeleteShowResult = 'deleted' | 'not-found' | 'has-episodes';

/**
 * Deletes a show that has no episodes. The check and the delete share a transaction (and the
 * foreign key refuses a delete that a concurrent episode would have orphaned).
 */
export async function deleteShow(
  db: Knex,
  id: string,
  /** Called in the deleting transaction with the show as it was (the audit entry). */
  inTransaction?: (trx: Knex.Transaction, show: PodcastShowRow) => Promise<void>,
): Promise<DeleteShowResult> {
  return db.transaction(async (trx) => {
    const show = await trx<PodcastShowRow>('podcast_shows').where({ id }).forUpdate().first();
    if (!show) return 'not-found';
    if (await trx('podcast_episodes').where({ show_id: id }).first('id')) return 'has-episodes';
    await trx('podcast_shows').where({ id }).delete();
    await inTransaction?.(trx, show);
    return 'deleted';
  });
}

/** Another episode of the show with this number (not `exceptId`), if any. */
export async function episodeWithNumber(
  db: Knex,
  showId: string,
  episodeNumber: number,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  const q = db('podcast_episodes').where({ show_id: showId, episode_number: episodeNumber });
  if (exceptId) q.whereNot('id', exceptId);
  return q.first('id');
}
