import type { Knex } from 'knex';
import { hash } from 'bcryptjs';
import { v7 } from 'uuid';
import { SeededRandom } from '../../seeded-random';
import type { ObjectStorage } from '../../storage/index';
import { ARTICLES, COMMENTS_BY_CATEGORY, type NewsCategorySlug } from './articles';
import { SAMPLE_AUDIO_TYPE, sampleAudioPath, storeSampleAudio, type SampleAudio } from './audio';
import { loadSampleTranscripts, SAMPLE_TRANSCRIPT_DIR, sampleTranscriptName, transcriptColumns, type SampleTranscript } from './transcripts';
import {
  COMMUNITY_MEMBERS,
  COMMUNITY_PASSWORD,
  DEMO_ACCOUNT_LIST,
  DEMO_PROFILES,
  DISCUSSIONS,
  FORUM_CATEGORIES,
  EPISODES_BY_SHOW,
  NEWS_CATEGORIES,
  PODCAST_SHOWS,
  POLLS,
  RESOURCES,
  type Role,
  type ShowKey,
} from './data';
import {
  articleRow,
  commentRow,
  discussionRow,
  forumCategoryRow,
  insertRows,
  newsCategoryRow,
  objectRow,
  podcastRow,
  podcastShowRow,
  pollRow,
  replyRow,
  resourceRow,
  userRow,
  type Row,
} from './rows';

/**
 * Sample data for development and demos: users (one demo sign-in per role plus community members),
 * news categories and articles with comments, podcast shows and their episodes, forums, resources
 * and polls.
 *
 * Deterministic: the same rows (apart from ids and the dates, which are relative to "now") on every
 * run; the only randomness is a fixed-seed generator (server/seeded-random.ts). Rows are written
 * as ./rows.ts writes them, as the bench data set's are.
 */

/** Development-only sign-ins, one per role (listed in the README). */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  password: string;
  role: 'subscriber' | 'contributor' | 'editor' | 'admin';
  firstName: string;
  lastName: string;
}> = DEMO_ACCOUNT_LIST;

const CONTENT_TABLES = ['news_articles', 'podcast_episodes', 'forum_discussions', 'resources'] as const;

/** True if any news article, podcast episode, forum discussion or resource exists. */
export async function hasContent(db: Knex | Knex.Transaction): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    if (await db(table).first('id')) return true;
  }
  return false;
}

export interface SeedOptions {
  /** Reference time for all generated dates (default: the current time). */
  now?: Date;
  /** Where uploads are kept: every sample episode's audio is stored there as an uploaded object. */
  storage: ObjectStorage;
  /** Where the episodes' transcript and chapter files are (default: SAMPLE_TRANSCRIPT_DIR). */
  transcriptDir?: string;
}

/**
 * Inserts the sample data. Users whose email already exists (e.g. admins kept by a rebuild) are
 * reused as authors rather than inserted; news and forum categories that already exist (same slug or
 * name) are reused too. Given a transaction it runs inside it; given a Knex it opens its own.
 */
export async function seedSampleData(db: Knex | Knex.Transaction, options: SeedOptions): Promise<void> {
  // bcrypt is slow on purpose, and storage is not transactional: both before the transaction.
  const [hashes, audio, transcripts] = await Promise.all([
    hashPasswords(),
    storeEpisodeAudio(options.storage),
    loadSampleTranscripts(
      options.transcriptDir ?? SAMPLE_TRANSCRIPT_DIR,
      PODCAST_SHOWS.flatMap((sh) => EPISODES_BY_SHOW[sh.key].map((_, i) => ({ show: sh.key, number: i + 1 }))),
    ),
  ]);
  const run = (trx: Knex | Knex.Transaction) => insertSampleData(trx, hashes, audio, transcripts, options.now ?? new Date());
  if ((db as Knex.Transaction).isTransaction) await run(db);
  else await db.transaction((trx) => run(trx));
}

// ---------------------------------------------------------------------------------------------

const SEED = 0x1edc0de;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function hashPasswords(): Promise<Map<string, string>> {
  const passwords = [...new Set([...DEMO_ACCOUNT_LIST.map((a) => a.password), COMMUNITY_PASSWORD])];
  const hashed = await Promise.all(passwords.map((pw) => hash(pw, 10)));
  return new Map(passwords.map((pw, i) => [pw, hashed[i]]));
}

