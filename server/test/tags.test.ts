// Tags API as Gitea answers it: read one, create (lightweight or annotated by the caller), delete,
// the annotated tag object, permissions, and the tags as a git client sees them over HTTP.
import { afterAll, describe, expect, it } from 'vitest';
import { gitCli } from './git-cli.ts';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const reader = await forge.user('reader');
const stranger = await forge.user('stranger');
await forge.deps.db.updateTable('user').set({ full_name: 'Owner Person' }).where('id', '=', owner.id).execute();

// main: c1 - c2 - c3 ; feature/x: c2 - f1 ; tags: v1 (lightweight, c1), v2 (annotated, c3)
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' }, date: 1_700_000_000 },
  { id: 'c2', message: 'second\n', files: { 'src/a.ts': 'a\n' }, date: 1_700_000_100 },
  { id: 'c3', message: 'third\n', files: { 'src/b.ts': 'b\n' }, date: 1_700_000_200 },
  { id: 'f1', branch: 'feature/x', from: 'c2', message: 'feature work\n', files: { 'src/f.ts': 'f\n' }, date: 1_700_000_300 },
];

async function makeRepo(opts: Parameters<typeof createFixtureRepo>[4] = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), {
    tags: [
      { name: 'v1', at: 'c1' },
      { name: 'v2', at: 'c3', message: 'Release two\n', date: 1_700_000_400 },
    ],
    ...opts,
  });
  const base = `/repos/${owner.name}/${name}`;
  if (!opts.empty) await forge.req('PUT', `${base}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
  return { ...r, name, base };
}

const tagRef = async (dir: string, name: string) => {
  try {
    return (await gitCli(['rev-parse', '--verify', `refs/tags/${name}`], { cwd: dir })).trim();
  } catch {
    return null;
  }
};

const actions = (repoId: number) =>
  forge.deps.db
    .selectFrom('action')
    .select(['op_type', 'ref_name', 'act_user_id'])
    .where('repo_id', '=', repoId)
    .where('user_id', '=', owner.id)
    .orderBy('id')
    .execute();

describe('reading one tag', () => {
  it('answers a lightweight and an annotated tag in the list’s shape, also with slashes, and 404 for others', async () => {
    const { base, shas } = await makeRepo();
    const list = (await forge.req('GET', `${base}/tags`)).body;
    const v1 = await forge.req('GET', `${base}/tags/v1`);
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual(list.find((t: any) => t.name === 'v1'));
    expect(v1.body).toMatchObject({ id: shas.c1, message: 'first', commit: { sha: shas.c1 } });
    const v2 = await forge.req('GET', `${base}/tags/v2`);
    expect(v2.body).toEqual(list.find((t: any) => t.name === 'v2'));
    expect(v2.body.message).toBe('Release two');
    expect(v2.body.id).not.toBe(shas.c3);

    await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'release/v3', target: 'feature/x' } });
    for (const path of ['release/v3', 'release%2Fv3']) {
      const r = await forge.req('GET', `${base}/tags/${path}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: 'release/v3', commit: { sha: shas.f1 } });
    }
    for (const missing of ['release', 'nope', 'v*', '-v1']) {
      const r = await forge.req('GET', `${base}/tags/${missing}`);
      expect(r.status, missing).toBe(404);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('hides a private repository’s tags from others with 404', async () => {
    const { base } = await makeRepo({ private: true });
    expect((await forge.req('GET', `${base}/tags/v1`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/tags/v1`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/tags/v1`, { token: reader.token })).status).toBe(200);
  });
});

