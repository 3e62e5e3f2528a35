import type Router from '@koa/router';
import type { Knex } from 'knex';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import { z } from '../../../contracts/zod';
import { TopicKind, TopicLevelInput } from '../../../contracts/topics';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { parseId, parseOrThrow, validateBody } from '../../middleware/validate';
import { presentTopicChoice, presentTopics } from './presenter';
import * as repo from './repo';

const TOPIC_NOT_FOUND = 'Topic not found';
const TopicPath = z.object({ kind: TopicKind });

/**
 * The signed-in member's topics (docs/decisions/2026-12-04-topics.md): every news category, podcast
 * show and forum category with their level, and one PUT per topic (idempotent, safe to replay).
 */
export function topicRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/topics');

  router.get('/', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentTopics(await repo.listTopics(db, currentUser(ctx).id));
  });

  router.put('/:kind/:id', requireUser, validateBody(TopicLevelInput), async (ctx) => {
    const { kind } = parseOrThrow(TopicPath, { kind: ctx.params.kind });
    const id = parseId(ctx.params.id, TOPIC_NOT_FOUND);
    if (!(await repo.topicExists(db, kind, id))) throw notFound(TOPIC_NOT_FOUND);
    const userId = currentUser(ctx).id;
    await repo.setTopicLevel(db, userId, kind, id, ctx.state.body.level);
    ctx.body = presentTopicChoice(kind, id, await repo.topicLevel(db, userId, kind, id));
  });

  return router;
}
