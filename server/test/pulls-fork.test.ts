// Pull requests from a fork into its parent: opened by someone who can only read the parent, the
// fork's commits fetched into the parent (refs/pull/N/head), refreshed by a push to the fork, and
// merged (merge, squash, rebase) so the parent's branch holds the fork's work.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge } from './helpers.ts';
import { git, makeRepo, personOf, standardHistory, type ForgeUser } from './merge-fixtures.ts';
import { events, pushLike, refSha, writeCommit } from './pulls-helpers.ts';
import { repoDir } from '../src/context.ts';
import { CommentType } from '../src/services/conversation.ts';

let forge: TestForge;
let owner: ForgeUser;
let forker: ForgeUser;
let base: Awaited<ReturnType<typeof makeRepo>>;
let forkDir: string;
let forkId: number;
let forkApi: string;

beforeAll(async () => {
  forge = await createTestForge();
  owner = await forge.user('owner');
  forker = await forge.user('forker');
  base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
  const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: {} });
  expect(res.status).toBe(202);
  forkId = res.body.id;
  forkApi = `/repos/${forker.name}/${base.name}`;
  forkDir = repoDir(forge.deps.config, forker.name, base.name);
});

/** A new branch in the fork from its main, with one commit, pushed as the forker. */
async function forkBranch(branch: string, file: string, content: string) {
  const main = await refSha(forkDir, 'refs/heads/main');
  await pushLike(forge, forkId, forkDir, forker.id, () => writeCommit(forkDir, branch, main, { [file]: content }, `${branch}: ${file}\n`));
  return refSha(forkDir, `refs/heads/${branch}`);
}

const openPull = (head: string, token = forker.token, title = `From ${head}`) =>
  forge.req('POST', `${base.api}/pulls`, { token, body: { head, base: 'main', title } });

