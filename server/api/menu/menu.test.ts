import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { expectAdminOnly, signedIn } from '../../test/agents';

describeEachDb('menu settings', (t) => {
  it('GET /api/menu-settings is public and hides labels from non-admins', async () => {
    const anonymous = await t().agent().get('/api/menu-settings');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(anonymous.body).toEqual([
      { menuKey: 'news', isVisible: true, displayOrder: 0 },
      { menuKey: 'podcasts', isVisible: true, displayOrder: 1 },
      { menuKey: 'forums', isVisible: true, displayOrder: 2 },
      { menuKey: 'resources', isVisible: true, displayOrder: 3 },
      { menuKey: 'community', isVisible: true, displayOrder: 4 },
    ]);
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    expect((await editor.get('/api/menu-settings')).body[0]).not.toHaveProperty('menuLabel');
    const { agent: admin } = await signedIn(t().db, t().agent(), 'admin');
    expect((await admin.get('/api/menu-settings')).body[0]).toEqual({ menuKey: 'news', isVisible: true, displayOrder: 0, menuLabel: 'News' });
  });

  it('PATCH /api/admin/menu-settings/{menuKey} is admin-only', async () => {
    await expectAdminOnly(t(), 'PATCH', '/api/admin/menu-settings/forums', { isVisible: false });
    const forums = (await t().agent().get('/api/menu-settings')).body.find((m: { menuKey: string }) => m.menuKey === 'forums');
    expect(forums.isVisible).toBe(true);
  });

  it('a visibility change is seen at once by everyone, and an unknown key is 404', async () => {
    const { agent: admin } = await signedIn(t().db, t().agent(), 'admin');
    const visitor = t().agent();
    const visible = async () =>
      (await visitor.get('/api/menu-settings')).body.find((m: { menuKey: string }) => m.menuKey === 'resources').isVisible;
    expect(await visible()).toBe(true);

    const hide = await admin.patch('/api/admin/menu-settings/resources', { isVisible: false });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ menuKey: 'resources', isVisible: false, menuLabel: 'Resources' });
    expect(await visible()).toBe(false);

    await admin.patch('/api/admin/menu-settings/resources', { isVisible: true });
    expect(await visible()).toBe(true);

    expect((await admin.patch('/api/admin/menu-settings/shop', { isVisible: false })).status).toBe(404);
    const bad = await admin.patch('/api/admin/menu-settings/news', { isVisible: 'no' });
    expect(bad.status).toBe(400);
    expect((await admin.patch('/api/admin/menu-settings/news', {})).status).toBe(400);
  });
});
