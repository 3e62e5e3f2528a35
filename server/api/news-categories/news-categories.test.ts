import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb } from '../../test/harness';
import { expectAdminOnly, signedIn } from '../../test/agents';

const unique = () => uuidv7().slice(-12);

describeEachDb('news categories', (t) => {
  it('the admin routes are admin-only; the list is public', async () => {
    const id = uuidv7();
    await t().db('news_categories').insert({ id, name: `Locked ${unique()}`, slug: `locked-${unique()}` });
    await expectAdminOnly(t(), 'POST', '/api/admin/news-categories', { name: 'X', slug: 'x' });
    await expectAdminOnly(t(), 'PATCH', `/api/admin/news-categories/${id}`, { isActive: false });
    await expectAdminOnly(t(), 'DELETE', `/api/admin/news-categories/${id}`);
    const list = await t().agent().get('/api/news-categories');
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: string }) => c.id === id)).toMatchObject({ isActive: true });
  });

  it('creates with defaults, lists by display order then name, and filters activeOnly', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const u = unique();
    const zeta = await agent.post('/api/admin/news-categories', { name: `Zeta ${u}`, slug: `zeta-${u}` });
    expect(zeta.status).toBe(201);
    expect(zeta.body).toMatchObject({ name: `Zeta ${u}`, slug: `zeta-${u}`, color: '#3B82F6', displayOrder: 0, isActive: true, icon: null, description: null });
    const alpha = await agent.post('/api/admin/news-categories', {
      name: `Alpha ${u}`,
      slug: `alpha-${u}`,
      color: '#abc',
      icon: 'Bot',
      description: 'AI things',
      displayOrder: '0',
    });
    expect(alpha.body).toMatchObject({ color: '#abc', icon: 'Bot', description: 'AI things', displayOrder: 0 });
    const first = await agent.post('/api/admin/news-categories', { name: `Mid ${u}`, slug: `mid-${u}`, displayOrder: -5, isActive: false });
    expect(first.body.isActive).toBe(false);

    const names = (body: Array<{ name: string }>) => body.map((c) => c.name).filter((n) => n.endsWith(u));
    const all = await t().agent().get('/api/news-categories');
    expect(names(all.body)).toEqual([`Mid ${u}`, `Alpha ${u}`, `Zeta ${u}`]);
    const active = await t().agent().get('/api/news-categories?activeOnly=true');
    expect(names(active.body)).toEqual([`Alpha ${u}`, `Zeta ${u}`]);
    expect(active.body.every((c: { isActive: boolean }) => c.isActive)).toBe(true);
  });

  it('validates name, slug, colour and display order (400 with the spec messages)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const missing = await agent.post('/api/admin/news-categories', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ name: ['Name is required'], slug: ['Slug is required'] });
    const blank = await agent.post('/api/admin/news-categories', { name: '  ', slug: '' });
    expect(blank.body.errors).toMatchObject({ name: ['Name is required'], slug: ['Slug is required'] });
    for (const slug of ['Upper', 'with space', 'under_score', '-lead', 'trail-', 'dou--ble', 'ümlaut']) {
      const res = await agent.post('/api/admin/news-categories', { name: `N ${unique()}`, slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.errors.slug, slug).toBeTruthy();
    }
    for (const color of ['red', '#12', '#12345', '#GGGGGG', '3B82F6', '#3B82F6FF']) {
      const res = await agent.post('/api/admin/news-categories', { name: `N ${unique()}`, slug: `n-${unique()}`, color });
      expect(res.status, color).toBe(400);
      expect(res.body.errors.color, color).toBeTruthy();
    }
    const order = await agent.post('/api/admin/news-categories', { name: `N ${unique()}`, slug: `n-${unique()}`, displayOrder: 'first' });
    expect(order.status).toBe(400);
    expect(order.body.errors.displayOrder).toBeTruthy();
    const coerced = await agent.post('/api/admin/news-categories', { name: `N ${unique()}`, slug: `n-${unique()}`, displayOrder: '7' });
    expect(coerced.body.displayOrder).toBe(7);
  });

  it('refuses a duplicate name or slug with 409 naming the field', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const u = unique();
    const { body: cat } = await agent.post('/api/admin/news-categories', { name: `Audit ${u}`, slug: `audit-${u}` });
    const byName = await agent.post('/api/admin/news-categories', { name: `AUDIT ${u}`, slug: `other-${u}` });
    expect(byName.status).toBe(409);
    expect(Object.keys(byName.body.errors)).toEqual(['name']);
    const bySlug = await agent.post('/api/admin/news-categories', { name: `Other ${u}`, slug: `audit-${u}` });
    expect(bySlug.status).toBe(409);
    expect(Object.keys(bySlug.body.errors)).toEqual(['slug']);
    const both = await agent.post('/api/admin/news-categories', { name: `Audit ${u}`, slug: `audit-${u}` });
    expect(Object.keys(both.body.errors).sort()).toEqual(['name', 'slug']);

    const { body: other } = await agent.post('/api/admin/news-categories', { name: `Tax ${u}`, slug: `tax-${u}` });
    const rename = await agent.patch(`/api/admin/news-categories/${other.id}`, { slug: `audit-${u}` });
    expect(rename.status).toBe(409);
    expect(rename.body.errors.slug).toBeTruthy();
    // Keeping one's own name and slug is not a conflict.
    expect((await agent.patch(`/api/admin/news-categories/${cat.id}`, { name: `Audit ${u}`, slug: `audit-${u}` })).status).toBe(200);
  });

  it('PATCH changes only the fields sent (the switch toggles isActive); unknown ids are 404', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const u = unique();
    const { body: cat } = await agent.post('/api/admin/news-categories', { name: `Fraud ${u}`, slug: `fraud-${u}`, color: '#EF4444', displayOrder: 3, description: 'D' });
    const off = await agent.patch(`/api/admin/news-categories/${cat.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ name: `Fraud ${u}`, slug: `fraud-${u}`, color: '#EF4444', displayOrder: 3, description: 'D', isActive: false });
    const edit = await agent.patch(`/api/admin/news-categories/${cat.id}`, { name: `Fraud detection ${u}`, description: '', displayOrder: '9' });
    expect(edit.body).toMatchObject({ name: `Fraud detection ${u}`, description: null, displayOrder: 9, isActive: false, color: '#EF4444' });
    expect((await agent.patch(`/api/admin/news-categories/${uuidv7()}`, { isActive: true })).status).toBe(404);
    expect((await agent.patch(`/api/admin/news-categories/${cat.id}`, { color: 'blue' })).status).toBe(400);
  });

  it('DELETE removes the category and its link rows only; the content stays', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const db = t().db;
    const u = unique();
    const { body: cat } = await agent.post('/api/admin/news-categories', { name: `Gone ${u}`, slug: `gone-${u}` });
    const { body: kept } = await agent.post('/api/admin/news-categories', { name: `Kept ${u}`, slug: `kept-${u}` });
    const [article, podcast, discussion] = [uuidv7(), uuidv7(), uuidv7()];
    await db('news_articles').insert({ id: article, title: 'A', content: 'C' });
    await db('podcast_episodes').insert({ id: podcast, title: 'P' });
    await db('forum_discussions').insert({ id: discussion, title: 'D', content: 'C' });
    await db('article_categories').insert([
      { article_id: article, category_id: cat.id },
      { article_id: article, category_id: kept.id },
    ]);
    await db('podcast_categories').insert({ podcast_id: podcast, category_id: cat.id });
    await db('discussion_news_categories').insert({ discussion_id: discussion, category_id: cat.id });

    const res = await agent.delete(`/api/admin/news-categories/${cat.id}`);
    expect(res.status).toBe(200);
    expect(await db('news_categories').where({ id: cat.id }).first()).toBeUndefined();
    expect(await db('article_categories').where({ category_id: cat.id })).toHaveLength(0);
    expect(await db('podcast_categories').where({ category_id: cat.id })).toHaveLength(0);
    expect(await db('discussion_news_categories').where({ category_id: cat.id })).toHaveLength(0);
    expect(await db('article_categories').where({ article_id: article })).toEqual([{ article_id: article, category_id: kept.id }]);
    expect(await db('news_articles').where({ id: article }).first()).toBeDefined();
    expect(await db('podcast_episodes').where({ id: podcast }).first()).toBeDefined();
    expect(await db('forum_discussions').where({ id: discussion }).first()).toBeDefined();

    expect((await agent.delete(`/api/admin/news-categories/${cat.id}`)).status).toBe(404);
  });
});
