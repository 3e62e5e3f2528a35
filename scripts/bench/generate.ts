/**
 * Bench data generator: `generate(db, size)` fills a freshly migrated database with a deterministic
 * (seeded) data set. Counters the lists show (likes, comment_count, reply_count, last_reply_at,
 * discussion_count) are computed from the rows generated, so they are exact.
 *
 * It builds on the sample data's generator (server/db/seed): the same seeded random and the same
 * row builders, so its rows are written as the sample's are. What differs is the content: the
 * sample is a small curated set the app and its end-to-end tests show, this is synthetic text at
 * the 10k/100k scale a measurement needs.
 */
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { RESOURCE_CATEGORIES, RESOURCE_TYPES, DIFFICULTIES } from '../../contracts/common';
import { SeededRandom } from '../../server/seeded-random';
import { FORUM_CATEGORIES as SAMPLE_FORUM_CATEGORIES, NEWS_CATEGORIES as SAMPLE_NEWS_CATEGORIES } from '../../server/db/seed/data';
import {
  articleRow,
  commentRow,
  discussionRow,
  forumCategoryRow,
  insertRows,
  likeRow,
  newsCategoryRow,
  podcastRow,
  replyRow,
  resourceRow,
  userRow,
  type Row,
} from '../../server/db/seed/rows';

export type BenchSize = '10k' | '100k';

export interface BenchCounts {
  users: number;
  newsCategories: number;
  articles: number;
  comments: number;
  podcasts: number;
  forumCategories: number;
  discussions: number;
  replies: number;
  resources: number;
}

export const SIZES: Record<BenchSize, BenchCounts> = {
  '10k': {
    users: 5_000,
    newsCategories: 8,
    articles: 10_000,
    comments: 100_000,
    podcasts: 300,
    forumCategories: 5,
    discussions: 2_000,
    replies: 50_000,
    resources: 50,
  },
  '100k': {
    users: 20_000,
    newsCategories: 8,
    articles: 100_000,
    comments: 400_000,
    podcasts: 1_000,
    forumCategories: 5,
    discussions: 5_000,
    replies: 100_000,
    resources: 200,
  },
};

export const BENCH_USER = { email: 'bench@example.com', password: 'bench123' } as const;

// bcryptjs.hashSync('bench123', 10), fixed so that the generated data is byte-for-byte deterministic
// and generation does not pay for bcrypt. Every generated user shares it.
const PASSWORD_HASH = '$2b$10$FODXb.x2nbdfF9LTG230Y.zQvKPTGioA.AxKtcjTTqOcJOF9kBrQG';

/** The newest generated item is this old; everything else is spread over the three years before. */
const END_MS = Date.parse('2026-11-01T00:00:00.000Z');
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const DISCUSSION_REPLIES = 50;

/** Ids the bench requests address. */
export interface BenchTargets {
  /** The newest published article (first in the news list). */
  articleId: string;
  /** A published discussion with exactly 50 replies. */
  discussionId: string;
  /** The newest 1,000 live (published, not archived) articles, for a run of likes that each change something. */
  likeArticleIds: string[];
}

