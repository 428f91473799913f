// Access token scopes (auth/token-scopes.ts), as Gitea 1.23's tokenRequiresScopes: a token reads
// with `read:<category>` and writes with `write:<category>`, is refused with 403 before the route
// looks at anything (a 404 included), `public-only` keeps it out of private repositories, and
// git over HTTP needs read:repository to clone and write:repository to push.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq, type TestForge } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

describe('access token scopes', () => {
  let forge: TestForge;
  let owner: Awaited<ReturnType<TestForge['user']>>;
  let pub: string;
  let priv: string;
  const tokenWith = async (scopes: string[]) => {
    const r = await forge.req('POST', `/users/${owner.name}/tokens`, { basic: [owner.name, owner.password], body: { name: uniq('t'), scopes } });
    expect(r.status).toBe(201);
    return r.body as { sha1: string; scopes: string[] };
  };

  beforeAll(async () => {
    forge = await createTestForge({ database: 'sqlite' });
    owner = await forge.user('scoped');
    pub = uniq('pub');
    priv = uniq('priv');
    const files = [{ message: 'first\n', files: { 'README.md': 'hi\n' } }];
    await createFixtureRepo(forge.deps, owner, pub, files);
    await createFixtureRepo(forge.deps, owner, priv, files, { private: true });
  });

  it('keeps scopes in Gitea’s normal form and refuses names Gitea does not know (400)', async () => {
    expect((await tokenWith(['read:repository', 'write:repository', 'read:issue'])).scopes).toEqual(['read:issue', 'write:repository']);
    expect((await tokenWith(['public-only', 'read:user'])).scopes).toEqual(['public-only', 'read:user']);
    const bad = await forge.req('POST', `/users/${owner.name}/tokens`, { basic: [owner.name, owner.password], body: { name: uniq('t'), scopes: ['repo'] } });
    expect([bad.status, bad.body.message]).toEqual([400, 'invalid access token scope provided: invalid access token scope: repo']);
  });

  it('a read:repository token reads and cannot write, deleting nothing (403 with the scopes named)', async () => {
    const { sha1 } = await tokenWith(['read:repository']);
    expect((await forge.req('GET', `/repos/${owner.name}/${pub}`, { token: sha1 })).status).toBe(200);
    const del = await forge.req('DELETE', `/repos/${owner.name}/${pub}`, { token: sha1 });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('token does not have at least one of required scope(s), required=[write:repository], token scope=read:repository');
    expect((await forge.req('GET', `/repos/${owner.name}/${pub}`, { token: sha1 })).status).toBe(200);
    // Before the route looks for the repository: 403, not 404.
    expect((await forge.req('DELETE', `/repos/${owner.name}/no-such-repo`, { token: sha1 })).status).toBe(403);
    // Issues are their own category; /user/repos needs user and repository.
    const issue = await forge.req('POST', `/repos/${owner.name}/${pub}/issues`, { token: sha1, body: { title: 'x' } });
    expect([issue.status, issue.body.message]).toEqual([
      403,
      'token does not have at least one of required scope(s), required=[write:issue], token scope=read:repository',
    ]);
    expect((await forge.req('GET', `/repos/${owner.name}/${pub}/issues`, { token: sha1 })).status).toBe(403);
    expect((await forge.req('GET', '/user/repos', { token: sha1 })).status).toBe(403);
    expect((await forge.req('GET', '/user', { token: sha1 })).status).toBe(403);
    // The same token as a Basic password carries the same scopes.
    expect((await forge.req('DELETE', `/repos/${owner.name}/${pub}`, { basic: [owner.name, sha1] })).status).toBe(403);
    // A password sign-in has no scopes.
    expect((await forge.req('GET', '/user', { basic: [owner.name, owner.password] })).status).toBe(200);
  });

  it('a write:issue token opens issues and labels but creates no branch', async () => {
    const { sha1 } = await tokenWith(['write:issue']);
    expect((await forge.req('POST', `/repos/${owner.name}/${pub}/issues`, { token: sha1, body: { title: 'by scope' } })).status).toBe(201);
    expect((await forge.req('POST', `/repos/${owner.name}/${pub}/labels`, { token: sha1, body: { name: uniq('l'), color: '#00aa00' } })).status).toBe(201);
    expect((await forge.req('POST', `/repos/${owner.name}/${pub}/branches`, { token: sha1, body: { new_branch_name: 'b' } })).status).toBe(403);
    expect((await forge.req('GET', '/notifications', { token: sha1 })).status).toBe(403);
  });

  it('user and organization routes, and all', async () => {
    const user = await tokenWith(['read:user']);
    expect((await forge.req('GET', '/user', { token: user.sha1 })).status).toBe(200);
    expect((await forge.req('GET', '/user/orgs', { token: user.sha1 })).status).toBe(403);
    expect((await forge.req('POST', '/orgs', { token: user.sha1, body: { username: uniq('org') } })).status).toBe(403);
    const all = await tokenWith(['all']);
    expect((await forge.req('POST', '/orgs', { token: all.sha1, body: { username: uniq('org') } })).status).toBe(201);
    expect((await forge.req('GET', '/version', { token: user.sha1 })).status).toBe(200);
  });

  it('public-only keeps a token out of private repositories (403 once it may see them)', async () => {
    const { sha1 } = await tokenWith(['public-only', 'read:repository', 'read:issue']);
    expect((await forge.req('GET', `/repos/${owner.name}/${pub}`, { token: sha1 })).status).toBe(200);
    const r = await forge.req('GET', `/repos/${owner.name}/${priv}`, { token: sha1 });
    expect([r.status, r.body.message]).toEqual([403, 'token scope is limited to public repos']);
    const issues = await forge.req('GET', `/repos/${owner.name}/${priv}/issues`, { token: sha1 });
    expect([issues.status, issues.body.message]).toEqual([403, 'token scope is limited to public issues']);
  });

  it('git over HTTP: read:repository clones, only write:repository pushes', async () => {
    const refs = (service: string, secret: string) =>
      forge.req('GET', `http://localhost/${owner.name}/${pub}.git/info/refs?service=${service}`, { basic: [owner.name, secret] });
    const read = await tokenWith(['read:repository']);
    const write = await tokenWith(['write:repository']);
    const issue = await tokenWith(['write:issue']);
    expect((await refs('git-upload-pack', read.sha1)).status).toBe(200);
    expect((await refs('git-receive-pack', read.sha1)).status).toBe(403);
    expect((await refs('git-receive-pack', write.sha1)).status).toBe(200);
    expect((await refs('git-upload-pack', issue.sha1)).status).toBe(403);
    expect((await refs('git-receive-pack', owner.password)).status).toBe(200);
  });
});
