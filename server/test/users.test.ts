import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();

describe('auth and users', () => {
  it('answers /version', async () => {
    const r = await forge.req('GET', '/version');
    expect(r.status).toBe(200);
    expect(r.body.version).toMatch(/\d+\.\d+/);
  });

  it('needs a token for /user and rejects a wrong one with 401', async () => {
    expect((await forge.req('GET', '/user')).status).toBe(401);
    expect((await forge.req('GET', '/user')).body.message).toBe('token is required');
    expect((await forge.req('GET', '/user', { token: 'nope' })).status).toBe(401);
    // A wrong token is 401 even where anonymous reads are allowed.
    expect((await forge.req('GET', '/version', { token: 'nope' })).status).toBe(401);
  });

  it('accepts token, Bearer and Basic credentials', async () => {
    const u = await forge.user();
    for (const headers of [{ Authorization: `token ${u.token}` }, { Authorization: `Bearer ${u.token}` }]) {
      const r = await forge.req('GET', '/user', { headers });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ login: u.name, username: u.name, is_admin: false });
    }
    const b = await forge.req('GET', '/user', { basic: [u.name, u.password] });
    expect(b.body.login).toBe(u.name);
    expect((await forge.req('GET', '/user', { basic: [u.name, 'wrong-password'] })).status).toBe(401);
  });

  it('creates a token under Basic auth, returns the secret once in sha1 and stores only a hash', async () => {
    const u = await forge.user();
    const r = await forge.req('POST', `/users/${u.name}/tokens`, { basic: [u.name, u.password], body: { name: 'cli', scopes: ['all'] } });
    expect(r.status).toBe(201);
    expect(r.body.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(r.body.token_last_eight).toBe(r.body.sha1.slice(-8));
    const stored = await forge.deps.db.selectFrom('access_token').selectAll().where('name', '=', 'cli').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(r.body.sha1);
    expect((await forge.req('GET', '/user', { token: r.body.sha1 })).body.login).toBe(u.name);
    // Same name again is refused; a token cannot mint tokens.
    expect((await forge.req('POST', `/users/${u.name}/tokens`, { basic: [u.name, u.password], body: { name: 'cli' } })).status).toBe(400);
    expect((await forge.req('POST', `/users/${u.name}/tokens`, { token: u.token, body: { name: 'other' } })).status).toBe(403);
    expect((await forge.req('POST', `/users/${u.name}/tokens`, { basic: [u.name, u.password], body: {} })).status).toBe(422);
  });

  it('lets only site admins create users, with 422 for bad input', async () => {
    const u = await forge.user();
    const name = uniq('new');
    const body = { username: name, email: `${name}@example.com`, password: 'longenough1' };
    expect((await forge.req('POST', '/admin/users', { token: u.token, body })).status).toBe(403);
    const r = await forge.req('POST', '/admin/users', { token: forge.admin.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ login: name, email: `${name}@example.com` });
    expect((await forge.req('POST', '/admin/users', { token: forge.admin.token, body })).status).toBe(422);
    const missing = await forge.req('POST', '/admin/users', { token: forge.admin.token, body: { email: 'x@y.z' } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('username');
    expect(missing.body.url).toBeTruthy();
  });

  it('finds users by name in the search envelope with paging headers', async () => {
    const u = await forge.user('findme');
    const r = await forge.req('GET', `/users/search?q=${u.name}`);
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    expect(r.body.data.map((x: any) => x.login)).toEqual([u.name]);
    expect(r.headers.get('x-total-count')).toBe('1');
    expect((await forge.req('GET', `/users/${u.name}`)).body.login).toBe(u.name);
    expect((await forge.req('GET', '/users/does-not-exist')).status).toBe(404);
  });
});