/** `size` is one of SIZES, or explicit counts (the test uses a small data set). */
export async function generate(db: Knex, size: BenchSize | BenchCounts): Promise<BenchTargets> {
  const n = typeof size === 'string' ? SIZES[size] : size;
  const rnd = new SeededRandom(0x1ed9e5);
  const int = (max: number) => rnd.below(max);
  const pick = <T>(list: readonly T[]): T => rnd.pick(list);
  const chance = (p: number) => rnd.chance(p);
  const id = (ms: number) => uuidv7({ msecs: ms, random: rnd.bytes(16) });
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const sentence = (count: number) => {
    const s = words(count);
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = (sentences: number) => Array.from({ length: sentences }, () => sentence(8 + int(12))).join(' ');
  /** An age skewed towards recent items: i = 0 is newest. */
  const at = (i: number, of: number) => END_MS - Math.floor((i / of) * SPAN_MS) - int(60_000);

  return db.transaction(async (trx) => {
    const insert = (table: string, rows: Iterable<Row>) => insertRows(trx, table, rows);

    // Users: the first is the bench user, a handful are editors (article and podcast authors).
    const users: Row[] = [];
    for (let i = 0; i < n.users; i++) {
      const created = at(n.users - i, n.users) - SPAN_MS / 10;
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      users.push(
        userRow({
          id: id(created),
          email: i === 0 ? BENCH_USER.email : `${first}.${last}.${i}@example.com`.toLowerCase(),
          passwordHash: PASSWORD_HASH,
          firstName: i === 0 ? 'Bench' : first,
          lastName: i === 0 ? 'User' : last,
          profileImageUrl: chance(0.3) ? `https://images.example.com/avatars/${i}.jpg` : null,
          expertiseTags: [pick(TAGS), pick(TAGS)].filter((t, k, a) => a.indexOf(t) === k),
          title: chance(0.7) ? pick(JOB_TITLES) : null,
          company: chance(0.6) ? `${pick(LAST_NAMES)} ${pick(COMPANY_SUFFIXES)}` : null,
          bio: chance(0.4) ? sentence(15) : null,
          points: Math.floor(rnd.float() ** 3 * 5000),
          badges: [],
          role: i === 0 ? 'subscriber' : i < 40 ? 'editor' : i < 140 ? 'contributor' : 'subscriber',
          isActive: i === 0 || !chance(0.02),
          emailConfirmedAt: null,
          createdAt: created,
        }),
      );
    }
    await insert('users', users);
    const userIds = users.map((u) => u.id as string);
    const editorIds = users.filter((u) => u.role === 'editor').map((u) => u.id as string);

    const newsCategoryIds: string[] = [];
    await insert(
      'news_categories',
      NEWS_CATEGORIES.slice(0, n.newsCategories).map(({ name, color }, i) => {
        const row = newsCategoryRow({
          id: id(END_MS - SPAN_MS - i),
          name,
          slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          description: sentence(12),
          icon: null,
          color,
          displayOrder: i,
          createdAt: END_MS - SPAN_MS,
        });
        newsCategoryIds.push(row.id as string);
        return row;
      }),
    );
    const categoryLinks = (column: string, itemId: string): Row[] => {
      const first = pick(newsCategoryIds);
      const second = chance(0.4) ? pick(newsCategoryIds) : first;
      return [first, second]
        .filter((c, k, a) => a.indexOf(c) === k)
        .map((category_id) => ({ [column]: itemId, category_id }));
    };
    /** One like row per distinct user, so the item's likes counter equals its number of like rows. */
    const likeRows = (targetType: 'article' | 'podcast', targetId: string, count: number, after: number): Row[] => {
      const likers = new Set<string>();
      while (likers.size < count) likers.add(pick(userIds));
      return [...likers].map((userId) => {
        const created = after + int(END_MS - after);
        return likeRow({ id: id(created), userId, targetType, targetId, createdAt: created });
      });
    };

    // Articles: newest first; about 4% drafts and 3% archived, but the newest is published and live.
    const articles: Row[] = [];
    const articleLinks: Row[] = [];
    const articleLikes: Row[] = [];
    for (let i = 0; i < n.articles; i++) {
      const created = at(i, n.articles);
      const status = i > 0 && chance(0.04) ? 'draft' : 'published';
      const likes = Math.min(Math.floor(rnd.float() ** 4 * 25), n.users);
      const row = articleRow({
        id: id(created),
        title: sentence(6 + int(6)).slice(0, -1),
        content: Array.from({ length: 3 + int(3) }, () => paragraph(3 + int(2))).join('\n\n'),
        excerpt: chance(0.9) ? sentence(25) : null,
        imageUrl: chance(0.6) ? `https://images.example.com/news/${i}.jpg` : null,
        sourceUrl: chance(0.6) ? `https://example.com/source/${i}` : null,
        sourceName: chance(0.6) ? `${pick(LAST_NAMES)} ${pick(['Review', 'Journal', 'Weekly', 'Insights'])}` : null,
        category: null,
        authorId: pick(editorIds),
        publishedAt: status === 'published' ? created : null,
        likes,
        commentCount: 0,
        isArchived: i > 0 && chance(0.03),
        isFeatured: i === 0 || chance(0.001),
        status,
        createdAt: created,
      });
      articles.push(row);
      articleLinks.push(...categoryLinks('article_id', row.id as string));
      articleLikes.push(...likeRows('article', row.id as string, likes, created));
    }
    // Comments go to published articles at random; counting them first keeps comment_count exact.
    const published = articles.filter((a) => a.status === 'published');
    const commentsFor = published.map(() => 0);
    for (let c = 0; c < n.comments; c++) commentsFor[int(published.length)]++;
    published.forEach((a, k) => (a.comment_count = commentsFor[k]));
    await insert('news_articles', articles);
    await insert('article_categories', articleLinks);
    await insert('user_interactions', articleLikes);
    await insert(
      'news_comments',
      (function* () {
        for (const [k, article] of published.entries()) {
          const start = Date.parse(article.created_at as string);
          for (let c = 0; c < commentsFor[k]; c++) {
            const created = start + int(Math.min(END_MS - start, 30 * 24 * 3600 * 1000) + 1);
            yield commentRow({ id: id(created), articleId: article.id as string, authorId: pick(userIds), content: sentence(6 + int(30)), createdAt: created });
          }
        }
      })(),
    );

    const podcasts: Row[] = [];
    const podcastLinks: Row[] = [];
    const podcastLikes: Row[] = [];
    for (let i = 0; i < n.podcasts; i++) {
      const created = at(i, n.podcasts);
      const status = i > 0 && chance(0.05) ? 'draft' : 'published';
      const likes = Math.min(Math.floor(rnd.float() ** 3 * 40), n.users);
      const row = podcastRow({
        id: id(created),
        showId: null,
        title: sentence(5 + int(5)).slice(0, -1),
        description: paragraph(2),
        episodeNumber: n.podcasts - i,
        // A page elsewhere, as the migration keeps such links: audio_url only ever names an upload.
        audioUrl: null,
        externalUrl: chance(0.9) ? `https://www.youtube.com/watch?v=bench${i}` : null,
        imageUrl: chance(0.7) ? `https://images.example.com/podcasts/${i}.jpg` : null,
        duration: 1200 + int(3600),
        hostName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        guestName: chance(0.8) ? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` : null,
        guestTitle: chance(0.7) ? pick(JOB_TITLES) : null,
        playCount: int(5000),
        likes,
        isArchived: i > 0 && chance(0.03),
        isFeatured: i === 0 || chance(0.01),
        publishedAt: status === 'published' ? created : null,
        status,
        authorId: pick(editorIds),
        createdAt: created,
      });
      podcasts.push(row);
      podcastLinks.push(...categoryLinks('podcast_id', row.id as string));
      podcastLikes.push(...likeRows('podcast', row.id as string, likes, created));
    }
    await insert('podcast_episodes', podcasts);
    await insert('podcast_categories', podcastLinks);
    await insert('user_interactions', podcastLikes);

    // Forums: discussion 0 is the newest, published, and has exactly DISCUSSION_REPLIES replies.
    const forumCategories: Row[] = FORUM_CATEGORIES.slice(0, n.forumCategories).map(({ name, color }, i) =>
      forumCategoryRow({ id: id(END_MS - SPAN_MS - 100 - i), name, description: sentence(10), icon: null, color, discussionCount: 0, createdAt: END_MS - SPAN_MS }),
    );
    const discussions: Row[] = [];
    for (let i = 0; i < n.discussions; i++) {
      const created = at(i, n.discussions);
      const category = pick(forumCategories);
      (category.discussion_count as number)++;
      discussions.push(
        discussionRow({
          id: id(created),
          title: `${sentence(6 + int(6)).slice(0, -1)}?`,
          content: Array.from({ length: 1 + int(3) }, () => paragraph(3)).join('\n\n'),
          categoryId: category.id as string,
          authorId: pick(userIds),
          isPinned: i > 0 && chance(0.01),
          isLocked: i > 0 && chance(0.01),
          isFeatured: i === 0 || chance(0.005),
          replyCount: 0,
          likes: 0,
          lastReplyAt: null,
          status: i > 0 && chance(0.03) ? 'draft' : 'published',
          createdAt: created,
        }),
      );
    }
    const repliesFor = discussions.map((_, i) => (i === 0 ? DISCUSSION_REPLIES : 0));
    for (let r = DISCUSSION_REPLIES; r < n.replies; r++) repliesFor[1 + int(n.discussions - 1)]++;
    const replies: Row[] = [];
    discussions.forEach((d, i) => {
      const start = Date.parse(d.created_at as string);
      const own: Row[] = [];
      let last = 0;
      for (let r = 0; r < repliesFor[i]; r++) {
        const created = start + 1 + int(Math.min(END_MS - start, 14 * 24 * 3600 * 1000));
        last = Math.max(last, created);
        own.push(
          replyRow({
            id: id(created),
            content: paragraph(1 + int(3)),
            discussionId: d.id as string,
            authorId: pick(userIds),
            parentReplyId: null,
            likes: 0,
            createdAt: created,
          }),
        );
      }
      own.sort((a, b) => (a.created_at as string).localeCompare(b.created_at as string));
      // About one reply in ten answers an earlier reply of the same discussion.
      own.forEach((reply, k) => {
        if (k > 0 && chance(0.1)) reply.parent_reply_id = own[int(k)].id;
      });
      d.reply_count = own.length;
      d.last_reply_at = own.length ? new Date(last).toISOString() : null;
      replies.push(...own);
    });
    await insert('forum_categories', forumCategories);
    await insert('forum_discussions', discussions);
    await insert('forum_replies', replies);

    await insert(
      'resources',
      Array.from({ length: n.resources }, (_, i) => {
        const created = at(i, n.resources);
        const ratingCount = int(200);
        return resourceRow({
          id: id(created),
          title: sentence(4 + int(5)).slice(0, -1),
          description: paragraph(2),
          type: pick(RESOURCE_TYPES),
          category: pick(RESOURCE_CATEGORIES),
          url: `https://example.com/resources/${i}`,
          imageUrl: chance(0.7) ? `https://images.example.com/resources/${i}.jpg` : null,
          duration: chance(0.5) ? `${1 + int(8)} hours` : null,
          difficulty: pick(DIFFICULTIES),
          rating: ratingCount ? 1 + int(5) : 0,
          ratingCount,
          downloadCount: int(10_000),
          isFree: chance(0.7),
          authorId: pick(editorIds),
          createdAt: created,
        });
      }),
    );

    const live = published.filter((a) => !a.is_archived).slice(0, 1000);
    return { articleId: articles[0].id as string, discussionId: discussions[0].id as string, likeArticleIds: live.map((a) => a.id as string) };
  });
}