describe('creating tags', () => {
  it('creates a lightweight tag on the default branch and records push_tag', async () => {
    const { base, shas, dir, name, repo } = await makeRepo();
    const r = await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'v3' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      name: 'v3',
      message: 'third',
      id: shas.c3,
      commit: { url: `http://localhost:3000/api/v1${base}/git/commits/${shas.c3}`, sha: shas.c3, created: expect.any(String) },
      zipball_url: `http://localhost:3000/${owner.name}/${name}/archive/v3.zip`,
      tarball_url: `http://localhost:3000/${owner.name}/${name}/archive/v3.tar.gz`,
    });
    expect(await tagRef(dir, 'v3')).toBe(shas.c3);
    expect((await forge.req('GET', `${base}/tags`)).body.map((t: any) => t.name)).toContain('v3');
    expect(await actions(repo.id)).toEqual([{ op_type: 'push_tag', ref_name: 'refs/tags/v3', act_user_id: owner.id }]);
    // A name that differs only in case is taken already, as in Gitea.
    const upper = await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'V3' } });
    expect(upper.status).toBe(409);
    expect(await tagRef(dir, 'V3')).toBeNull();
  });

  it('creates an annotated tag with the caller as tagger when a message is given', async () => {
    const { base, shas, dir } = await makeRepo();
    const r = await forge.req('POST', `${base}/tags`, {
      token: owner.token,
      body: { tag_name: 'v3', target: 'feature/x', message: 'nice!\nand some text  \n\n\n' },
    });
    expect(r.status).toBe(201);
    // Trimmed, as Gitea's ToTag; the tag object keeps its newline (below).
    expect(r.body.message).toBe('nice!\nand some text');
    expect(r.body.commit.sha).toBe(shas.f1);
    expect(r.body.id).not.toBe(shas.f1);
    expect(await gitCli(['cat-file', '-t', r.body.id], { cwd: dir })).toBe('tag\n');
    const raw = await gitCli(['cat-file', 'tag', r.body.id], { cwd: dir });
    expect(raw).toMatch(
      new RegExp(`^object ${shas.f1}\ntype commit\ntag v3\ntagger Owner Person <${owner.name}@example.com> \\d+ \\+0000\n\nnice!\nand some text\n$`),
    );
  });

  it('tags a branch, a tag or a short SHA; a whitespace-only message makes a lightweight tag', async () => {
    const { base, shas } = await makeRepo();
    const cases: [string, string][] = [
      ['feature/x', shas.f1!],
      ['v2', shas.c3!],
      [shas.c2!.slice(0, 10), shas.c2!],
    ];
    for (const [i, [target, sha]] of cases.entries()) {
      const r = await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: `t${i}`, target, message: '  \n' } });
      expect(r.status, target).toBe(201);
      expect(r.body.commit.sha).toBe(sha);
      expect(r.body.id).toBe(sha);
    }
  });

  it('refuses an unknown target (404), an existing or clashing name (409), and names git refuses (422)', async () => {
    const { base, dir, shas } = await makeRepo();
    const post = (body: unknown) => forge.req('POST', `${base}/tags`, { token: owner.token, body });
    const unknown = await post({ tag_name: 'v9', target: 'no-such-branch' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('target not found');
    expect((await post({ tag_name: 'v9', target: '--upload-pack=touch /tmp/x' })).status).toBe(404);

    const dup = await post({ tag_name: 'v1', target: 'main' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('tag already exists [name: v1]');
    expect(await tagRef(dir, 'v1')).toBe(shas.c1); // untouched
    expect((await post({ tag_name: 'v1/patch' })).status).toBe(409);

    for (const bad of ['bad name', '-x', '--force', 'a..b', 'HEAD', 'x.lock', 'a/', '.hidden', 'a:b', 'a~1', 'a^', 'a*', 'x'.repeat(256)]) {
      const r = await post({ tag_name: bad });
      expect(r.status, bad).toBe(422);
      expect(r.body.message, bad).toContain('tag_name');
    }
    expect((await post({ tag_name: '' })).status).toBe(422);
    expect((await post({})).status).toBe(422);
    expect((await gitCli(['tag', '-l'], { cwd: dir })).split('\n').filter(Boolean).sort()).toEqual(['v1', 'v2']);
  });

  it('answers NUL and control characters in a name, target, message or path with a 4xx, never a 500', async () => {
    const { base, dir } = await makeRepo();
    const post = (body: unknown) => forge.req('POST', `${base}/tags`, { token: owner.token, body });
    expect((await post({ tag_name: 'a\u0000b' })).status).toBe(422);
    expect((await post({ tag_name: 'a\u0001b' })).status).toBe(422);
    expect([404, 422]).toContain((await post({ tag_name: 'v9', target: 'main\u0000' })).status);
    const nul = await post({ tag_name: 'v9', message: 'a\u0000b' });
    expect(nul.status).toBe(422);
    for (const path of ['x%00y', 'x%01y', 'x%0Ay']) {
      expect((await forge.req('GET', `${base}/tags/${path}`)).status, path).toBe(404);
      expect((await forge.req('DELETE', `${base}/tags/${path}`, { token: owner.token })).status, path).toBe(404);
    }
    expect([400, 404]).toContain((await forge.req('GET', `${base}/git/tags/%00`)).status);
    expect((await gitCli(['tag', '-l'], { cwd: dir })).split('\n').filter(Boolean).sort()).toEqual(['v1', 'v2']);
  });

  it('answers 404 in an empty repository, as there is nothing to tag', async () => {
    const { base } = await makeRepo({ empty: true });
    const r = await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'v1' } });
    expect(r.status).toBe(404);
  });

  it('needs write access: 401 without a token, 403 for a reader, 404 for a stranger on a private repository, 423 when archived', async () => {
    const pub = await makeRepo();
    const body = { tag_name: 'v9' };
    expect((await forge.req('POST', `${pub.base}/tags`, { body })).status).toBe(401);
    expect((await forge.req('POST', `${pub.base}/tags`, { token: reader.token, body })).status).toBe(403);
    const priv = await makeRepo({ private: true });
    expect((await forge.req('POST', `${priv.base}/tags`, { token: stranger.token, body })).status).toBe(404);
    const archived = await makeRepo({ archived: true });
    expect((await forge.req('POST', `${archived.base}/tags`, { token: owner.token, body })).status).toBe(423);
    expect((await forge.req('DELETE', `${archived.base}/tags/v1`, { token: owner.token })).status).toBe(423);
    for (const r of [pub, priv, archived]) expect(await tagRef(r.dir, 'v9')).toBeNull();
  });
});

