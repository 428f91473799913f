// What every request looks up first — the user a token names, the repository a path names — is
// kept between requests while what it is read from is unchanged (issue #22; on PostgreSQL with one
// snapshot per request). Kept must never mean stale: a change made by another process (a second
// server, an admin's SQL) shows on the very next request, and writes elsewhere leave them valid.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.ts';
import { closeDb } from '../src/db/dialect.ts';
import { createTestForge } from './helpers.ts';

const forge = await createTestForge();
// Another process's connection to the same database.
const other = await openDb(forge.deps.config.databaseUrl ?? path.join(forge.dataDir, 'forge.db'));
afterAll(() => closeDb(other));

const repoOf = async (token: string, name: string) => {
  const r = await forge.req('POST', '/api/v1/user/repos', { token, body: { name, auto_init: true } });
  expect(r.status).toBe(201);
  return r.body as { id: number; full_name: string };
};

describe('kept lookups', () => {
  it('a token deleted by another process is refused on the next request', async () => {
    const u = await forge.user('tok');
    expect((await forge.req('GET', '/api/v1/user', { token: u.token })).status).toBe(200);
    expect((await forge.req('GET', '/api/v1/user', { token: u.token })).body.login).toBe(u.name);
    await other.deleteFrom('access_token').where('user_id', '=', u.id).execute();
    const r = await forge.req('GET', '/api/v1/user', { token: u.token });
    expect(r.status).toBe(401);
  });

  it('a user another process forbids to sign in is refused on the next request', async () => {
    const u = await forge.user('ban');
    expect((await forge.req('GET', '/api/v1/user', { token: u.token })).status).toBe(200);
    await other.updateTable('user').set({ prohibit_login: 1 }).where('id', '=', u.id).execute();
    expect((await forge.req('GET', '/api/v1/user', { token: u.token })).status).toBe(401);
  });

  it('a repository renamed by another process answers under its new name only, at once', async () => {
    const u = await forge.user('ren');
    const repo = await repoOf(u.token, 'before');
    for (let i = 0; i < 2; i++) expect((await forge.req('GET', `/api/v1/repos/${u.name}/before`, { token: u.token })).status).toBe(200);
    await other.updateTable('repository').set({ name: 'after', lower_name: 'after' }).where('id', '=', repo.id).execute();
    expect((await forge.req('GET', `/api/v1/repos/${u.name}/before`, { token: u.token })).status).toBe(404);
    const renamed = await forge.req('GET', `/api/v1/repos/${u.name}/after`, { token: u.token });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'after']);
  });

  it('writes to other repositories leave a repository as it is; its own counters move with its issues', async () => {
    const u = await forge.user('cnt');
    await repoOf(u.token, 'mine');
    await repoOf(u.token, 'elsewhere');
    const get = async () =>
      (await forge.req('GET', `/api/v1/repos/${u.name}/mine`, { token: u.token })).body as { open_issues_count: number; description: string };
    expect((await get()).open_issues_count).toBe(0);
    expect((await forge.req('POST', `/api/v1/repos/${u.name}/elsewhere/issues`, { token: u.token, body: { title: 'There' } })).status).toBe(201);
    expect((await get()).open_issues_count).toBe(0);
    expect((await forge.req('POST', `/api/v1/repos/${u.name}/mine/issues`, { token: u.token, body: { title: 'Here' } })).status).toBe(201);
    expect((await get()).open_issues_count).toBe(1);
    expect((await forge.req('PATCH', `/api/v1/repos/${u.name}/mine`, { token: u.token, body: { description: 'Now described' } })).status).toBe(200);
    expect((await get()).description).toBe('Now described');
  });

  it('a kept commit list follows its repository being made private by another process', async () => {
    const u = await forge.user('vis');
    const reader = await forge.user('rdr');
    const repo = await repoOf(u.token, 'open');
    const url = `/api/v1/repos/${u.name}/open/commits?limit=1`;
    for (let i = 0; i < 2; i++) expect((await forge.req('GET', url, { token: reader.token })).status).toBe(200);
    await other.updateTable('repository').set({ is_private: 1 }).where('id', '=', repo.id).execute();
    expect((await forge.req('GET', url, { token: reader.token })).status).toBe(404);
  });
});
