// The contents API's writes (issue #21), against Gitea's semantics: every write is read back with
// `git clone` (message, author, committer, dates, parent, bytes); stale SHAs, protected branches,
// readers and bad paths are refused and leave the branch where it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

async function setup(opts: { private?: boolean } = {}) {
  const owner = await forge.user('owner');
  const name = uniq('edit');
  const r = await forge.req('POST', '/user/repos', { token: owner.token, body: { name, auto_init: true, private: opts.private, readme: 'Default' } });
  expect(r.status).toBe(201);
  const full = `${owner.name}/${name}`;
  return { owner, name, full, dir: repoDir(forge.deps.config, owner.name, name) };
}

const headOf = async (dir: string, branch: string) => (await gitCli(['rev-parse', `refs/heads/${branch}`], { cwd: dir })).trim();

/** A fresh clone of the repository, as a user would read it. */
async function clone(dir: string, branch: string) {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'edit-clone-'));
  await gitCli(['clone', '-q', '--branch', branch, dir, to], { cwd: os.tmpdir() });
  const show = async (fmt: string, rev = 'HEAD') => (await gitCli(['log', '-1', `--format=${fmt}`, rev], { cwd: to })).replace(/\n$/, '');
  return { to, show, file: (p: string) => fs.readFileSync(path.join(to, p)), exists: (p: string) => fs.existsSync(path.join(to, p)) };
}

async function readmeSha(full: string, token: string, ref = 'main') {
  const r = await forge.req('GET', `/repos/${full}/contents/README.md?ref=${ref}`, { token });
  expect(r.status).toBe(200);
  return r.body.sha as string;
}

