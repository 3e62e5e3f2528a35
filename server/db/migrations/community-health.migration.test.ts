import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { isUniqueViolation, now } from '../dialect';

/** The community-health schema: one report per member per item, and what goes with what. */
describe.each(DB_KINDS)('community health schema [%s]', (kind) => {
  let t: TestDatabase;
  const ids = { member: uuidv7(), other: uuidv7(), discussion: uuidv7(), reply: uuidv7() };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const at = now();
    await t.db('users').insert(
      [ids.member, ids.other].map((id) => ({ id, email: `${id}@example.com`, password_hash: 'x', created_at: at, updated_at: at })),
    );
    await t.db('forum_discussions').insert({ id: ids.discussion, title: 'Q', content: 'Why?', author_id: ids.member, created_at: at, updated_at: at });
    await t.db('forum_replies').insert({ id: ids.reply, content: 'Because.', discussion_id: ids.discussion, author_id: ids.other, created_at: at });
  });
  afterAll(async () => t?.drop());

  const report = (reporter: string, target: Record<string, string>) =>
    t.db('reports').insert({ id: uuidv7(), reporter_id: reporter, reason: 'spam', created_at: now(), ...target });

  it('takes one report per member per item, and reports of other items by the same member', async () => {
    await report(ids.member, { reply_id: ids.reply });
    await report(ids.other, { reply_id: ids.reply });
    await report(ids.member, { discussion_id: ids.discussion });
    await report(ids.member, { member_id: ids.other });
    let refused: unknown;
    await report(ids.member, { reply_id: ids.reply }).catch((err) => (refused = err));
    expect(isUniqueViolation(refused)).toBe(true);
    expect((await t.db('reports').where({ reply_id: ids.reply })).length).toBe(2);
  });

  it('a marked answer clears with its reply, and reports and watches go with what they name', async () => {
    await t.db('forum_discussions').where({ id: ids.discussion }).update({ answer_reply_id: ids.reply });
    await t.db('discussion_watches').insert({ user_id: ids.other, discussion_id: ids.discussion, level: 'watching' });
    await t.db('forum_replies').where({ id: ids.reply }).delete();
    expect((await t.db('forum_discussions').where({ id: ids.discussion }).first()).answer_reply_id).toBeNull();
    expect(await t.db('reports').where({ reply_id: ids.reply })).toEqual([]);
    await t.db('forum_discussions').where({ id: ids.discussion }).delete();
    expect(await t.db('discussion_watches')).toEqual([]);
    expect(await t.db('reports').whereNotNull('discussion_id')).toEqual([]);
    expect((await t.db('reports').whereNotNull('member_id')).length).toBe(1);
  });
});