describe('deleting tags', () => {
  it('deletes a lightweight and an annotated tag (204), then 404; records delete_tag', async () => {
    const { base, dir, repo } = await makeRepo();
    await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'release/v3' } });
    for (const name of ['v1', 'v2', 'release/v3']) {
      const r = await forge.req('DELETE', `${base}/tags/${name}`, { token: owner.token });
      expect(r.status, name).toBe(204);
      expect(await tagRef(dir, name)).toBeNull();
      expect((await forge.req('GET', `${base}/tags/${name}`)).status).toBe(404);
      expect((await forge.req('DELETE', `${base}/tags/${name}`, { token: owner.token })).status).toBe(404);
    }
    expect((await forge.req('GET', `${base}/tags`)).body).toEqual([]);
    expect((await actions(repo.id)).map((a) => `${a.op_type} ${a.ref_name}`)).toEqual([
      'push_tag refs/tags/release/v3',
      'delete_tag refs/tags/v1',
      'delete_tag refs/tags/v2',
      'delete_tag refs/tags/release/v3',
    ]);
  });

  it('needs write access', async () => {
    const { base, dir, shas } = await makeRepo();
    expect((await forge.req('DELETE', `${base}/tags/v1`)).status).toBe(401);
    expect((await forge.req('DELETE', `${base}/tags/v1`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/tags/v1`, { token: stranger.token })).status).toBe(403);
    expect(await tagRef(dir, 'v1')).toBe(shas.c1);
  });
});

describe('annotated tag objects', () => {
  it('answers Gitea’s AnnotatedTag for a tag object, and 400 for a commit or an unknown id', async () => {
    const { base, shas } = await makeRepo();
    const made = (await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'v3', target: shas.c2!, message: 'Three' } })).body;
    const r = await forge.req('GET', `${base}/git/tags/${made.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      tag: 'v3',
      sha: made.id,
      url: `http://localhost:3000/api/v1${base}/git/tags/${made.id}`,
      message: 'Three\n',
      tagger: { name: 'Owner Person', email: `${owner.name}@example.com`, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
      object: { type: 'commit', url: `http://localhost:3000/api/v1${base}/git/commits/${shas.c2}`, sha: shas.c2 },
      verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
    });
    expect(Math.abs(Date.parse(r.body.tagger.date) - Date.now())).toBeLessThan(60_000);
    // The fixture's v2 was made by git fast-import with a fixed date.
    const v2 = (await forge.req('GET', `${base}/tags/v2`)).body;
    const fixture = await forge.req('GET', `${base}/git/tags/${v2.id.toUpperCase()}`);
    expect(fixture.body).toMatchObject({ tag: 'v2', message: 'Release two\n', object: { sha: shas.c3 } });
    expect(Date.parse(fixture.body.tagger.date)).toBe(1_700_000_400_000);

    for (const bad of [shas.c1!, 'f'.repeat(40), 'abc', `${made.id}x`]) expect((await forge.req('GET', `${base}/git/tags/${bad}`)).status, bad).toBe(400);
  });

  it('is hidden with the rest of a private repository', async () => {
    const { base } = await makeRepo({ private: true });
    const v2 = (await forge.req('GET', `${base}/tags/v2`, { token: owner.token })).body;
    expect((await forge.req('GET', `${base}/git/tags/${v2.id}`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/git/tags/${v2.id}`, { token: reader.token })).status).toBe(200);
  });
});

describe('tags over git', () => {
  const client = gitClient('forge-tags-home-');
  afterAll(() => client.cleanup());

  it('a clone sees the tags the API created and not the ones it deleted', async () => {
    const { close, base: origin } = await listenForge(forge);
    try {
      const { base, name, shas } = await makeRepo();
      await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'v3', message: 'Release three\n\nNotes.' } });
      await forge.req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'light', target: 'feature/x' } });
      await forge.req('DELETE', `${base}/tags/v1`, { token: owner.token });
      const dir = client.tmp();
      await client.git(dir, 'clone', '--quiet', gitUrl(origin, `${owner.name}/${name}`), 'c');
      const { stdout } = await client.git(
        `${dir}/c`,
        'for-each-ref',
        '--format=%(refname:short)|%(objecttype)|%(*objectname)|%(objectname)|%(taggername)|%(contents:subject)',
        'refs/tags/',
      );
      const tags = new Map(
        stdout
          .trim()
          .split('\n')
          .map((l) => [l.split('|')[0], l.split('|').slice(1)] as const),
      );
      expect([...tags.keys()].sort()).toEqual(['light', 'v2', 'v3']);
      expect(tags.get('light')).toEqual(['commit', '', shas.f1, '', 'feature work']);
      const [type, peeled, object, tagger, subject] = tags.get('v3')!;
      expect({ type, peeled, tagger, subject }).toEqual({ type: 'tag', peeled: shas.c3, tagger: 'Owner Person', subject: 'Release three' });
      expect(object).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      close();
    }
  });
});
