import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compare } from 'bcryptjs';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { fromJson, toBool, toInt, toIso } from '../dialect';
import { plainText, readingMinutes } from '../../../contracts/text';
import { localDiskStorage } from '../../storage/local';
import { EPISODES_BY_SHOW, PODCAST_SHOWS } from './data';
import { readSampleTranscript, SAMPLE_AUDIO_DIR, SAMPLE_AUDIO_TYPE, sampleAudioPath, sampleScriptPath } from './audio';
import { DEMO_ACCOUNTS, hasContent, seedSampleData } from './index';

const ROLES = ['subscriber', 'contributor', 'editor', 'admin'] as const;
const RESOURCE_TYPES = ['ebook', 'webinar', 'case-study', 'certification'];
const RESOURCE_CATEGORIES = ['taxation', 'financial-reporting', 'audit-automation', 'ethical-ai'];
const COUNTED_TABLES = [
  'users',
  'news_categories',
  'news_articles',
  'article_categories',
  'news_comments',
  'podcast_shows',
  'podcast_episodes',
  'podcast_categories',
  'forum_categories',
  'forum_discussions',
  'discussion_news_categories',
  'forum_replies',
  'resources',
  'polls',
  'objects',
];

describe.each(DB_KINDS)('sample data seed [%s]', (kind) => {
  let t: TestDatabase;
  let storageDir: string;
  const storage = () => localDiskStorage(storageDir);
  const db = () => t.db;
  const count = async (table: string) => toInt((await db()(table).count({ n: '*' }).first())?.n);
  const countAll = async () =>
    Object.fromEntries(await Promise.all(COUNTED_TABLES.map(async (table) => [table, await count(table)] as const)));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'lc-seed-storage-'));
  });
  afterAll(async () => {
    await t?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('reports no content on an empty database, then seeds it', async () => {
    expect(await hasContent(db())).toBe(false);
    await seedSampleData(db(), { storage: storage() });
    expect(await hasContent(db())).toBe(true);
  });

  it('creates the demo accounts, one per role, whose bcrypt hashes verify', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.role).sort()).toEqual([...ROLES].sort());
    for (const account of DEMO_ACCOUNTS) {
      const user = await db()('users').where({ email: account.email }).first();
      expect(user, account.email).toBeTruthy();
      expect(user.role).toBe(account.role);
      expect(user.first_name).toBe(account.firstName);
      expect(user.last_name).toBe(account.lastName);
      expect(toBool(user.is_active)).toBe(true);
      expect(user.password_hash).toMatch(/^\$2[aby]\$10\$/);
      expect(await compare(account.password, user.password_hash)).toBe(true);
      expect(await compare('wrong-password', user.password_hash)).toBe(false);
    }
  });

  it('creates at least 10 active community members with profiles', async () => {
    const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
    const members = await db()('users').whereNotIn('email', demoEmails);
    expect(members.length).toBeGreaterThanOrEqual(10);
    for (const m of members) {
      expect(['subscriber', 'contributor']).toContain(m.role);
      expect(toBool(m.is_active)).toBe(true);
      expect(m.first_name && m.last_name && m.title && m.company && m.bio).toBeTruthy();
      expect(toInt(m.points)).toBeGreaterThanOrEqual(120);
      expect(toInt(m.points)).toBeLessThanOrEqual(4800);
      expect(fromJson<string[]>(m.expertise_tags, []).length).toBeGreaterThan(0);
      expect(Array.isArray(fromJson<string[]>(m.badges, []))).toBe(true);
      expect(await compare('member123', m.password_hash)).toBe(true);
    }
    expect(new Set(members.map((m) => m.password_hash)).size).toBe(1); // one hash per distinct password
  });

  it('creates the news categories of spec 9 plus two more, with distinct colours', async () => {
    const cats = await db()('news_categories').orderBy('display_order');
    expect(cats.length).toBeGreaterThanOrEqual(6);
    const bySlug = new Map(cats.map((c) => [c.slug, c.name]));
    expect(bySlug.get('automation')).toBe('Automation');
    expect(bySlug.get('fraud-detection')).toBe('Fraud Detection');
    expect(bySlug.get('regulatory')).toBe('Regulatory');
    expect(bySlug.get('generative-ai')).toBe('Generative AI');
    expect(new Set(cats.map((c) => c.color)).size).toBe(cats.length);
    for (const c of cats) {
      expect(c.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(c.description && c.icon).toBeTruthy();
    }
  });

  it('creates at least 30 articles with the required mix, links and exact comment counts', async () => {
    const articles = await db()('news_articles');
    expect(articles.length).toBeGreaterThanOrEqual(30);
    const drafts = articles.filter((a) => a.status === 'draft');
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    expect(drafts.length).toBeLessThanOrEqual(3);
    for (const d of drafts) expect(d.published_at).toBeNull();
    expect(articles.filter((a) => toBool(a.is_archived)).length).toBe(2);
    expect(articles.filter((a) => toBool(a.is_featured)).length).toBe(3);
    expect(articles.filter((a) => a.status === 'published').length).toBe(articles.length - drafts.length);

    const sixtyDaysAgo = Date.now() - 60 * 24 * 3_600_000;
    for (const a of articles) {
      expect(a.content).toContain('\n\n');
      expect(a.content.toLowerCase()).not.toContain('lorem');
      expect(a.excerpt).toBeTruthy();
      expect(a.image_url).toBeNull();
      expect(toInt(a.likes)).toBeGreaterThanOrEqual(0);
      expect(toInt(a.likes)).toBeLessThanOrEqual(120);
      if (a.status === 'published') {
        const ms = Date.parse(toIso(a.published_at)!);
        expect(ms).toBeGreaterThan(sixtyDaysAgo);
        expect(ms).toBeLessThanOrEqual(Date.now());
      }
    }
    expect(articles.filter((a) => a.source_name && a.source_url?.startsWith('https://example.com/')).length).toBeGreaterThan(
      articles.length / 2,
    );

    const links: { article_id: string; n: unknown }[] = await db()('article_categories')
      .select('article_id')
      .count({ n: '*' })
      .groupBy('article_id');
    const linkCount = new Map(links.map((l) => [l.article_id, toInt(l.n)]));
    for (const a of articles) {
      expect(linkCount.get(a.id), a.title).toBeGreaterThanOrEqual(1);
      expect(linkCount.get(a.id), a.title).toBeLessThanOrEqual(2);
    }

    const comments: { article_id: string; n: unknown }[] = await db()('news_comments')
      .select('article_id')
      .count({ n: '*' })
      .groupBy('article_id');
    const commentCount = new Map(comments.map((c) => [c.article_id, toInt(c.n)]));
    for (const a of articles) expect(toInt(a.comment_count), a.title).toBe(commentCount.get(a.id) ?? 0);
    const commented = articles.filter((a) => commentCount.has(a.id));
    expect(commented.length).toBeGreaterThanOrEqual(Math.floor(articles.length * 0.4));
    for (const a of commented) {
      expect(commentCount.get(a.id)).toBeGreaterThanOrEqual(2);
      expect(commentCount.get(a.id)).toBeLessThanOrEqual(5);
    }
  });

  it('creates full-length Markdown articles whose reading times vary from 3 to 9 minutes', async () => {
    const articles = await db()('news_articles');
    const minutes = new Set<number>();
    for (const a of articles) {
      const words = plainText(a.content).split(' ').length;
      expect(words, a.title).toBeGreaterThanOrEqual(600);
      expect(words, a.title).toBeLessThanOrEqual(2000);
      minutes.add(readingMinutes(a.content));
      expect(a.content, a.title).toMatch(/^## \S/m); // headings
      expect(a.content, a.title).toMatch(/^(- |1\. )\S/m); // a list
      expect(a.content, a.title).toMatch(/^(\| .* \||> \S)/m); // a table or a quote
    }
    expect(Math.min(...minutes)).toBe(3);
    expect(Math.max(...minutes)).toBe(9);
    expect(minutes.size).toBeGreaterThanOrEqual(6);
  });

  it('creates three shows, each with episodes numbered 1..n, and the main show with the required mix', async () => {
    const shows = await db()('podcast_shows').orderBy('display_order');
    expect(shows.map((s) => [s.name, s.slug])).toEqual([
      ['Ledger Commons Podcast', 'ledger-commons-podcast'],
      ['Audit Tech Talk', 'audit-tech-talk'],
      ['The Tax Brief', 'the-tax-brief'],
    ]);
    for (const show of shows) {
      expect(show.description && show.host_name).toBeTruthy();
      expect(show.image_url).toBeNull();
    }
    const episodes = await db()('podcast_episodes').orderBy('episode_number');
    const numbers = (showId: string) => episodes.filter((e) => e.show_id === showId).map((e) => toInt(e.episode_number));
    expect(numbers(shows[0].id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(numbers(shows[1].id)).toEqual([1, 2, 3, 4, 5]);
    expect(numbers(shows[2].id)).toEqual([1, 2, 3, 4, 5]);
    expect(episodes.filter((e) => !e.show_id)).toEqual([]);

    const main = episodes.filter((e) => e.show_id === shows[0].id);
    expect(main.filter((e) => toBool(e.is_featured)).length).toBe(2);
    expect(main.filter((e) => e.status === 'draft').length).toBe(1);
    expect(main.filter((e) => toBool(e.is_archived)).length).toBe(1);
    expect(episodes.filter((e) => toBool(e.is_featured)).length).toBe(2);
    for (const e of episodes) expect(e.host_name).toBeTruthy();
    // Each show has its own host; the shows interleave in time.
    expect(new Set(episodes.map((e) => e.host_name)).size).toBe(3);
    expect(episodes.filter((e) => e.guest_name && e.guest_title).length).toBeGreaterThan(10);
    const linked = await db()('podcast_categories').distinct('podcast_id');
    expect(linked.length).toBe(episodes.length);
  });

  it('gives every episode its own audio file: a finalised upload in the storage, with its real length and duration', async () => {
    const shows = await db()('podcast_shows').orderBy('display_order');
    const episodes = await db()('podcast_episodes');
    const objects = new Map((await db()('objects')).map((o) => [o.id, o]));
    expect(episodes.length).toBe(22);
    for (const [s, show] of PODCAST_SHOWS.entries()) {
      for (const [i, seed] of EPISODES_BY_SHOW[show.key].entries()) {
        const e = episodes.find((x) => x.show_id === shows[s].id && toInt(x.episode_number) === i + 1);
        expect(e?.title).toBe(seed.title);
        const file = sampleAudioPath(show.key, i + 1);
        const { format } = await parseFile(file, { duration: true });
        expect(e.audio_url).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
        expect(e.external_url).toBeNull();
        expect(e.audio_type).toBe('audio/ogg');
        expect(toInt(e.duration), file).toBe(Math.round(format.duration!));
        // Minutes of speech, as the titles and show notes promise: seeking, speed and resume mean something.
        expect(toInt(e.duration), file).toBeGreaterThanOrEqual(120);
        expect(toInt(e.duration), file).toBeLessThanOrEqual(360);
        // Its transcript and chapters, from the same script as its words.
        const sample = await readSampleTranscript(show.key, i + 1);
        expect(JSON.parse(e.chapters), file).toEqual(sample.chapters);
        expect(JSON.parse(e.transcript).map((c: { text: string }) => c.text), file).toEqual(sample.cues.map((c) => c.text));
        expect(e.transcript_text, file).toContain(sample.cues[1].text);
        const object = objects.get(e.audio_url.slice('/objects/'.length));
        expect(object, file).toBeDefined();
        expect(object.kind).toBe('audio');
        expect(object.content_type).toBe('audio/ogg');
        expect(object.finalized_at).toBeTruthy();
        expect(object.user_id).toBeNull(); // nobody's quota
        expect(toInt(object.duration_seconds)).toBe(toInt(e.duration));
        expect(toInt(e.audio_bytes)).toBe(toInt(object.size));
        expect(await storage().size(object.path)).toBe(toInt(object.size));
      }
    }
    // Each file is its own object: 22 different sounds.
    expect(new Set(episodes.map((e) => e.audio_url)).size).toBe(episodes.length);
    const stored = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      storage()
        .read(episodes[0].audio_url.slice('/objects/'.length))
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve(Buffer.concat(chunks)))
        .on('error', reject);
    });
    expect(stored.subarray(0, 4).toString('latin1')).toBe('OggS');
  });

  it('creates 5 forum categories and 20 discussions with exact counters', async () => {
    const cats = await db()('forum_categories');
    expect(cats.map((c) => c.name).sort()).toEqual(
      ['AI Implementation', 'Audit & Assurance', 'Career & Practice Management', 'Learning & Development', 'Regulatory Compliance'],
    );
    for (const c of cats) expect(c.color && c.icon && c.description).toBeTruthy();

    const discussions = await db()('forum_discussions');
    expect(discussions.length).toBe(20);
    expect(discussions.filter((d) => toBool(d.is_pinned)).length).toBeGreaterThanOrEqual(2);
    expect(discussions.filter((d) => toBool(d.is_locked)).length).toBe(1);
    expect(discussions.filter((d) => toBool(d.is_featured)).length).toBe(2);
    expect(discussions.filter((d) => d.status === 'draft').length).toBe(1);

    const replies = await db()('forum_replies');
    for (const d of discussions) {
      const own = replies.filter((r) => r.discussion_id === d.id);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(toInt(d.reply_count), d.title).toBe(own.length);
      const latest = own.map((r) => Date.parse(toIso(r.created_at)!)).sort((a, b) => b - a)[0];
      if (own.length === 0) expect(d.last_reply_at).toBeNull();
      else expect(Date.parse(toIso(d.last_reply_at)!), d.title).toBe(latest);
      for (const r of own) {
        expect(Date.parse(toIso(r.created_at)!)).toBeGreaterThan(Date.parse(toIso(d.created_at)!));
        if (r.parent_reply_id) expect(own.map((o) => o.id)).toContain(r.parent_reply_id);
      }
    }
    // Two questions carry a marked answer (Solved), one of their own replies, so "Answered" is not 0.
    const answered = discussions.filter((d) => d.answer_reply_id);
    expect(answered.length).toBe(2);
    for (const d of answered) expect(replies.find((r) => r.id === d.answer_reply_id)?.discussion_id).toBe(d.id);
    for (const c of cats) {
      const published = discussions.filter((d) => d.category_id === c.id && d.status === 'published').length;
      expect(toInt(c.discussion_count), c.name).toBe(published);
    }
  });

  it('creates 12 resources covering every type and category', async () => {
    const resources = await db()('resources');
    expect(resources.length).toBe(12);
    expect(new Set(resources.map((r) => r.type))).toEqual(new Set(RESOURCE_TYPES));
    expect(new Set(resources.map((r) => r.category))).toEqual(new Set(RESOURCE_CATEGORIES));
    for (const r of resources) {
      expect(Number.isInteger(toInt(r.rating))).toBe(true);
      expect(toInt(r.rating)).toBeGreaterThanOrEqual(0);
      expect(toInt(r.rating)).toBeLessThanOrEqual(5);
      expect(['beginner', 'intermediate', 'advanced']).toContain(r.difficulty);
      expect(r.url).toMatch(/^https:\/\/example\.com\//);
      expect(r.duration).toBeTruthy();
    }
    expect(new Set(resources.map((r) => toBool(r.is_free)))).toEqual(new Set([true, false]));
  });

  it('creates sample polls whose total matches the option votes', async () => {
    const polls = await db()('polls');
    expect(polls.length).toBeGreaterThanOrEqual(1);
    for (const p of polls) {
      const options = fromJson<{ text: string; votes: number }[]>(p.options, []);
      expect(options.length).toBeGreaterThanOrEqual(2);
      expect(toInt(p.total_votes)).toBe(options.reduce((s, o) => s + o.votes, 0));
    }
  });

  it('re-seeds inside a transaction after a rebuild-style wipe, keeping the admin account', async () => {
    const before = await countAll();
    const admin = await db()('users').where({ email: 'admin@ledgercommons.test' }).first();

    // What a rebuild does: drop content and non-admin users, keep admins (and here, news categories).
    for (const table of ['news_articles', 'podcast_episodes', 'podcast_shows', 'forum_discussions', 'forum_categories', 'resources', 'polls']) {
      await db()(table).del();
    }
    await db()('users').whereNot({ role: 'admin' }).del();
    expect(await hasContent(db())).toBe(false);

    await db().transaction((trx) => seedSampleData(trx, { storage: storage() }));

    const adminsNow = await db()('users').where({ email: 'admin@ledgercommons.test' });
    expect(adminsNow.map((u) => u.id)).toEqual([admin.id]); // kept, not inserted again
    expect(adminsNow[0].password_hash).toBe(admin.password_hash);
    // Same shape as the first run (news categories and audio objects were reused, not duplicated).
    expect(await countAll()).toEqual(before);
    expect(readdirSync(storageDir).filter((f) => !f.startsWith('.')).length).toBe(22);

    const authored = await db()('resources').where({ author_id: admin.id }).count({ n: '*' }).first();
    expect(toInt(authored?.n)).toBeGreaterThan(0);
    for (const c of await db()('forum_categories')) {
      const n = await db()('forum_discussions').where({ category_id: c.id, status: 'published' }).count({ n: '*' }).first();
      expect(toInt(c.discussion_count)).toBe(toInt(n?.n));
    }
  });

  it('leaves nothing behind when the surrounding transaction rolls back', async () => {
    const before = await countAll();
    await expect(
      db().transaction(async (trx) => {
        await seedSampleData(trx, { storage: storage() });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await countAll()).toEqual(before);
  });
});

const EPISODES = PODCAST_SHOWS.flatMap((show) => EPISODES_BY_SHOW[show.key].map((seed, i) => ({ show: show.key, number: i + 1, seed })));
const MB = 1024 * 1024;

/** The speakers' first names, as a script labels them and a transcript's turns begin. */
const speakerLabel = (seed: (typeof EPISODES)[number]['seed']) =>
  new RegExp(`^(${[seed.hostName, seed.guestName].filter(Boolean).map((n) => n!.split(' ')[0]).join('|')}): `);

/** A script's chapter titles and spoken words (headings and speaker labels are not spoken). */
function readScript(show: string, number: number): { title: string; chapters: string[]; words: string } {
  const text = readFileSync(sampleScriptPath(show, number), 'utf8');
  const chapters = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
  const spoken = text
    .split(/\n{2,}/)
    .filter((block) => !block.startsWith('#'))
    .map((block) => block.replace(/^\*\*[^*]+:\*\*\s*/, ''));
  return { title: /^# (.+)$/m.exec(text)?.[1] ?? '', chapters, words: spoken.join(' ').split(/\s+/).filter(Boolean).join(' ') };
}

describe("the sample episodes' audio, scripts and transcripts (scripts/sample-audio.ts)", () => {
  it('gives each episode a script under its own title and 2–6 minutes of mono Opus speech, titled as the episode; no MP3 is left', async () => {
    for (const { show, number, seed } of EPISODES) {
      const file = sampleAudioPath(show, number);
      expect(readScript(show, number).title, file).toBe(seed.title);
      const { format, common } = await parseFile(file, { duration: true });
      expect(format.container, file).toBe('Ogg');
      expect(format.codec, file).toBe('Opus');
      expect(format.numberOfChannels, file).toBe(1);
      expect(common.title, file).toBe(seed.title);
      expect(format.duration!, file).toBeGreaterThanOrEqual(120);
      expect(format.duration!, file).toBeLessThanOrEqual(360);
      // A speech bitrate: at most 24 kbit/s over the whole file, container included.
      expect((statSync(file).size * 8) / format.duration!, file).toBeLessThanOrEqual(24_000);
    }
    expect(SAMPLE_AUDIO_TYPE).toBe('audio/ogg');
    expect(readdirSync(SAMPLE_AUDIO_DIR).sort()).toEqual(EPISODES.map(({ show, number }) => `${show}-${number}.opus`).sort());
  });

  it('keeps the audio under git below 15 MB in all', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
    const audio = [...new Set(listed.split('\0'))].filter((f) => /\.(mp3|m4a|aac|opus|ogg|oga|wav|flac|weba)$/i.test(f) && existsSync(path.join(root, f)));
    const total = audio.reduce((sum, f) => sum + statSync(path.join(root, f)).size, 0);
    // Every sample episode is among them, so this is not passing on an empty list.
    for (const { show, number } of EPISODES) expect(audio).toContain(path.relative(root, sampleAudioPath(show, number)));
    expect(total / MB).toBeLessThan(15);
  });

  it("gives each episode a transcript of its script's words, timed to its audio, and its script's chapters, sorted from 0", async () => {
    for (const { show, number, seed } of EPISODES) {
      const file = sampleAudioPath(show, number);
      const { format } = await parseFile(file, { duration: true });
      const script = readScript(show, number);
      const { chapters, cues } = await readSampleTranscript(show, number);

      expect(chapters.length, file).toBeGreaterThanOrEqual(3);
      expect(chapters.length, file).toBeLessThanOrEqual(6);
      expect(chapters.map((c) => c.title), file).toEqual(script.chapters);
      expect(chapters[0]!.start, file).toBe(0);
      for (const [i, c] of chapters.entries()) {
        expect(Number.isInteger(c.start), file).toBe(true);
        if (i > 0) expect(c.start, file).toBeGreaterThan(chapters[i - 1]!.start);
        // A chapter begins at one of its sentences: a click on it lands on words, not in the middle of some.
        expect(cues.some((cue) => Math.floor(cue.start) === c.start), `${file} ${c.title}`).toBe(true);
      }

      expect(cues[0]!.start, file).toBe(0);
      for (const [i, cue] of cues.entries()) {
        expect(cue.end, `${file} ${cue.text}`).toBeGreaterThan(cue.start);
        expect(Math.round(cue.start * 100) / 100).toBe(cue.start);
        if (i > 0) expect(cue.start, `${file} ${cue.text}`).toBeGreaterThanOrEqual(cues[i - 1]!.end);
      }
      expect(Math.abs(cues.at(-1)!.end - format.duration!), file).toBeLessThanOrEqual(1);
      // The same words as the script, a cue a sentence; a new speaker's turn is named.
      const label = speakerLabel(seed);
      expect(cues.map((cue) => cue.text.replace(label, '')).join(' '), file).toBe(script.words);
    }
  });
});
