import { expect, it, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Knex } from 'knex';
import { describeEachDb } from '../../test/harness';
import { createUser } from '../../test/factories';
import { signedIn } from '../../test/agents';

// The sample data fails half-way: it has written a row, then throws.
vi.mock('../../db/seed/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../db/seed/index')>();
  return {
    ...original,
    seedSampleData: async (db: Knex) => {
      await db('news_categories').insert({ id: uuidv7(), name: 'Half-way', slug: 'half-way' });
      throw new Error('seed failed half-way');
    },
  };
});

describeEachDb('database rebuild atomicity', (t) => {
  it('a failing forced rebuild changes nothing (one transaction)', async () => {
    const db = t().db;
    const { agent } = await signedIn(db, t().agent(), 'admin');
    const member = await createUser(db);
    const article = uuidv7();
    await db('news_articles').insert({ id: article, title: 'Survivor', content: 'C' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await agent.post('/api/admin/seed-database', { force: true, confirmName: 'Ledger Commons' });
    errors.mockRestore();
    expect(res.status).toBe(500);
    expect(await db('news_articles').where({ id: article }).first()).toBeDefined();
    expect(await db('users').where({ id: member.id }).first()).toBeDefined();
    expect(await db('news_categories').where({ slug: 'half-way' }).first()).toBeUndefined();
  });
});
