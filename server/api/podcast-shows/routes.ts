import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { PodcastShowCreateInput, PodcastShowUpdateInput } from '../../../contracts/podcasts';
import { conflict, notFound } from '../../errors';
import { ADMINS } from '../../../contracts/constants';
import { currentUser, requireRole } from '../../middleware/auth';
import { changedFields, eventActor, recordEvent } from '../../events/index';
import { parseId, validateBody } from '../../middleware/validate';
import { viewerSpecific } from '../content/handlers';
import { isStaff } from '../content/visibility';
import { presentPodcastShow, type PodcastShowRow } from './presenter';
import { nameSlugGuard } from '../name-slug/unique';
import { deleteShow, findShow, insertShow, listShows, showStats, updateShow } from './repo';

const SHOW_NOT_FOUND = 'Show not found';
export const SHOW_HAS_EPISODES = 'This show still has episodes. Move them to another show or delete them first.';
const TAKEN: Record<'name' | 'slug', string> = {
  name: 'A show with this name already exists',
  slug: 'A show with this slug already exists',
};

/** What the audit log compares when a show is edited. */
const AUDITED = ['name', 'slug', 'description', 'hostName', 'imageUrl', 'displayOrder'] as const;
const showTarget = (row: PodcastShowRow) => ({ type: 'show' as const, id: row.id, label: row.name });

/**
 * Podcast shows: everyone reads the list (the podcasts page's show filter, the episode
 * forms' Show select); admins create, edit and delete them, like news categories.
 */
export function podcastShowRoutes(db: Knex): Router {
  const router = caseSensitiveRouter();
  const adminOnly = requireRole(...ADMINS);
  const unique = nameSlugGuard(db, 'podcast_shows', TAKEN);

  router.get('/api/podcast-shows', async (ctx) => {
    const editor = isStaff(ctx.state.user);
    const [rows, stats] = await Promise.all([listShows(db), showStats(db, editor)]);
    // Counts and the next free number depend on the viewer's role.
    viewerSpecific(ctx);
    ctx.body = rows.map((row) => presentPodcastShow(row, stats.get(row.id), editor));
  });

  router.post('/api/admin/podcast-shows', adminOnly, validateBody(PodcastShowCreateInput), async (ctx) => {
    const input = ctx.state.body;
    await unique.check(input);
    const row = await db
      .transaction(async (trx) => {
        const created = await insertShow(trx, input);
        await recordEvent(trx, { type: 'show.created', actor: eventActor(currentUser(ctx)), target: showTarget(created), after: { name: created.name, slug: created.slug } });
        return created;
      })
      .catch((err) => unique.race(err, input));
    ctx.status = 201;
    ctx.body = presentPodcastShow(row, undefined, true);
  });

  router.patch('/api/admin/podcast-shows/:id', adminOnly, validateBody(PodcastShowUpdateInput), async (ctx) => {
    const id = parseId(ctx.params.id, SHOW_NOT_FOUND);
    const input = ctx.state.body;
    await unique.check(input, id);
    const row = await db
      .transaction(async (trx) => {
        const before = await findShow(trx, id);
        if (!before) return undefined;
        const after = (await updateShow(trx, id, input))!;
        const changes = changedFields(presentPodcastShow(before, undefined, false), presentPodcastShow(after, undefined, false), AUDITED);
        if (changes) await recordEvent(trx, { type: 'show.updated', actor: eventActor(currentUser(ctx)), target: showTarget(after), ...changes });
        return after;
      })
      .catch((err) => unique.race(err, input, id));
    if (!row) throw notFound(SHOW_NOT_FOUND);
    ctx.body = presentPodcastShow(row, (await showStats(db, true)).get(id), true);
  });

  router.delete('/api/admin/podcast-shows/:id', adminOnly, async (ctx) => {
    const result = await deleteShow(db, parseId(ctx.params.id, SHOW_NOT_FOUND), (trx, show) =>
      recordEvent(trx, { type: 'show.deleted', actor: eventActor(currentUser(ctx)), target: showTarget(show), before: { name: show.name, slug: show.slug } }),
    );
    if (result === 'not-found') throw notFound(SHOW_NOT_FOUND);
    if (result === 'has-episodes') throw conflict(SHOW_HAS_EPISODES);
    ctx.body = { ok: true };
  });

  return router;
}