describe('create, update and delete one file', () => {
  it('creates a file with the given message, identities, dates and bytes, on top of the branch', async () => {
    const { owner, full, dir } = await setup();
    const parent = await headOf(dir, 'main');
    const r = await forge.req('POST', `/repos/${full}/contents/docs/new%20file.txt`, {
      token: owner.token,
      body: {
        content: b64('hello\nworld\n'),
        message: 'Add the new file\n\nWith a body.',
        author: { name: 'Ada Author', email: 'ada@example.com' },
        committer: { name: 'Carl Committer', email: 'carl@example.com' },
        dates: { author: '2024-01-02T03:04:05+02:00', committer: '2024-02-03T04:05:06Z' },
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.content).toMatchObject({ path: 'docs/new file.txt', name: 'new file.txt', type: 'file', encoding: 'base64', content: b64('hello\nworld\n') });
    expect(r.body.commit).toMatchObject({
      author: { name: 'Ada Author', email: 'ada@example.com', date: '2024-01-02T01:04:05Z' },
      committer: { name: 'Carl Committer', email: 'carl@example.com', date: '2024-02-03T04:05:06Z' },
      message: 'Add the new file\n\nWith a body.\n',
      parents: [{ sha: parent }],
    });
    expect(r.body.verification).toMatchObject({ verified: false, reason: 'gpg.error.not_signed_commit' });

    const c = await clone(dir, 'main');
    expect(await c.show('%H')).toBe(r.body.commit.sha);
    expect(await c.show('%P')).toBe(parent);
    expect(await c.show('%B')).toBe('Add the new file\n\nWith a body.\n');
    expect(await c.show('%an <%ae> %ad', 'HEAD')).toBe('Ada Author <ada@example.com> Tue Jan 2 03:04:05 2024 +0200');
    expect(await c.show('%cn <%ce> %cI')).toBe('Carl Committer <carl@example.com> 2024-02-03T04:05:06+00:00');
    expect(c.file('docs/new file.txt').toString()).toBe('hello\nworld\n');
  });

  it('answers 422 when the file already exists, and the doer is author and committer by default', async () => {
    const { owner, full, dir } = await setup();
    const exists = await forge.req('POST', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('x') } });
    expect(exists.status).toBe(422);
    expect(exists.body.message).toMatch(/already exists/);

    const r = await forge.req('POST', `/repos/${full}/contents/a.txt`, { token: owner.token, body: { content: b64('a') } });
    expect(r.status).toBe(201);
    const c = await clone(dir, 'main');
    expect(await c.show('%s|%an|%ae|%cn|%ce')).toBe(
      `Add a.txt|${owner.name}|${owner.name.toLowerCase()}@example.com|${owner.name}|${owner.name.toLowerCase()}@example.com`,
    );
  });

  it('updates with the current sha; a stale sha is refused and changes nothing', async () => {
    const { owner, full, dir } = await setup();
    const sha = await readmeSha(full, owner.token);
    const before = await headOf(dir, 'main');
    const stale = await forge.req('PUT', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('new'), sha: 'f'.repeat(40) } });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toMatch(/sha does not match/);
    expect(await headOf(dir, 'main')).toBe(before);

    const noSha = await forge.req('PUT', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('new') } });
    expect(noSha.status).toBe(422);
    const missing = await forge.req('PUT', `/repos/${full}/contents/nope.md`, { token: owner.token, body: { content: b64('new'), sha } });
    expect(missing.status).toBe(404);

    const ok = await forge.req('PUT', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('# New\n'), sha } });
    expect(ok.status).toBe(200);
    expect(ok.body.content.sha).not.toBe(sha);
    const c = await clone(dir, 'main');
    expect(await c.show('%s %P')).toBe(`Update README.md ${before}`);
    expect(c.file('README.md').toString()).toBe('# New\n');

    // The old sha is stale now.
    const again = await forge.req('PUT', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('again'), sha } });
    expect(again.status).toBe(422);
  });

  it('moves a file with from_path, keeping nothing at the old path', async () => {
    const { owner, full, dir } = await setup();
    const sha = await readmeSha(full, owner.token);
    const r = await forge.req('PUT', `/repos/${full}/contents/docs/README.md`, {
      token: owner.token,
      body: { content: b64('moved'), sha, from_path: 'README.md' },
    });
    expect(r.status).toBe(200);
    const c = await clone(dir, 'main');
    expect(c.exists('README.md')).toBe(false);
    expect(c.file('docs/README.md').toString()).toBe('moved');
  });

  it('deletes with the sha (required), with Gitea’s default message', async () => {
    const { owner, full, dir } = await setup();
    const sha = await readmeSha(full, owner.token);
    expect((await forge.req('DELETE', `/repos/${full}/contents/README.md`, { token: owner.token, body: {} })).status).toBe(422);
    const r = await forge.req('DELETE', `/repos/${full}/contents/README.md`, { token: owner.token, body: { sha, signoff: true } });
    expect(r.status).toBe(200);
    expect(r.body.content).toBeNull();
    const c = await clone(dir, 'main');
    expect(c.exists('README.md')).toBe(false);
    expect(await c.show('%B')).toBe(`Delete README.md\n\nSigned-off-by: ${owner.name} <${owner.name.toLowerCase()}@example.com>`);
  });

  it('writes binary content byte for byte', async () => {
    const { owner, full, dir } = await setup();
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const r = await forge.req('POST', `/repos/${full}/contents/bin/all.bin`, { token: owner.token, body: { content: b64(bytes) } });
    expect(r.status).toBe(201);
    const c = await clone(dir, 'main');
    expect(c.file('bin/all.bin').equals(bytes)).toBe(true);
    const bad = await forge.req('POST', `/repos/${full}/contents/bad.bin`, { token: owner.token, body: { content: 'not base64!' } });
    expect(bad.status).toBe(422);
  });
});