/** The sample's categories (name and colour), and two more news categories to spread items over eight. */
const NEWS_CATEGORIES: ReadonlyArray<{ name: string; color: string }> = [
  ...SAMPLE_NEWS_CATEGORIES,
  { name: 'Treasury', color: '#14B8A6' },
  { name: 'ESG Reporting', color: '#84CC16' },
];
const FORUM_CATEGORIES: ReadonlyArray<{ name: string; color: string }> = SAMPLE_FORUM_CATEGORIES;

const WORDS = (
  'ledger audit accrual revenue recognition lease liability impairment goodwill reconciliation journal entry ' +
  'close process controls automation workflow invoice payable receivable cash forecast treasury hedge ' +
  'exposure tax provision deferred transfer pricing nexus pillar two disclosure footnote materiality sample ' +
  'analytics anomaly fraud vendor payroll expense policy compliance standard regulator filing quarter annual ' +
  'board committee assurance evidence model language assistant governance risk review team finance ' +
  'controller budget variance margin operating segment inventory valuation fair value estimate judgement the ' +
  'a of and to for with in on new better faster every our their'
).split(' ');

const FIRST_NAMES = [
  'Ava', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jonas', 'Kira', 'Liam', 'Maya',
  'Noah', 'Olivia', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tariq', 'Uma', 'Victor', 'Wen', 'Xavier', 'Yara', 'Zoe',
];
const LAST_NAMES = [
  'Adams', 'Bauer', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim', 'Jensen', 'Kowalski',
  'Lopez', 'Mensah', 'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Usman', 'Varga', 'Weber',
];
const JOB_TITLES = [
  'Controller', 'CFO', 'Audit Manager', 'Tax Director', 'Senior Accountant', 'Finance Analyst',
  'Head of Financial Reporting', 'Internal Auditor', 'Treasury Manager', 'FP&A Lead',
];
const COMPANY_SUFFIXES = ['& Co', 'Partners', 'Group', 'Holdings', 'LLP', 'Advisory'];
const TAGS = ['IFRS', 'US GAAP', 'Audit', 'Tax', 'Automation', 'AI', 'Fraud', 'Treasury', 'ESG', 'FP&A', 'SOX'];
