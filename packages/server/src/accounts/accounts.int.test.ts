import { HANDLE_TOO_SHORT } from '@flowmind/shared/handle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function inviteAndAccept(
  owner: Awaited<ReturnType<typeof signUpVerified>>,
  accountId: string,
  invitee: Awaited<ReturnType<typeof signUpVerified>>,
  role = 'member',
) {
  const invite = await owner.client.post(`/api/accounts/${accountId}/invites`, { email: invitee.user.email, role });
  expect(invite.status).toBe(201);
  const email = await server.mail.waitFor(invitee.user.email, /invited you/i);
  const token = server.mail.link(email, `${TEST_APP_URL}/invites/`).split('/invites/')[1] as string;
  const res = await invitee.client.post(`/api/invites/${token}/respond`, { accept: true });
  expect(res.status).toBe(200);
  return token;
}

describe('business accounts', () => {
  it('checks handles exactly as spec §5 says', async () => {
    const { client } = await signUpVerified(server, { name: 'Hana', email: 'hana@example.com' });
    const normalised = await client.post('/api/accounts/handle-availability', { handle: '  Acme Robotics!! ' });
    expect(normalised.body).toEqual({ available: true, handle: 'acme-robotics' });
    const short = await client.post('/api/accounts/handle-availability', { handle: 'A!' });
    expect(short.body).toMatchObject({ available: false, reason: HANDLE_TOO_SHORT });
    const missing = await client.post('/api/accounts/handle-availability', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('handle');
  });

  it('creates one with a normalised handle; lists accounts oldest first', async () => {
    const { client, user } = await signUpVerified(server, { name: 'Ivan', email: 'ivan@example.com' });
    const created = await client.post('/api/accounts', { name: 'Ivan & Co', handle: 'Ivan & Co Ltd' });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^acc_/);

    const list = await client.get('/api/accounts');
    expect(list.body.map((a: { type: string }) => a.type)).toEqual(['personal', 'business']);
    expect(list.body[1]).toMatchObject({
      id: created.body.id,
      handle: 'ivan-co-ltd',
      name: 'Ivan & Co',
      memberIds: [user.id],
      role: 'owner',
    });
    expect(Date.parse(list.body[1].createdAt)).not.toBeNaN();

    const taken = await client.post('/api/accounts/handle-availability', { handle: 'IVAN-CO-LTD' });
    expect(taken.body.available).toBe(false);
    const duplicate = await client.post('/api/accounts', { name: 'Again', handle: 'ivan co ltd' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.field).toBe('handle');
  });

  it('refuses a handle that is too short with a 400 on the handle field', async () => {
    const { client } = await signUpVerified(server, { name: 'Jo', email: 'jo@example.com' });
    const res = await client.post('/api/accounts', { name: 'Jo Co', handle: '-j-' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'bad_request', message: HANDLE_TOO_SHORT, field: 'handle' });
    const noName = await client.post('/api/accounts', { handle: 'valid-handle' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.field).toBe('name');
  });
});

describe('invites and members', () => {
  it('invites by email; the invitee accepts and becomes a member', async () => {
    const owner = await signUpVerified(server, { name: 'Kim', email: 'kim@example.com' });
    const invitee = await signUpVerified(server, { name: 'Lee', email: 'lee@example.com' });
    const { body: account } = await owner.client.post('/api/accounts', { name: 'Kim Labs', handle: 'kim-labs' });

    const invite = await owner.client.post(`/api/accounts/${account.id}/invites`, {
      email: 'LEE@example.com',
      role: 'admin',
    });
    expect(invite.status).toBe(201);
    const pending = await owner.client.get(`/api/accounts/${account.id}/invites`);
    expect(pending.body).toHaveLength(1);
    expect(pending.body[0]).toMatchObject({ email: 'lee@example.com', role: 'admin' });

    const email = await server.mail.waitFor('lee@example.com', /Kim Labs/);
    const link = server.mail.link(email, `${TEST_APP_URL}/invites/`);
    const token = link.split('/invites/')[1] as string;
    const preview = await server.client().get(`/api/invites/${token}`);
    expect(preview.body).toMatchObject({
      accountName: 'Kim Labs',
      inviterName: 'Kim',
      role: 'admin',
      status: 'pending',
    });

    const stranger = await signUpVerified(server, { name: 'Max', email: 'max@example.com' });
    const wrongUser = await stranger.client.post(`/api/invites/${token}/respond`, { accept: true });
    expect(wrongUser.status).toBe(403);

    const accepted = await invitee.client.post(`/api/invites/${token}/respond`, { accept: true });
    expect(accepted.body).toEqual({ accountId: account.id });
    const again = await invitee.client.post(`/api/invites/${token}/respond`, { accept: true });
    expect(again.status).toBe(409);

    const inviteeAccounts = await invitee.client.get('/api/accounts');
    expect(inviteeAccounts.body.map((a: { id: string }) => a.id)).toContain(account.id);
    const members = await owner.client.get(`/api/accounts/${account.id}/members`);
    expect(members.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['kim@example.com', 'owner'],
      ['lee@example.com', 'admin'],
    ]);
    expect((await owner.client.get(`/api/accounts/${account.id}/invites`)).body).toHaveLength(0);
  });

  it('lets a declined invite add nobody', async () => {
    const owner = await signUpVerified(server, { name: 'Nia', email: 'nia@example.com' });
    const invitee = await signUpVerified(server, { name: 'Oto', email: 'oto@example.com' });
    const { body: account } = await owner.client.post('/api/accounts', { name: 'Nia Co', handle: 'nia-co' });
    await owner.client.post(`/api/accounts/${account.id}/invites`, { email: 'oto@example.com', role: 'member' });
    const email = await server.mail.waitFor('oto@example.com', /Nia Co/);
    const token = server.mail.link(email, `${TEST_APP_URL}/invites/`).split('/invites/')[1];
    const declined = await invitee.client.post(`/api/invites/${token}/respond`, { accept: false });
    expect(declined.body).toEqual({ accountId: null });
    expect((await invitee.client.get('/api/accounts')).body).toHaveLength(1);
  });

  it('shows a pending invite in the app to the invited user alone, who can accept or decline it there', async () => {
    const owner = await signUpVerified(server, { name: 'Ines', email: 'ines@example.com' });
    const invitee = await signUpVerified(server, { name: 'Ugo', email: 'ugo@example.com' });
    const other = await signUpVerified(server, { name: 'Vera', email: 'vera@example.com' });
    const first = (await owner.client.post('/api/accounts', { name: 'Ines Labs', handle: 'ines-labs' })).body;
    const second = (await owner.client.post('/api/accounts', { name: 'Ines Studio', handle: 'ines-studio' })).body;
    await owner.client.post(`/api/accounts/${first.id}/invites`, { email: 'UGO@example.com', role: 'member' });
    await owner.client.post(`/api/accounts/${second.id}/invites`, { email: 'ugo@example.com', role: 'admin' });

    const mine = await invitee.client.get('/api/me/invites');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.invites).toMatchObject([
      { accountName: 'Ines Labs', inviterName: 'Ines', role: 'member' },
      { accountName: 'Ines Studio', inviterName: 'Ines', role: 'admin' },
    ]);
    // Nobody else sees them, nor can answer them.
    expect((await other.client.get('/api/me/invites')).body.invites).toEqual([]);
    expect((await owner.client.get('/api/me/invites')).body.invites).toEqual([]);
    const [toLabs, toStudio] = mine.body.invites;
    const stolen = await other.client.post(`/api/me/invites/${toLabs.id}/respond`, { accept: true });
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('ugo@example.com');
    expect((await server.client().get('/api/me/invites')).status).toBe(401);
    const bad = await invitee.client.post(`/api/me/invites/${toLabs.id}/respond`, { accept: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('accept');

    const accepted = await invitee.client.post(`/api/me/invites/${toLabs.id}/respond`, { accept: true });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ accountId: first.id });
    const declined = await invitee.client.post(`/api/me/invites/${toStudio.id}/respond`, { accept: false });
    expect(declined.body).toEqual({ accountId: null });
    const accounts = (await invitee.client.get('/api/accounts')).body as { id: string }[];
    expect(accounts.map((account) => account.id)).toContain(first.id);
    expect(accounts.map((account) => account.id)).not.toContain(second.id);
    expect((await invitee.client.get('/api/me/invites')).body.invites).toEqual([]);
    expect((await invitee.client.post(`/api/me/invites/${toLabs.id}/respond`, { accept: true })).status).toBe(409);
  });

  it('applies roles: members cannot invite, the last owner cannot leave, members can leave', async () => {
    const owner = await signUpVerified(server, { name: 'Pia', email: 'pia@example.com' });
    const member = await signUpVerified(server, { name: 'Quinn', email: 'quinn@example.com' });
    const { body: account } = await owner.client.post('/api/accounts', { name: 'Pia Works', handle: 'pia-works' });
    await inviteAndAccept(owner, account.id, member);

    const memberInvites = await member.client.post(`/api/accounts/${account.id}/invites`, {
      email: 'x@example.com',
      role: 'member',
    });
    expect(memberInvites.status).toBe(403);
    const promote = await member.client.patch(`/api/accounts/${account.id}/members/${member.user.id}`, {
      role: 'owner',
    });
    expect(promote.status).toBe(403);

    const ownerLeaves = await owner.client.delete(`/api/accounts/${account.id}/members/${owner.user.id}`);
    expect(ownerLeaves.status).toBe(400);
    const ownerDeletesProfile = await owner.client.post('/api/auth/delete-user', { password: 'correct horse battery' });
    expect(ownerDeletesProfile.status).toBe(400);

    const leaves = await member.client.delete(`/api/accounts/${account.id}/members/${member.user.id}`);
    expect(leaves.status).toBe(204);
    expect((await member.client.get(`/api/accounts/${account.id}`)).status).toBe(404);
  });
});