/** Each show's episodes' audio, in the order of EPISODES_BY_SHOW. */
type EpisodeAudio = Map<ShowKey, SampleAudio[]>;

async function storeEpisodeAudio(storage: ObjectStorage): Promise<EpisodeAudio> {
  const shows = PODCAST_SHOWS.map((sh) => sh.key);
  const stored = await Promise.all(
    shows.map((key) => storeSampleAudio(storage, EPISODES_BY_SHOW[key].map((_, i) => sampleAudioPath(key, i + 1)))),
  );
  return new Map(shows.map((key, i) => [key, stored[i]]));
}

async function insertSampleData(
  db: Knex | Knex.Transaction,
  hashes: Map<string, string>,
  audio: EpisodeAudio,
  transcripts: Map<string, SampleTranscript>,
  now: Date,
): Promise<void> {
  const rnd = new SeededRandom(SEED);
  const nowMs = now.getTime();

  // ---- users --------------------------------------------------------------------------------
  const people = [
    ...DEMO_ACCOUNT_LIST.map((a) => ({ ...a, ...DEMO_PROFILES[a.email] })),
    ...COMMUNITY_MEMBERS.map((m) => ({ ...m, password: COMMUNITY_PASSWORD })),
  ];
  const emails = people.map((p) => p.email.toLowerCase());
  const existing: { id: string; email: string }[] = await db('users')
    .whereRaw(`lower(email) in (${emails.map(() => '?').join(', ')})`, emails)
    .select('id', 'email');
  const userIds = new Map(existing.map((u) => [u.email.toLowerCase(), u.id]));
  const userRows: Row[] = [];
  people.forEach((p, i) => {
    const joined = nowMs - (420 - i * 27) * DAY - rnd.int(0, 20) * HOUR;
    const email = p.email.toLowerCase();
    if (userIds.has(email)) return;
    const id = v7();
    userIds.set(email, id);
    userRows.push(
      userRow({
        id,
        email,
        passwordHash: hashes.get(p.password)!,
        firstName: p.firstName,
        lastName: p.lastName,
        profileImageUrl: null,
        expertiseTags: p.expertiseTags,
        title: p.title,
        company: p.company,
        bio: p.bio,
        points: p.points,
        badges: p.badges,
        role: p.role,
        isActive: true,
        // Sample accounts count as confirmed (docs/security.md §13): reserved .test addresses.
        emailConfirmedAt: joined,
        createdAt: joined,
      }),
    );
  });
  await insertRows(db, 'users', userRows);

  const demoId = (role: Role) => userIds.get(DEMO_ACCOUNT_LIST.find((a) => a.role === role)!.email)!;
  const memberIds = COMMUNITY_MEMBERS.map((m) => userIds.get(m.email)!);
  const adminId = demoId('admin');
  const editorId = demoId('editor');
  const contributorId = demoId('contributor');
  const subscriberId = demoId('subscriber');
  const memberContributorIds = COMMUNITY_MEMBERS.flatMap((m, i) => (m.role === 'contributor' ? [memberIds[i]] : []));
  const articleAuthors = [editorId, editorId, contributorId, adminId, ...memberContributorIds];
  const community = [...memberIds, subscriberId, contributorId];

  // ---- news categories ------------------------------------------------------------------------
  const existingNewsCats: { id: string; slug: string; name: string }[] = await db('news_categories')
    .whereIn(
      'slug',
      NEWS_CATEGORIES.map((c) => c.slug),
    )
    .orWhereIn(
      'name',
      NEWS_CATEGORIES.map((c) => c.name),
    )
    .select('id', 'slug', 'name');
  const newsCatIds = new Map<NewsCategorySlug, string>();
  const newsCatRows: Row[] = [];
  NEWS_CATEGORIES.forEach((c, i) => {
    const found =
      existingNewsCats.find((e) => e.slug === c.slug) ?? existingNewsCats.find((e) => e.name === c.name);
    if (found) {
      newsCatIds.set(c.slug, found.id);
      return;
    }
    const id = v7();
    newsCatIds.set(c.slug, id);
    newsCatRows.push(
      newsCategoryRow({
        id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        icon: c.icon,
        color: c.color,
        displayOrder: i,
        createdAt: nowMs - 400 * DAY + i * HOUR,
      }),
    );
  });
  await insertRows(db, 'news_categories', newsCatRows);

  // ---- news articles, links and comments --------------------------------------------------------
  const articleRows: Row[] = [];
  const articleLinks: Row[] = [];
  const commentRows: Row[] = [];
  const publishedCount = ARTICLES.filter((a) => (a.status ?? 'published') === 'published').length;
  let publishedIndex = 0;
  ARTICLES.forEach((a, i) => {
    const id = v7();
    const status = a.status ?? 'published';
    const jitter = (rnd.float() - 0.5) * 0.8 * DAY;
    let publishedAt: number | null = null;
    let created: number;
    if (status === 'published') {
      // Spread over the last 60 days, newest first.
      publishedAt = Math.round(nowMs - (0.6 * DAY + (publishedIndex * 58.5 * DAY) / Math.max(1, publishedCount - 1)) + jitter);
      publishedIndex += 1;
      created = publishedAt - rnd.int(2, 30) * HOUR;
    } else {
      created = Math.round(nowMs - rnd.int(12, 120) * HOUR);
    }
    const author = rnd.pick(articleAuthors);
    const likes = status === 'published' ? rnd.int(a.featured ? 60 : 0, 120) : 0;

    let comments: Row[] = [];
    if (publishedAt !== null && (i % 2 === 0 || a.featured)) {
      const k = rnd.int(2, 5);
      const texts = rnd.sample(COMMENTS_BY_CATEGORY[a.categories[0]], k);
      const authors = rnd.sample(community, k);
      const times = rnd.times(publishedAt + HOUR, Math.max(publishedAt + 2 * HOUR, nowMs - 10 * 60_000), k);
      comments = texts.map((content, j) =>
        commentRow({ id: v7(), articleId: id, authorId: authors[j], content, createdAt: Math.min(times[j], nowMs) }),
      );
    }
    commentRows.push(...comments);

    articleRows.push(
      articleRow({
        id,
        title: a.title,
        content: a.body.trim(),
        excerpt: a.excerpt,
        imageUrl: null,
        sourceUrl: a.source?.url ?? null,
        sourceName: a.source?.name ?? null,
        category: a.categories[0],
        authorId: author,
        publishedAt,
        likes,
        commentCount: comments.length,
        isArchived: Boolean(a.archived),
        isFeatured: Boolean(a.featured),
        status,
        createdAt: created,
        updatedAt: publishedAt ?? created,
      }),
    );
    for (const slug of a.categories) articleLinks.push({ article_id: id, category_id: newsCatIds.get(slug) });
  });
  await insertRows(db, 'news_articles', articleRows);
  await insertRows(db, 'article_categories', articleLinks);
  await insertRows(db, 'news_comments', commentRows);

  // ---- podcast shows and episodes ----------------------------------------------------------------
  // Shows are reused by slug or name (the migration created the default one; a rebuild deletes them).
  const existingShows: { id: string; slug: string; name: string; description: string | null; host_name: string | null }[] = await db(
    'podcast_shows',
  )
    .whereIn(
      'slug',
      PODCAST_SHOWS.map((sh) => sh.slug),
    )
    .orWhereIn(
      'name',
      PODCAST_SHOWS.map((sh) => sh.name),
    )
    .select('id', 'slug', 'name', 'description', 'host_name');
  const showIds = new Map<ShowKey, string>();
  const showRows: Row[] = [];
  const showUpdates: Array<{ id: string; description: string; host_name: string }> = [];
  PODCAST_SHOWS.forEach((sh, i) => {
    const found = existingShows.find((e) => e.slug === sh.slug) ?? existingShows.find((e) => e.name === sh.name);
    if (found) {
      showIds.set(sh.key, found.id);
      // The migration's default show has no host or description yet: the sample data fills them in.
      if (!found.description || !found.host_name) {
        showUpdates.push({ id: found.id, description: found.description ?? sh.description, host_name: found.host_name ?? sh.hostName });
      }
      return;
    }
    const id = v7();
    showIds.set(sh.key, id);
    showRows.push(
      podcastShowRow({
        id,
        name: sh.name,
        slug: sh.slug,
        description: sh.description,
        hostName: sh.hostName,
        displayOrder: i,
        createdAt: nowMs - 400 * DAY + i * HOUR,
      }),
    );
  });
  await insertRows(db, 'podcast_shows', showRows);
  for (const { id, ...columns } of showUpdates) await db('podcast_shows').where({ id }).update(columns);
  // Numbers continue after a reused show's own episodes (none after a rebuild), so they stay unique.
  const highest: Array<{ show_id: string; m: unknown }> = await db('podcast_episodes')
    .whereIn('show_id', [...showIds.values()])
    .groupBy('show_id')
    .select('show_id', db.raw('max(episode_number) as m'));
  const numberedAfter = new Map(highest.map((h) => [h.show_id, Number(h.m) || 0]));

  // The audio files as finalised, public objects of nobody (no uploader's quota); kept by a rebuild,
  // which then finds them here already.
  const objectRows = [...audio.values()].flat().map((a) =>
    objectRow({ id: a.id, userId: null, kind: 'audio', contentType: SAMPLE_AUDIO_TYPE, size: a.bytes, durationSeconds: a.duration, createdAt: nowMs }),
  );
  await db('objects').insert(objectRows).onConflict('id').ignore();

  const podcastRows: Row[] = [];
  const podcastLinks: Row[] = [];
  for (const show of PODCAST_SHOWS) {
    const episodes = EPISODES_BY_SHOW[show.key];
    const lastPublished = episodes.reduce((n, p, i) => ((p.status ?? 'published') === 'published' ? i : n), 0);
    episodes.forEach((p, i) => {
      const id = v7();
      const status = p.status ?? 'published';
      const age = lastPublished - i;
      const published =
        status === 'published' ? nowMs - (show.latestDaysAgo + age * show.cadenceDays) * DAY + rnd.int(0, 10) * HOUR : null;
      const created = published !== null ? published - rnd.int(1, 4) * DAY : nowMs - 2 * DAY;
      // Eleven draws that once made a video link: kept, so the rest of the sample data stays as it was.
      for (let k = 0; k < 11; k++) rnd.float();
      const file = audio.get(show.key)![i];
      podcastRows.push({
        ...podcastRow({
          id,
          showId: showIds.get(show.key)!,
          title: p.title,
          description: p.description,
          // Unique within the show (the unique index on show and number).
          episodeNumber: (numberedAfter.get(showIds.get(show.key)!) ?? 0) + i + 1,
          audioUrl: `/objects/${file.id}`,
          audioBytes: file.bytes,
          audioType: SAMPLE_AUDIO_TYPE,
          externalUrl: null,
          imageUrl: null,
          duration: file.duration,
          hostName: p.hostName,
          guestName: p.guestName ?? null,
          guestTitle: p.guestTitle ?? null,
          playCount: published === null ? 0 : 250 + age * 310 + rnd.int(0, 400),
          likes: published === null ? 0 : rnd.int(p.featured ? 60 : 8, 150),
          isArchived: Boolean(p.archived),
          isFeatured: Boolean(p.featured),
          publishedAt: published,
          status,
          authorId: editorId,
          createdAt: created,
          updatedAt: published ?? created,
        }),
        ...transcriptColumns(transcripts.get(sampleTranscriptName(show.key, i + 1))),
      });
      for (const slug of p.categories) podcastLinks.push({ podcast_id: id, category_id: newsCatIds.get(slug) });
    });
  }
  await insertRows(db, 'podcast_episodes', podcastRows);
  await insertRows(db, 'podcast_categories', podcastLinks);

  // ---- forums -------------------------------------------------------------------------------------
  const existingForumCats: { id: string; name: string }[] = await db('forum_categories')
    .whereIn(
      'name',
      FORUM_CATEGORIES.map((c) => c.name),
    )
    .select('id', 'name');
  const forumCatIds = new Map(existingForumCats.map((c) => [c.name, c.id]));
  const forumCatRows: Row[] = [];
  FORUM_CATEGORIES.forEach((c, i) => {
    if (forumCatIds.has(c.name)) return;
    const id = v7();
    forumCatIds.set(c.name, id);
    forumCatRows.push(
      forumCategoryRow({
        id,
        name: c.name,
        description: c.description,
        icon: c.icon,
        color: c.color,
        discussionCount: 0, // set from the real count below
        createdAt: nowMs - 400 * DAY + i * HOUR,
      }),
    );
  });
  await insertRows(db, 'forum_categories', forumCatRows);

  const discussionRows: Row[] = [];
  const discussionLinks: Row[] = [];
  const replyRows: Row[] = [];
  const answers: Array<{ id: string; answerReplyId: string }> = [];
  DISCUSSIONS.forEach((d, i) => {
    const id = v7();
    const authorId = typeof d.author === 'number' ? memberIds[d.author] : demoId(d.author);
    const created = Math.round(nowMs - (0.5 + i * 2.2) * DAY - rnd.float() * DAY);
    const times = rnd.times(created + 20 * 60_000, nowMs - 5 * 60_000, d.replies.length);
    const replyIds: string[] = [];
    const repliers = community.filter((u) => u !== authorId);
    d.replies.forEach((r, j) => {
      const reply = typeof r === 'string' ? { text: r } : r;
      const replyId = v7();
      replyIds.push(replyId);
      replyRows.push(
        replyRow({
          id: replyId,
          content: reply.text,
          discussionId: id,
          authorId: rnd.pick(repliers),
          parentReplyId: reply.parent === undefined ? null : replyIds[reply.parent],
          likes: rnd.int(0, 15),
          createdAt: times[j],
        }),
      );
    });
    if (d.answer !== undefined) answers.push({ id, answerReplyId: replyIds[d.answer] });
    discussionRows.push(
      discussionRow({
        id,
        title: d.title,
        content: d.content,
        categoryId: forumCatIds.get(d.category)!,
        authorId,
        isPinned: Boolean(d.pinned),
        isLocked: Boolean(d.locked),
        isFeatured: Boolean(d.featured),
        replyCount: d.replies.length,
        likes: d.status === 'draft' ? 0 : rnd.int(d.featured ? 20 : 0, 48),
        lastReplyAt: times.length ? times[times.length - 1] : null,
        status: d.status ?? 'published',
        createdAt: created,
      }),
    );
    for (const slug of d.newsCategories ?? []) {
      discussionLinks.push({ discussion_id: id, category_id: newsCatIds.get(slug) });
    }
  });
  await insertRows(db, 'forum_discussions', discussionRows);
  await insertRows(db, 'discussion_news_categories', discussionLinks);
  await insertRows(db, 'forum_replies', replyRows);
  // Marked answers (Solved) once their replies exist.
  for (const a of answers) await db('forum_discussions').where({ id: a.id }).update({ answer_reply_id: a.answerReplyId });

  // discussion_count = published discussions, recomputed so reused categories stay exact too.
  const counts: { category_id: string; n: number | string }[] = await db('forum_discussions')
    .where('status', 'published')
    .whereNotNull('category_id')
    .groupBy('category_id')
    .select('category_id', db.raw('count(*) as n'));
  const countOf = new Map(counts.map((c) => [c.category_id, Number(c.n)]));
  for (const id of forumCatIds.values()) {
    await db('forum_categories')
      .where({ id })
      .update({ discussion_count: countOf.get(id) ?? 0 });
  }

  // ---- resources ----------------------------------------------------------------------------------
  const resourceRows: Row[] = RESOURCES.map((r, i) =>
    resourceRow({
      id: v7(),
      title: r.title,
      description: r.description,
      type: r.type,
      category: r.category,
      url: `https://example.com/resources/${r.slug}`,
      imageUrl: null,
      duration: r.duration,
      difficulty: r.difficulty,
      rating: r.rating,
      ratingCount: r.ratingCount,
      downloadCount: r.downloadCount,
      isFree: r.isFree,
      authorId: i % 3 === 0 ? adminId : editorId,
      createdAt: nowMs - (5 + i * 7) * DAY - rnd.int(0, 23) * HOUR,
    }),
  );
  await insertRows(db, 'resources', resourceRows);

  // ---- polls ----------------------------------------------------------------------------------------
  const pollRows: Row[] = POLLS.map((p, i) =>
    pollRow({
      id: v7(),
      question: p.question,
      options: p.options,
      isActive: p.isActive,
      expiresAt: p.expiresInDays === undefined ? null : nowMs + p.expiresInDays * DAY,
      createdBy: editorId,
      createdAt: nowMs - (9 + i * 30) * DAY,
    }),
  );
  await insertRows(db, 'polls', pollRows);
}
