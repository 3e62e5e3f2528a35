import { describe, expect, it } from 'vitest';
import { PodcastListQuery, PodcastShowCreateInput, slugify } from './podcasts';

describe('podcast show contracts', () => {
  it('slugify makes a URL slug of a show name', () => {
    expect(slugify('The Tax Brief')).toBe('the-tax-brief');
    expect(slugify('  Audit & Assurance: Tech Talk! ')).toBe('audit-and-assurance-tech-talk');
    expect(slugify('Café Comptable')).toBe('cafe-comptable');
    expect(slugify('!!!')).toBe('');
    expect(slugify('x'.repeat(200)).length).toBe(120);
  });

  it('a show without a slug gets one from its name; a name with no letters or digits needs one', () => {
    expect(PodcastShowCreateInput.parse({ name: 'Close Notes' })).toMatchObject({ name: 'Close Notes', slug: 'close-notes' });
    expect(PodcastShowCreateInput.parse({ name: 'Close Notes', slug: 'cn' }).slug).toBe('cn');
    const refused = PodcastShowCreateInput.safeParse({ name: '???' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['slug', 'Slug is required']]);
  });

  it('?show= takes a slug, case-insensitively; blank means all shows', () => {
    expect(PodcastListQuery.parse({ show: 'Audit-Tech-Talk' }).show).toBe('audit-tech-talk');
    expect(PodcastListQuery.parse({ show: '' }).show).toBeUndefined();
    expect(PodcastListQuery.parse({}).show).toBeUndefined();
    expect(PodcastListQuery.safeParse({ show: 'no spaces' }).success).toBe(false);
  });
});