describe('pull requests from a fork', () => {
  it('opens with head owner:branch, shows the fork as head, and works in the base repository', async () => {
    const tip = await forkBranch('topic', 'topic.txt', 'topic\n');
    // The base repository does not have the commit before the pull request exists.
    await expect(git(base.dir, 'cat-file', '-e', tip)).rejects.toThrow();
    const res = await openPull(`${forker.name}:topic`);
    expect(res.status).toBe(201);
    const pr = res.body;
    expect(pr.head).toMatchObject({ label: `${forker.name}:topic`, ref: 'topic', sha: tip, repo_id: forkId });
    expect(pr.head.repo.full_name).toBe(`${forker.name}/${base.name}`);
    expect(pr.base).toMatchObject({ label: 'main', repo_id: base.repo.id });
    expect(pr).toMatchObject({ mergeable: true, commits_ahead: 1, changed_files: 1, additions: 1 });
    expect(await refSha(base.dir, `refs/pull/${pr.number}/head`)).toBe(tip);
    expect(pr.merge_base).toBe(await git(base.dir, 'merge-base', 'main', tip));

    const files = await forge.req('GET', `${base.api}/pulls/${pr.number}/files`);
    expect(files.body.map((f: any) => f.filename)).toEqual(['topic.txt']);
    const commits = await forge.req('GET', `${base.api}/pulls/${pr.number}/commits`);
    expect(commits.body.map((cm: any) => cm.sha)).toEqual([tip]);
    const diff = await forge.req('GET', `${base.api}/pulls/${pr.number}.diff`);
    expect(diff.text).toContain('+topic');

    // The same head again, in either spelling, is a duplicate; GET by base/head finds it.
    expect((await openPull(`${forker.name}:topic`)).status).toBe(409);
    expect((await openPull(`${forker.name}/${base.name}:topic`)).status).toBe(409);
    const byHead = await forge.req('GET', `${base.api}/pulls/main/${forker.name}:topic`);
    expect(byHead.status).toBe(200);
    expect(byHead.body.number).toBe(pr.number);
    expect((await forge.req('GET', `${base.api}/pulls/main/${owner.name}:topic`)).status).toBe(404);
    // The fork's list of pull requests has none: the pull request lives in the parent.
    expect((await forge.req('GET', `${forkApi}/pulls`)).body).toEqual([]);
  });

  it('refuses heads outside the fork network or hidden from the caller', async () => {
    const stranger = await forge.user('stranger');
    expect((await openPull(`${stranger.name}:topic`)).status).toBe(404);
    expect((await openPull('no-such-user-here:topic')).status).toBe(404);
    // An unrelated repository of the forker is not in the network.
    const unrelated = await makeRepo(forge, forker, standardHistory(personOf(forker)));
    expect((await openPull(`${forker.name}/${unrelated.name}:feature`)).status).toBe(404);
    // A branch the fork lacks.
    expect((await openPull(`${forker.name}:nope`)).status).toBe(404);
    // A private fork: its owner may open the pull request, a stranger cannot name it.
    const other = await forge.user('other');
    const fork = await forge.req('POST', `${base.api}/forks`, { token: other.token, body: {} });
    await forge.req('PATCH', `/repos/${other.name}/${base.name}`, { token: other.token, body: { private: true } });
    const otherDir = repoDir(forge.deps.config, other.name, base.name);
    const main = await refSha(otherDir, 'refs/heads/main');
    await pushLike(forge, fork.body.id, otherDir, other.id, () => writeCommit(otherDir, 'secret', main, { 's.txt': 's\n' }));
    expect((await openPull(`${other.name}:secret`, stranger.token)).status).toBe(404);
    const own = await openPull(`${other.name}:secret`, other.token);
    expect(own.status).toBe(201);
    // Strangers reading the parent's pull request see the head repository as null.
    const seen = await forge.req('GET', `${base.api}/pulls/${own.body.number}`, { token: stranger.token });
    expect(seen.body.head).toMatchObject({ label: `${other.name}:secret`, repo: null });
  });

  it('a push to the fork refreshes the pull request and records the push', async () => {
    const tip = await forkBranch('refresh', 'r.txt', 'one\n');
    const pr = (await openPull(`${forker.name}:refresh`)).body;
    const next = await writeCommit(forkDir, 'refresh-tmp', tip, { 'r.txt': 'one\ntwo\n' });
    await pushLike(forge, forkId, forkDir, forker.id, () => git(forkDir, 'update-ref', 'refs/heads/refresh', next));
    expect(await refSha(base.dir, `refs/pull/${pr.number}/head`)).toBe(next);
    const got = await forge.req('GET', `${base.api}/pulls/${pr.number}`);
    expect(got.body).toMatchObject({ commits_ahead: 2, additions: 2 });
    expect(got.body.head.sha).toBe(next);
    const pushes = await events(forge, base.repo.id, pr.number, CommentType.pullPush);
    expect(pushes.map((e) => JSON.parse(e.content).commit_ids)).toEqual([[tip], [next]]);
  });

  for (const Do of ['merge', 'squash', 'rebase'] as const) {
    it(`merges (${Do}) with the fork's commits into the parent's branch`, async () => {
      const tip = await forkBranch(`m-${Do}`, `${Do}.txt`, `${Do}\n`);
      const pr = (await openPull(`${forker.name}:m-${Do}`)).body;
      const res = await forge.req('POST', `${base.api}/pulls/${pr.number}/merge`, { token: owner.token, body: { Do, delete_branch_after_merge: true } });
      expect(res.status).toBe(200);
      const main = await refSha(base.dir, 'refs/heads/main');
      expect(await git(base.dir, 'show', `${main}:${Do}.txt`)).toBe(Do);
      const log = await git(base.dir, 'log', '--format=%H %s', 'main');
      if (Do === 'merge') expect(log).toContain(tip);
      else expect(log).toContain(Do === 'squash' ? `From ${forker.name}:m-${Do}` : `m-${Do}: ${Do}.txt`);
      const got = await forge.req('GET', `${base.api}/pulls/${pr.number}`);
      expect(got.body).toMatchObject({ merged: true, state: 'closed' });
      // The parent's owner may not write to the fork: its branch stays there.
      expect(await refSha(forkDir, `refs/heads/m-${Do}`)).toBe(tip);
    });
  }

  it('a merger who may write to the fork deletes the head branch there', async () => {
    // The forker gets write access to the parent, so they may merge and delete in their own fork.
    await forge.req('PUT', `${base.api}/collaborators/${forker.name}`, { token: owner.token, body: { permission: 'write' } });
    await forkBranch('gone', 'g.txt', 'g\n');
    const pr = (await openPull(`${forker.name}:gone`)).body;
    const res = await forge.req('POST', `${base.api}/pulls/${pr.number}/merge`, {
      token: forker.token,
      body: { Do: 'merge', delete_branch_after_merge: true },
    });
    expect(res.status).toBe(200);
    expect(await refSha(forkDir, 'refs/heads/gone')).toBe('');
    expect(await refSha(base.dir, 'refs/heads/gone')).toBe('');
    expect(await events(forge, base.repo.id, pr.number, CommentType.deleteBranch)).toHaveLength(1);
    // The merged pull request still answers, its head now the ref the parent keeps.
    const got = await forge.req('GET', `${base.api}/pulls/${pr.number}`);
    expect(got.body.head).toMatchObject({ ref: `refs/pull/${pr.number}/head`, label: `${forker.name}:gone` });
  });

  it('a deleted fork leaves its open pull request readable (the parent keeps the commits) but not mergeable', async () => {
    const other = await forge.user('leaver');
    const fork = await forge.req('POST', `${base.api}/forks`, { token: other.token, body: {} });
    const dir = repoDir(forge.deps.config, other.name, base.name);
    const tip = await writeCommit(dir, 'leaving', await refSha(dir, 'refs/heads/main'), { 'l.txt': 'l\n' });
    await pushLike(forge, fork.body.id, dir, other.id, async () => {});
    const pr = (await openPull(`${other.name}:leaving`, other.token)).body;
    expect((await forge.req('DELETE', `/repos/${other.name}/${base.name}`, { token: other.token })).status).toBe(204);
    const got = await forge.req('GET', `${base.api}/pulls/${pr.number}`);
    expect(got.status).toBe(200);
    expect(got.body.head).toMatchObject({ ref: `refs/pull/${pr.number}/head`, sha: tip, repo: null });
    const files = await forge.req('GET', `${base.api}/pulls/${pr.number}/files`);
    expect(files.body.map((f: any) => f.filename)).toEqual(['l.txt']);
    const merge = await forge.req('POST', `${base.api}/pulls/${pr.number}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(merge.status).toBe(409);
    expect(await git(base.dir, 'show', 'main:l.txt').catch(() => 'absent')).toBe('absent');
  });

  it('a real git push to the fork over HTTP refreshes its pull request in the parent', async () => {
    const { base: origin, close } = await listenForge(forge);
    const { home, git: run, cleanup } = gitClient('forge-fork-push-');
    try {
      await forkBranch('over-http', 'h.txt', 'h\n');
      const pr = (await openPull(`${forker.name}:over-http`)).body;
      const url = gitUrl(origin, `${forker.name}/${base.name}`, [forker.name, forker.token]);
      const work = path.join(home, 'work');
      await run(home, 'clone', '--quiet', '--branch', 'over-http', url, work);
      fs.writeFileSync(path.join(work, 'h.txt'), 'h\nmore\n');
      await run(work, '-c', 'user.name=Forker', '-c', 'user.email=forker@example.com', 'commit', '--quiet', '-am', 'more over http');
      await run(work, 'push', '--quiet', 'origin', 'over-http');
      const pushed = (await run(work, 'rev-parse', 'HEAD')).stdout.trim();
      expect(await refSha(base.dir, `refs/pull/${pr.number}/head`)).toBe(pushed);
      const got = await forge.req('GET', `${base.api}/pulls/${pr.number}`);
      expect(got.body.head.sha).toBe(pushed);
      expect(got.body.commits_ahead).toBe(2);
    } finally {
      close();
      cleanup();
    }
  });
});
