import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Role } from '../../../contracts/common';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';

const valid = { title: 'IFRS 18 Playbook', type: 'ebook', category: 'financial-reporting' };

describeEachDb('resources', (t) => {
  const as = async (role: Role) => (await signedIn(t().db, t().agent(), role)).agent;
  const create = async (admin: Agent, body: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/resources', { ...valid, ...body });
    if (res.status !== 201) throw new Error(`resource not created: ${res.status} ${res.text}`);
    return res.body;
  };

  it('only admins create; anonymous 401, other roles 403', async () => {
    expect((await t().agent().post('/api/resources', valid)).status).toBe(401);
    for (const role of ['subscriber', 'contributor', 'editor'] as const) {
      expect((await (await as(role)).post('/api/resources', valid)).status, role).toBe(403);
    }
    const { agent: admin, user } = await signedIn(t().db, t().agent(), 'admin');
    const res = await admin.post('/api/resources', { ...valid, title: '  IFRS 18 Playbook  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: 'IFRS 18 Playbook',
      description: null,
      type: 'ebook',
      category: 'financial-reporting',
      url: null,
      fileUrl: null,
      imageUrl: null,
      duration: null,
      difficulty: null,
      rating: 0,
      ratingCount: 0,
      downloadCount: 0,
      isFree: true,
      authorId: user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('stores every field of the dialog', async () => {
    const admin = await as('admin');
    const fields = {
      description: 'A practical guide',
      type: 'certification',
      category: 'audit-automation',
      url: 'https://example.com/course',
      imageUrl: '/objects/uploads/cover.png',
      fileUrl: 'https://example.com/file.pdf',
      duration: '6 weeks',
      difficulty: 'advanced',
      isFree: false,
      rating: 5,
      ratingCount: 120,
      downloadCount: 3400,
    } as const;
    expect(await create(admin, fields)).toMatchObject(fields);
  });

  it('validates with the spec messages', async () => {
    const admin = await as('admin');
    const empty = await admin.post('/api/resources', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      title: ['Title is required'],
      type: ['Type is required'],
      category: ['Category is required'],
    });
    const blank = await admin.post('/api/resources', { title: ' ', type: '', category: '' });
    expect(blank.body.errors).toEqual({
      title: ['Title is required'],
      type: ['Type is required'],
      category: ['Category is required'],
    });
    const unknown = await admin.post('/api/resources', { ...valid, type: 'podcast', category: 'cooking', difficulty: 'expert' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      type: ['Type must be one of: ebook, webinar, case-study, certification'],
      category: ['Category must be one of: taxation, financial-reporting, audit-automation, ethical-ai'],
      difficulty: ['Difficulty must be one of: beginner, intermediate, advanced'],
    });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rating: 6 }, 'rating'],
      [{ rating: -1 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '7' }, 'rating'],
      [{ ratingCount: -3 }, 'ratingCount'],
      [{ downloadCount: '2.5' }, 'downloadCount'],
      [{ downloadCount: 2 ** 31 }, 'downloadCount'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ imageUrl: '/etc/passwd' }, 'imageUrl'],
      [{ imageUrl: '/objects/../secret' }, 'imageUrl'],
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ fileUrl: 'not a url' }, 'fileUrl'],
      [{ isFree: 'yes' }, 'isFree'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ duration: 'd'.repeat(101) }, 'duration'],
      [{ title: 'nul\u0000byte' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/resources', { ...valid, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await admin.post('/api/resources', { ...valid, rating: 4.5 })).body.errors.rating).toEqual(['Rating must be a whole number']);
  });

  it('accepts numeric strings and turns non-numeric input into 0 (spec 5)', async () => {
    const admin = await as('admin');
    const numeric = await create(admin, { rating: '4', ratingCount: ' 12 ', downloadCount: '300' });
    expect(numeric).toMatchObject({ rating: 4, ratingCount: 12, downloadCount: 300 });
    const junk = await create(admin, { rating: 'five', ratingCount: '', downloadCount: null });
    expect(junk).toMatchObject({ rating: 0, ratingCount: 0, downloadCount: 0 });
    const blanks = await create(admin, { url: '', imageUrl: '  ', fileUrl: '', duration: '', difficulty: '', description: '' });
    expect(blanks).toMatchObject({ url: null, imageUrl: null, fileUrl: null, duration: null, difficulty: null, description: null });
  });

  it('lists newest first for everyone, filtered by type and category', async () => {
    const admin = await as('admin');
    const marker = randomUUID();
    const a = await create(admin, { title: `${marker} a`, type: 'webinar', category: 'taxation' });
    const b = await create(admin, { title: `${marker} b`, type: 'webinar', category: 'ethical-ai' });
    const c = await create(admin, { title: `${marker} c`, type: 'case-study', category: 'taxation' });
    const mine = (body: Array<{ id: string; title: string }>) => body.filter((r) => r.title.startsWith(marker)).map((r) => r.id);

    const all = await t().agent().get('/api/resources?limit=50');
    expect(all.status).toBe(200);
    expect(mine(all.body)).toEqual([c.id, b.id, a.id]);
    expect(mine((await t().agent().get('/api/resources?type=webinar')).body)).toEqual([b.id, a.id]);
    expect(mine((await t().agent().get('/api/resources?category=taxation')).body)).toEqual([c.id, a.id]);
    expect(mine((await t().agent().get('/api/resources?type=webinar&category=taxation')).body)).toEqual([a.id]);
    // '' is the page's "All" choice.
    expect(mine((await t().agent().get('/api/resources?type=&category=')).body)).toEqual([c.id, b.id, a.id]);
    expect((await t().agent().get('/api/resources?limit=1')).body).toHaveLength(1);

    for (const bad of ['type=podcast', 'category=cooking', 'type=EBOOK', 'limit=0', 'limit=101']) {
      const res = await t().agent().get(`/api/resources?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await t().agent().get('/api/resources?type=podcast')).body.errors).toEqual({
      type: ['Type must be one of: ebook, webinar, case-study, certification'],
    });
  });

  it('admins update only the fields sent; others are refused', async () => {
    const admin = await as('admin');
    const r = await create(admin, { description: 'keep me', rating: 3, downloadCount: 10 });
    expect((await t().agent().patch(`/api/resources/${r.id}`, { title: 'x' })).status).toBe(401);
    for (const role of ['subscriber', 'contributor', 'editor'] as const) {
      expect((await (await as(role)).patch(`/api/resources/${r.id}`, { title: 'x' })).status, role).toBe(403);
    }
    const res = await admin.patch(`/api/resources/${r.id}`, { title: 'Renamed', downloadCount: '11', isFree: false, url: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.id,
      title: 'Renamed',
      description: 'keep me',
      rating: 3,
      downloadCount: 11,
      isFree: false,
      url: null,
      type: 'ebook',
    });
    expect((await admin.patch(`/api/resources/${r.id}`, { title: '' })).body.errors).toEqual({ title: ['Title is required'] });
    expect((await admin.patch(`/api/resources/${r.id}`, { type: 'podcast' })).status).toBe(400);
    expect((await admin.patch(`/api/resources/${r.id}`, {})).status).toBe(400);
  });

  it('admins delete; others are refused', async () => {
    const admin = await as('admin');
    const r = await create(admin);
    expect((await t().agent().delete(`/api/resources/${r.id}`)).status).toBe(401);
    for (const role of ['subscriber', 'contributor', 'editor'] as const) {
      expect((await (await as(role)).delete(`/api/resources/${r.id}`)).status, role).toBe(403);
    }
    const res = await admin.delete(`/api/resources/${r.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t().agent().get('/api/resources?limit=100')).body.some((x: { id: string }) => x.id === r.id)).toBe(false);
    expect((await admin.delete(`/api/resources/${r.id}`)).status).toBe(404);
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    const admin = await as('admin');
    for (const id of [randomUUID(), 'not-a-uuid', '42']) {
      for (const res of [await admin.patch(`/api/resources/${id}`, { title: 'x' }), await admin.delete(`/api/resources/${id}`)]) {
        expect(res.status, id).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found', message: 'Resource not found' });
      }
    }
  });

  it('the list is one query however many resources there are', async () => {
    const admin = await as('admin');
    for (let i = 0; i < 5; i++) await create(admin);
    const q5 = await t().countQueries(() => t().agent().get('/api/resources?limit=5'));
    const q1 = await t().countQueries(() => t().agent().get('/api/resources?limit=1'));
    expect(q5).toBe(q1);
    expect(q5).toBe(1);
  });
});