describe('branches', () => {
  it('new_branch starts at branch and leaves it alone; an existing new_branch is refused', async () => {
    const { owner, full, dir } = await setup();
    const main = await headOf(dir, 'main');
    const sha = await readmeSha(full, owner.token);
    const r = await forge.req('PUT', `/repos/${full}/contents/README.md`, {
      token: owner.token,
      body: { content: b64('on a branch'), sha, branch: 'main', new_branch: 'topic/one' },
    });
    expect(r.status).toBe(200);
    expect(r.body.content.url).toContain('?ref=topic%2Fone');
    expect(await headOf(dir, 'main')).toBe(main);
    const c = await clone(dir, 'topic/one');
    expect(await c.show('%P')).toBe(main);
    expect(c.file('README.md').toString()).toBe('on a branch');

    const dup = await forge.req('POST', `/repos/${full}/contents/x.txt`, { token: owner.token, body: { content: b64('x'), new_branch: 'topic/one' } });
    expect(dup.status).toBe(422);
    const noBase = await forge.req('POST', `/repos/${full}/contents/x.txt`, { token: owner.token, body: { content: b64('x'), branch: 'nope' } });
    expect(noBase.status).toBe(404);
  });

  it('a protected branch refuses a writer who may not push; new_branch is the way', async () => {
    const { owner, full, dir } = await setup();
    const writer = await forge.user('writer');
    expect((await forge.req('PUT', `/repos/${full}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } })).status).toBe(204);
    const p = await forge.req('POST', `/repos/${full}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.name] },
    });
    expect(p.status).toBe(201);
    const main = await headOf(dir, 'main');
    const refused = await forge.req('POST', `/repos/${full}/contents/w.txt`, { token: writer.token, body: { content: b64('w') } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/protected/);
    expect(await headOf(dir, 'main')).toBe(main);

    const whitelisted = await forge.req('POST', `/repos/${full}/contents/o.txt`, { token: owner.token, body: { content: b64('o') } });
    expect(whitelisted.status).toBe(201);

    const viaBranch = await forge.req('POST', `/repos/${full}/contents/w.txt`, { token: writer.token, body: { content: b64('w'), new_branch: 'writer-fix' } });
    expect(viaBranch.status).toBe(201);
    expect(await headOf(dir, 'writer-fix')).toBe(viaBranch.body.commit.sha);
  });
});

describe('an empty repository', () => {
  it('takes its first commit through the API, and is no longer empty', async () => {
    const owner = await forge.user('owner');
    const name = uniq('empty');
    expect((await forge.req('POST', '/user/repos', { token: owner.token, body: { name } })).status).toBe(201);
    const full = `${owner.name}/${name}`;
    const r = await forge.req('POST', `/repos/${full}/contents/README.md`, { token: owner.token, body: { content: b64('# first\n') } });
    expect(r.status).toBe(201);
    expect(r.body.commit.parents).toEqual([]);
    const repo = await forge.req('GET', `/repos/${full}`, { token: owner.token });
    expect(repo.body.empty).toBe(false);
    const c = await clone(repoDir(forge.deps.config, owner.name, name), repo.body.default_branch);
    expect(c.file('README.md').toString()).toBe('# first\n');
  });
});

