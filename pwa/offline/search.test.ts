// Offline search over stored API answers: the matching rules (the store's reading of IndexedDB is
// covered by store.test.ts, the screen by pwa/e2e/reading/feeds.spec.ts).
import { describe, expect, it } from 'vitest';
import { searchAnswers, type StoredAnswer } from './search';

const article = (id: string, title: string, content: string, extra: Record<string, unknown> = {}) => ({ id, title, excerpt: null, content, status: 'published', isArchived: false, ...extra });

const answers: StoredAnswer[] = [
  { path: '/api/news?limit=50', data: [article('a1', 'Lease accounting update', 'Right-of-use assets under IFRS 16.'), article('a2', 'Quarterly close', 'Audit evidence and lease schedules.')] },
  { path: '/api/news/a3', data: article('a3', 'Draft on leases', 'Not out yet.', { status: 'draft' }) },
  { path: '/api/news/a4', data: article('a4', 'Old lease note', 'Archived.', { isArchived: true }) },
  { path: '/api/news/a1/comments', data: [{ id: 'c1', content: 'lease comment', title: 'lease' }] },
  { path: '/api/news-categories', data: [{ id: 'n1', title: 'Lease', name: 'Lease' }] },
  { path: '/api/podcasts?limit=50', data: [{ id: 'p1', title: 'Episode 7', description: null, hostName: 'Maya Lease', guestName: null, guestTitle: null }] },
  { path: '/api/forum/discussions?limit=50', data: [{ id: 'd1', title: 'Leasing question', content: 'How do you treat short leases?' }] },
  { path: '/api/resources?limit=50', data: [{ id: 'r1', title: 'IFRS 16 handbook', description: 'Everything about leases.' }] },
];

describe('searchAnswers', () => {
  it('finds every kind by a word in its title or text, title matches first, each item once', () => {
    // 'Leasing' in d1's title does not start with 'lease': it matches by its text ('leases'), after the titles.
    const results = searchAnswers([...answers, { path: '/api/news/a1', data: answers[0].data && (answers[0].data as unknown[])[0] }], 'lease');
    expect(results.map((r) => `${r.kind}:${r.id}`)).toEqual(['article:a1', 'article:a3', 'article:a2', 'podcast:p1', 'discussion:d1', 'resource:r1']);
    expect(results[0]).toMatchObject({ url: '/news/a1', isDraft: false, title: { text: 'Lease accounting update', highlights: [[0, 5]] } });
    expect(results.find((r) => r.id === 'a3')?.isDraft).toBe(true);
    expect(results.find((r) => r.id === 'd1')?.url).toBe('/forums/d1');
    expect(results.find((r) => r.id === 'p1')?.url).toBe('/podcasts');
  });

  it('finds the items of stored pages of a paged list ({ items, nextCursor })', () => {
    const pages: StoredAnswer[] = [
      { path: '/api/news?limit=12', data: { items: [article('n1', 'Goodwill impairment', 'Testing.')], nextCursor: 'c1' } },
      { path: '/api/news?limit=12&before=c1', data: { items: [article('n2', 'Goodwill again', 'More.')], nextCursor: null } },
    ];
    expect(searchAnswers(pages, 'goodwill').map((r) => `${r.kind}:${r.id}`)).toEqual(['article:n1', 'article:n2']);
  });

  it("finds a card list's articles by their summary (view=card answers carry no content)", () => {
    const cards: StoredAnswer[] = [
      { path: '/api/news?limit=12&view=card', data: { items: [{ id: 'n3', title: 'Quarter close', excerpt: null, summary: 'Revenue recognition checklist...', status: 'published', isArchived: false }], nextCursor: null } },
    ];
    expect(searchAnswers(cards, 'revenue').map((r) => `${r.kind}:${r.id}`)).toEqual(['article:n3']);
  });

  it('requires every word (as a word prefix), and leaves archived items, comments and categories out', () => {
    expect(searchAnswers(answers, 'lease audit').map((r) => r.id)).toEqual(['a2']);
    expect(searchAnswers(answers, 'ease')).toEqual([]);
    expect(searchAnswers(answers, 'archived')).toEqual([]);
    expect(searchAnswers(answers, 'comment')).toEqual([]);
  });

  it('builds the snippet around the first match, and answers nothing for a query with no words', () => {
    const [result] = searchAnswers(answers, 'evidence');
    expect(result.snippet.text).toBe('Audit evidence and lease schedules.');
    expect(result.snippet.highlights).toEqual([[6, 14]]);
    expect(searchAnswers(answers, ' ?! ')).toEqual([]);
  });
});
