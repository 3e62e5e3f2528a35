import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../../test/harness';
import { createUser, insertArticle } from '../../test/factories';

// The member page as the server renders it (SERVER_RENDERING, on by default) from the built PWA:
// `npm test` builds dist/pwa and dist/ssr first, as for server/pages/render.test.ts.
const root = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);

describe.each(DB_KINDS)('server-rendered member page [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { serverRendering: true });
  }, 60_000);
  afterAll(() => t?.close());

  it('carries the public profile in the markup, and the email nowhere in the page', async () => {
    const user = await createUser(t.db, { firstName: 'Hannah', lastName: 'Lindqvist', email: `hannah.private-${Date.now()}@mailbox.example` });
    await t.db('users').where({ id: user.id }).update({ title: 'Audit Partner', company: 'Lindqvist & Co', bio: 'Twenty years in audit.' });
    await insertArticle(t.db, { title: 'Audit sampling in the age of AI', authorId: user.id });

    const res = await t.agent().get(`/members/${user.id}`);
    expect(res.status).toBe(200);
    const [, markup, state] = root(res.text) ?? [];
    expect(markup).toContain('Hannah Lindqvist');
    expect(markup).toContain('Audit Partner · Lindqvist &amp; Co');
    expect(markup).toContain('Twenty years in audit.');
    expect(markup).toContain('Audit sampling in the age of AI');
    expect(state).toContain(`/api/members/${user.id}`);
    // Not the address, not its first part, not anything about the account's standing.
    expect(res.text).not.toContain(user.email);
    expect(res.text).not.toContain('hannah.private');
    expect(res.text).not.toMatch(/"(email|role|isActive|passwordHash)"/);
  });

  it('a deactivated member gets no rendered page but a 404 (the browser then says Member Not Found)', async () => {
    const user = await createUser(t.db, { firstName: 'Gone', lastName: 'Away', isActive: false });
    const res = await t.agent().get(`/members/${user.id}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('Gone Away');
  });
});