describe('several files in one commit', () => {
  it('creates, updates and deletes in one commit and answers the files (null for deleted)', async () => {
    const { owner, full, dir } = await setup();
    const sha = await readmeSha(full, owner.token);
    await forge.req('POST', `/repos/${full}/contents/old.txt`, { token: owner.token, body: { content: b64('old') } });
    const oldSha = (await forge.req('GET', `/repos/${full}/contents/old.txt`, { token: owner.token })).body.sha;
    const parent = await headOf(dir, 'main');
    const r = await forge.req('POST', `/repos/${full}/contents`, {
      token: owner.token,
      body: {
        files: [
          { operation: 'create', path: 'src/a.ts', content: b64('a') },
          { operation: 'update', path: 'README.md', content: b64('readme'), sha },
          { operation: 'delete', path: 'old.txt', sha: oldSha },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.files).toHaveLength(3);
    expect(r.body.files[0].path).toBe('src/a.ts');
    expect(r.body.files[2]).toBeNull();
    const c = await clone(dir, 'main');
    expect(await c.show('%P')).toBe(parent);
    expect(await c.show('%B')).toBe('Add src/a.ts\nUpdate README.md\nDelete old.txt\n');
    expect(c.file('src/a.ts').toString()).toBe('a');
    expect(c.file('README.md').toString()).toBe('readme');
    expect(c.exists('old.txt')).toBe(false);
  });

  it('refuses the whole commit when one change is stale, and refuses bad paths', async () => {
    const { owner, full, dir } = await setup();
    const main = await headOf(dir, 'main');
    const stale = await forge.req('POST', `/repos/${full}/contents`, {
      token: owner.token,
      body: {
        files: [
          { operation: 'create', path: 'fine.txt', content: b64('a') },
          { operation: 'update', path: 'README.md', content: b64('x'), sha: '0'.repeat(40) },
        ],
      },
    });
    expect(stale.status).toBe(422);
    for (const bad of ['../escape.txt', 'a/../../b', '.git/config', 'sub/.GIT/hooks/x', '/etc/passwd', 'a\\b']) {
      const r = await forge.req('POST', `/repos/${full}/contents`, {
        token: owner.token,
        body: { files: [{ operation: 'create', path: bad, content: b64('x') }] },
      });
      expect(r.status, bad).toBe(422);
    }
    const underFile = await forge.req('POST', `/repos/${full}/contents/README.md/inner.txt`, { token: owner.token, body: { content: b64('x') } });
    expect(underFile.status).toBe(422);
    expect(await headOf(dir, 'main')).toBe(main);
  });
});

describe('who may write', () => {
  it('refuses readers (403), strangers on a private repository (404) and anonymous callers (401)', async () => {
    const { owner, full, dir } = await setup();
    const reader = await forge.user('reader');
    await forge.req('PUT', `/repos/${full}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
    const main = await headOf(dir, 'main');
    expect((await forge.req('POST', `/repos/${full}/contents/r.txt`, { token: reader.token, body: { content: b64('r') } })).status).toBe(403);
    expect((await forge.req('POST', `/repos/${full}/contents/r.txt`, { body: { content: b64('r') } })).status).toBe(401);
    expect((await forge.req('POST', `/repos/${full}/contents`, { token: reader.token, body: { files: [] } })).status).toBe(403);

    const priv = await setup({ private: true });
    expect((await forge.req('PUT', `/repos/${priv.full}/contents/README.md`, { token: reader.token, body: { content: b64('r'), sha: 'x' } })).status).toBe(404);
    expect(await headOf(dir, 'main')).toBe(main);
  });

  it('moves an open pull request’s head like a push does', async () => {
    const { owner, full } = await setup();
    const sha = await readmeSha(full, owner.token);
    const first = await forge.req('PUT', `/repos/${full}/contents/README.md`, {
      token: owner.token,
      body: { content: b64('one'), sha, new_branch: 'feature' },
    });
    expect(first.status).toBe(200);
    const pr = await forge.req('POST', `/repos/${full}/pulls`, { token: owner.token, body: { title: 'Feature', head: 'feature', base: 'main' } });
    expect(pr.status).toBe(201);
    const second = await forge.req('PUT', `/repos/${full}/contents/README.md`, {
      token: owner.token,
      body: { content: b64('two'), sha: first.body.content.sha, branch: 'feature' },
    });
    expect(second.status).toBe(200);
    const after = await forge.req('GET', `/repos/${full}/pulls/${pr.body.number}`, { token: owner.token });
    expect(after.body.head.sha).toBe(second.body.commit.sha);
    const feed = await forge.req('GET', `/repos/${full}/activities/feeds`, { token: owner.token });
    expect(feed.body.some((a: { op_type: string; ref_name: string }) => a.op_type === 'commit_repo' && a.ref_name === 'refs/heads/feature')).toBe(true);
  });
});