describe('deleting a profile', () => {
  it('removes the user with their personal account and accounts they were alone in', async () => {
    const { client, user } = await signUpVerified(server, { name: 'Wes', email: 'wes@example.com' });
    const { body: solo } = await client.post('/api/accounts', { name: 'Wes Solo', handle: 'wes-solo' });
    const wrong = await client.post('/api/auth/delete-user', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    const deleted = await client.post('/api/auth/delete-user', { password: 'correct horse battery' });
    expect(deleted.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    const again = await signUpVerified(server, { name: 'Wes', email: 'wes@example.com' });
    expect(again.user.id).not.toBe(user.id);
    const handles = await again.client.post('/api/accounts/handle-availability', { handle: 'wes-solo' });
    expect(handles.body.available).toBe(true);
    expect((await again.client.get(`/api/accounts/${solo.id}`)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('a member of one account cannot read or change another account', async () => {
    const alice = await signUpVerified(server, { name: 'Alice', email: 'alice@example.com' });
    const mallory = await signUpVerified(server, { name: 'Mallory', email: 'mallory@example.com' });
    const { body: account } = await alice.client.post('/api/accounts', { name: 'Alice Inc', handle: 'alice-inc' });
    const base = `/api/accounts/${account.id}`;

    for (const path of [base, `${base}/members`, `${base}/invites`, `/api/accounts/${alice.user.personalAccountId}`]) {
      const res = await mallory.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await mallory.client.patch(base, { name: 'Pwned' })).status).toBe(404);
    expect((await mallory.client.delete(base)).status).toBe(404);
    expect((await mallory.client.post(`${base}/invites`, { email: 'mallory@example.com', role: 'admin' })).status).toBe(
      404,
    );
    expect((await mallory.client.delete(`${base}/members/${alice.user.id}`)).status).toBe(404);
    expect((await mallory.client.get('/api/accounts')).body.map((a: { id: string }) => a.id)).not.toContain(account.id);

    const still = await alice.client.get(base);
    expect(still.body.name).toBe('Alice Inc');
  });
});
