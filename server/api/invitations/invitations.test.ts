import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb } from '../../test/harness';
import { createUser } from '../../test/factories';
import { expectAdminOnly, signedIn } from '../../test/agents';

const email = () => `invitee-${uuidv7()}@example.com`;

describeEachDb('invitations', (t) => {
  it('every invitation route is admin-only', async () => {
    const id = uuidv7();
    await t().db('user_invitations').insert({ id, email: email() });
    await expectAdminOnly(t(), 'GET', '/api/users/invitations');
    await expectAdminOnly(t(), 'POST', '/api/users/invite', { email: email(), role: 'editor' });
    await expectAdminOnly(t(), 'POST', `/api/users/invitations/${id}/revoke`);
    await expectAdminOnly(t(), 'POST', `/api/users/invitations/${id}/link`);
    await expectAdminOnly(t(), 'POST', `/api/users/invitations/${id}/resend`);
    const row = await t().db('user_invitations').where({ id }).first();
    expect(row.revoked_at).toBeNull();
  });

  it('invites, lists pending invitations with their inviter, and refuses duplicates (409)', async () => {
    const { agent, user: admin } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const res = await agent.post('/api/users/invite', { email: address.toUpperCase(), role: 'contributor' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: address, role: 'contributor', invitedBy: admin.id, acceptedAt: null, revokedAt: null, linkExpired: false });
    // The one-time link, on this site's origin; the row keeps only the token's hash.
    expect(res.body.inviteUrl).toMatch(new RegExp(`^${t().url}/invite/[A-Za-z0-9_-]{43}$`));
    const token = res.body.inviteUrl.split('/').pop();
    const stored = await t().db('user_invitations').where({ id: res.body.id }).first();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Expires 7 days after it was issued.
    const week = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(week).toBeGreaterThan(7 * 86_400_000 - 5_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000 + 5_000);

    const list = await agent.get('/api/users/invitations');
    expect(list.status).toBe(200);
    const mine = list.body.find((i: { email: string }) => i.email === address);
    expect(mine).toMatchObject({ role: 'contributor', invitedBy: admin.id, inviter: { id: admin.id, email: admin.email, firstName: 'Test' } });
    expect(mine.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(mine.expiresAt).toBe(res.body.expiresAt);
    // The list never hands out links: only the answers to invite and new-link do.
    expect(mine.inviteUrl).toBeUndefined();

    const again = await agent.post('/api/users/invite', { email: address, role: 'editor' });
    expect(again.status).toBe(409);
    expect(again.body.errors.email[0]).toMatch(/already pending/);

    const existing = await createUser(t().db);
    const taken = await agent.post('/api/users/invite', { email: existing.email, role: 'editor' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email[0]).toMatch(/user with this email already exists/);

    const defaults = await agent.post('/api/users/invite', { email: email() });
    expect(defaults.body.role).toBe('subscriber');
    const bad = await agent.post('/api/users/invite', { email: 'nope', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(['Invalid email format']);
    expect(bad.body.errors.role).toBeTruthy();
  });

  it('revoking drops an invitation from the pending list; it can then be sent again', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const { body: invitation } = await agent.post('/api/users/invite', { email: address, role: 'editor' });

    const revoked = await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toBeTruthy();
    const list = await agent.get('/api/users/invitations');
    expect(list.body.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    // Revoking again changes nothing.
    const twice = await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    expect(twice.status).toBe(200);
    expect(twice.body.revokedAt).toBe(revoked.body.revokedAt);

    expect((await agent.post(`/api/users/invitations/${uuidv7()}/revoke`)).status).toBe(404);
    expect((await agent.post('/api/users/invitations/not-an-id/revoke')).status).toBe(404);

    // The email is unique in the table: a new invitation reuses the row as a fresh pending one.
    const resent = await agent.post('/api/users/invite', { email: address, role: 'contributor' });
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ id: invitation.id, role: 'contributor', revokedAt: null, acceptedAt: null });
    expect((await agent.get('/api/users/invitations')).body.map((i: { id: string }) => i.id)).toContain(invitation.id);
  });

  it('accepting through the link gives the invited role and accepts the invitation; it then cannot be revoked', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const { body: invitation } = await agent.post('/api/users/invite', { email: address, role: 'editor' });
    const token = invitation.inviteUrl.split('/').pop();

    const newcomer = t().agent();
    const reg = await newcomer.post(`/api/invitations/${token}/accept`, { password: 'Quiet-harbour-lamp-42', firstName: 'In', lastName: 'Vited' });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ email: address, role: 'editor' });
    expect((await newcomer.get('/api/auth/user')).body.role).toBe('editor');

    const row = await t().db('user_invitations').where({ id: invitation.id }).first();
    expect(row.accepted_at).toBeTruthy();
    expect(row.revoked_at).toBeNull();
    expect((await agent.get('/api/users/invitations')).body.map((i: { id: string }) => i.id)).not.toContain(invitation.id);

    // An accepted invitation cannot be revoked, nor given a new link.
    const revoke = await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    expect(revoke.status).toBe(409);
    expect(revoke.body.message).toMatch(/already been accepted/);
    const link = await agent.post(`/api/users/invitations/${invitation.id}/link`);
    expect(link.status).toBe(409);
    expect(link.body.message).toMatch(/already been accepted/);
  });

  it('a new link for a pending invitation: new token and expiry, listed; 404 for unknown ids, 409 once revoked', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const { body: invitation } = await agent.post('/api/users/invite', { email: email(), role: 'contributor' });
    // Age the link past its expiry: the pending list says so.
    await t().db('user_invitations').where({ id: invitation.id }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const listed = (await agent.get('/api/users/invitations')).body.find((i: { id: string }) => i.id === invitation.id);
    expect(listed.linkExpired).toBe(true);

    const renewed = await agent.post(`/api/users/invitations/${invitation.id}/link`);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id: invitation.id, role: 'contributor', linkExpired: false });
    expect(renewed.body.inviteUrl).not.toBe(invitation.inviteUrl);
    expect(Date.parse(renewed.body.expiresAt)).toBeGreaterThan(Date.now() + 7 * 86_400_000 - 60_000);
    expect((await agent.get('/api/users/invitations')).body.find((i: { id: string }) => i.id === invitation.id).linkExpired).toBe(false);

    expect((await agent.post(`/api/users/invitations/${uuidv7()}/link`)).status).toBe(404);
    expect((await agent.post('/api/users/invitations/not-an-id/link')).status).toBe(404);
    await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    const afterRevoke = await agent.post(`/api/users/invitations/${invitation.id}/link`);
    expect(afterRevoke.status).toBe(409);
    expect(afterRevoke.body.message).toMatch(/revoked/);
  });

  it('an invitation made before links existed is listed as needing a new link, which then works', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const id = uuidv7();
    const address = email();
    await t().db('user_invitations').insert({ id, email: address, role: 'editor' });
    const listed = (await agent.get('/api/users/invitations')).body.find((i: { id: string }) => i.id === id);
    expect(listed).toMatchObject({ expiresAt: null, linkExpired: true });
    const link = await agent.post(`/api/users/invitations/${id}/link`);
    expect(link.status).toBe(200);
    const token = link.body.inviteUrl.split('/').pop();
    const accepted = await t().agent().post(`/api/invitations/${token}/accept`, { password: 'Quiet-harbour-lamp-42', firstName: 'Old', lastName: 'Invite' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email: address, role: 'editor' });
  });

  it('a revoked invitation gives nothing at registration, and its link is refused', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const { body: invitation } = await agent.post('/api/users/invite', { email: address, role: 'admin' });
    await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    const reg = await t().agent().post('/api/auth/register', { email: address, password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: 'B' });
    expect(reg.status).toBe(201);
    expect(reg.body.role).toBe('subscriber');
    expect((await t().db('user_invitations').where({ id: invitation.id }).first()).accepted_at).toBeNull();
    const token = invitation.inviteUrl.split('/').pop();
    expect((await t().agent().get(`/api/invitations/${token}`)).status).toBe(410);
  });

  it('an admin creating the account directly settles a pending invitation for that email', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const address = email();
    const { body: invitation } = await agent.post('/api/users/invite', { email: address, role: 'editor' });
    const created = await agent.post('/api/admin/users', { email: address, password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: 'B', role: 'contributor' });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('contributor');
    expect((await t().db('user_invitations').where({ id: invitation.id }).first()).accepted_at).toBeTruthy();
    expect((await agent.get('/api/users/invitations')).body.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
  });
});
