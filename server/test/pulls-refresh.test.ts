// Open pull requests never go stale: pushes to their head or base (git over HTTP, the push hook, the
// branch API) recompute what git says about them, and a push to the head shows on the timeline.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { events, pullRepo, pushLike, refSha, writeCommit } from './pulls-helpers.ts';
import { CommentType } from '../src/services/conversation.ts';
import { refreshPullsForBranches } from '../src/services/pulls/refresh.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const pusher = await forge.user('pusher');

const open = (base: string, head: string, to = 'main') =>
  forge.req('POST', `${base}/pulls`, { token: owner.token, body: { title: `From ${head}`, head, base: to } });
const get = async (base: string, index: number) => (await forge.req('GET', `${base}/pulls/${index}`)).body;
const pushes = async (repoId: number, index: number) =>
  (await events(forge, repoId, index, CommentType.pullPush)).map((e) => ({ poster: e.poster_id, ...JSON.parse(e.content) }));

describe('a push to the head', () => {
  it('moves the head, refs/pull/{index}/head and the counts, and adds a pull_push event with the new commits', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    const n1 = await writeCommit(dir, 'feature', shas.f2, { 'c.txt': 'c\nc\nc\n' });
    let n2 = '';
    await pushLike(forge, repo.id, dir, pusher.id, async () => {
      await writeCommit(dir, 'feature', n1, { 'd.txt': 'd\n' });
      n2 = await refSha(dir, 'refs/heads/feature');
    });
    const pr = await get(base, 1);
    expect(pr.head.sha).toBe(n2);
    expect(pr).toMatchObject({ commits_ahead: 4, commits_behind: 1, additions: 8, changed_files: 7, mergeable: true });
    expect(await refSha(dir, 'refs/pull/1/head')).toBe(n2);
    expect(await pushes(repo.id, 1)).toEqual([
      { poster: owner.id, is_force_push: false, commit_ids: [shas.f1, shas.f2] },
      { poster: pusher.id, is_force_push: false, commit_ids: [n1, n2] },
    ]);
    expect((await forge.req('GET', `${base}/pulls/1/commits`)).body.map((c: any) => c.sha)).toEqual([n2, n1, shas.f2, shas.f1]);
  });

  it('records a force push as old and new head', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    let rewritten = '';
    await pushLike(forge, repo.id, dir, pusher.id, async () => {
      rewritten = await writeCommit(dir, 'feature', shas.f1, { 'b.txt': 'other\n' }, 'Feature two, again\n');
    });
    expect((await pushes(repo.id, 1)).at(-1)).toEqual({ poster: pusher.id, is_force_push: true, commit_ids: [shas.f2, rewritten] });
    const pr = await get(base, 1);
    expect(pr.head.sha).toBe(rewritten);
    expect(pr.commits_ahead).toBe(2);
  });

  it('is recorded once when the hook runs twice for the same push', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    const next = await writeCommit(dir, 'feature', shas.f2, { 'c.txt': 'c\n' });
    const repoRow = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    const user = await forge.deps.db.selectFrom('user').selectAll().where('id', '=', pusher.id).executeTakeFirstOrThrow();
    await refreshPullsForBranches(forge.deps, repoRow, ['feature'], user);
    await refreshPullsForBranches(forge.deps, repoRow, ['feature'], user);
    expect((await pushes(repo.id, 1)).map((p) => p.commit_ids)).toEqual([[shas.f1, shas.f2], [next]]);
  });
});

describe('a push to the base', () => {
  it('recomputes mergeable and the conflicting files, without a pull_push event', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'docs/x');
    expect(await get(base, 1)).toMatchObject({ mergeable: true, commits_behind: 0 });
    let mainTip = '';
    await pushLike(forge, repo.id, dir, pusher.id, async () => {
      mainTip = await writeCommit(dir, 'main', shas.c2, { 'docs.md': 'written on main\n' });
    });
    const pr = await get(base, 1);
    expect(pr).toMatchObject({ mergeable: false, conflicted_files: ['docs.md'], commits_behind: 1, commits_ahead: 1, merge_base: shas.c2 });
    expect(pr.base.sha).toBe(mainTip);
    expect((await pushes(repo.id, 1)).length).toBe(1);
    // Fixing it on the head makes it mergeable again.
    await pushLike(forge, repo.id, dir, pusher.id, () =>
      writeCommit(dir, 'docs/x', mainTip, { 'docs.md': 'written on main\n', 'more.md': 'm\n' }, 'Merge main\n'),
    );
    expect(await get(base, 1)).toMatchObject({ mergeable: true, conflicted_files: [], commits_behind: 0 });
  });

  it('leaves pull requests of other branches, closed and merged ones alone', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'docs/x');
    await open(base, 'feature', 'docs/x');
    await open(base, 'clash');
    await forge.req('PATCH', `${base}/pulls/3`, { token: owner.token, body: { state: 'closed' } });
    await open(base, 'feature');
    // #4 (feature → main) counts as merged: its row is what the merge left.
    await forge.deps.db
      .updateTable('pull_request')
      .set({ has_merged: 1, merged_commit_id: shas.f2, merger_id: owner.id, merged_unix: 1_800_000_000 })
      .where('base_repo_id', '=', repo.id)
      .where('index', '=', 4)
      .execute();
    const rows = () => forge.deps.db.selectFrom('pull_request').selectAll().where('base_repo_id', '=', repo.id).orderBy('index').execute();
    const before = await rows();
    await pushLike(forge, repo.id, dir, pusher.id, () => writeCommit(dir, 'clash', shas.k1, { 'k.txt': 'k\n' }));
    await pushLike(forge, repo.id, dir, pusher.id, () => writeCommit(dir, 'feature', shas.f2, { 'unrelated.txt': 'u\n' }));
    const after = await rows();
    // #1 (docs/x → main), the closed #3 and the merged #4 did not change; #2 (feature → docs/x) followed its head.
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[3]).toEqual(before[3]);
    expect(after[1]!.head_commit_id).not.toBe(before[1]!.head_commit_id);
    // Reopening catches up with the push it missed.
    const reopened = await forge.req('PATCH', `${base}/pulls/3`, { token: owner.token, body: { state: 'open' } });
    expect(reopened.body.head.sha).toBe(await refSha(dir, 'refs/heads/clash'));
    expect(await refSha(dir, 'refs/pull/3/head')).toBe(reopened.body.head.sha);
  });
});

describe('the branch API', () => {
  it('moving a head branch with PUT /branches recomputes the pull request', async () => {
    const { base, repo, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    const next = await writeCommit(dir, 'side', shas.f2, { 'c.txt': 'c\n' });
    const r = await forge.req('PUT', `${base}/branches/feature`, { token: owner.token, body: { new_commit_id: next } });
    expect(r.status).toBe(204);
    const pr = await get(base, 1);
    expect(pr.head.sha).toBe(next);
    expect(pr.commits_ahead).toBe(3);
    expect((await pushes(repo.id, 1)).at(-1)).toEqual({ poster: owner.id, is_force_push: false, commit_ids: [next] });
  });

  it('deleting the head branch leaves the pull request readable from refs/pull/{index}/head', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    expect((await forge.req('DELETE', `${base}/branches/feature`, { token: owner.token })).status).toBe(204);
    const pr = await get(base, 1);
    expect(pr.head).toMatchObject({ label: 'feature', ref: 'refs/pull/1/head', sha: shas.f2 });
    expect(pr.state).toBe('open');
    expect(await refSha(dir, 'refs/pull/1/head')).toBe(shas.f2);
    expect((await forge.req('GET', `${base}/pulls/1/commits`)).body.map((c: any) => c.sha)).toEqual([shas.f2, shas.f1]);
    expect((await forge.req('GET', `${base}/pulls/1/files`)).body.length).toBe(5);
    expect((await forge.req('GET', `${base}/pulls/1.diff`)).text).toContain('a.txt');
    // Recreating the branch elsewhere moves the pull request with it.
    await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: 'feature', old_ref_name: shas.f1 } });
    expect((await get(base, 1)).head).toMatchObject({ ref: 'feature', sha: shas.f1 });
  });

  it('renaming a branch renames it in its open pull requests', async () => {
    const { base } = await pullRepo(forge, owner);
    await open(base, 'feature');
    await open(base, 'docs/x', 'clash');
    await forge.req('PATCH', `${base}/branches/feature`, { token: owner.token, body: { name: 'feature-2' } });
    await forge.req('PATCH', `${base}/branches/clash`, { token: owner.token, body: { name: 'clash-2' } });
    expect((await get(base, 1)).head.ref).toBe('feature-2');
    expect((await get(base, 2)).base.ref).toBe('clash-2');
  });
});

describe('the pull request of a commit', () => {
  it('finds it by head commit or merge commit; 404 for other commits', async () => {
    const { base, repo, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    await open(base, 'docs/x');
    const byHead = await forge.req('GET', `${base}/commits/${shas.f2}/pull`);
    expect(byHead.status).toBe(200);
    expect(byHead.body.number).toBe(1);
    expect((await forge.req('GET', `${base}/commits/${shas.f2.slice(0, 10)}/pull`)).body.number).toBe(1);
    await forge.deps.db
      .updateTable('pull_request')
      .set({ has_merged: 1, merged_commit_id: shas.c2, merger_id: owner.id, merged_unix: 1_800_000_000 })
      .where('base_repo_id', '=', repo.id)
      .where('index', '=', 2)
      .execute();
    expect((await forge.req('GET', `${base}/commits/${shas.c2}/pull`)).body.number).toBe(2);
    expect((await forge.req('GET', `${base}/commits/${shas.c1}/pull`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/commits/${'0'.repeat(40)}/pull`)).status).toBe(404);
  });
});

describe('git push over HTTP', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-pr-git-'));
  const server = serve({ fetch: forge.app.fetch, port: 0, hostname: '127.0.0.1' });
  afterAll(() => {
    server.close();
    fs.rmSync(home, { recursive: true, force: true });
  });
  const exec = promisify(execFile);
  const git = (cwd: string, ...args: string[]) =>
    exec('git', args, { cwd, env: { PATH: process.env.PATH, HOME: home, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' } });

  it('recomputes the pull request and records the push', async () => {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const port = (server.address() as AddressInfo).port;
    const { base, name, repo, shas } = await pullRepo(forge, owner);
    await open(base, 'feature');
    const work = fs.mkdtempSync(path.join(home, 'w-'));
    const url = `http://${owner.name}:${encodeURIComponent(owner.password)}@127.0.0.1:${port}/${owner.name}/${name}.git`;
    await git(work, 'clone', '--quiet', '--branch', 'feature', url, '.');
    fs.writeFileSync(path.join(work, 'pushed.txt'), 'over http\n');
    await git(work, 'add', 'pushed.txt');
    await git(work, '-c', 'user.name=Owner', '-c', `user.email=${owner.name}@example.com`, 'commit', '--quiet', '-m', 'Pushed over HTTP');
    await git(work, 'push', '--quiet', 'origin', 'feature');
    const sha = (await git(work, 'rev-parse', 'HEAD')).stdout.trim();
    const pr = await get(base, 1);
    expect(pr.head.sha).toBe(sha);
    expect(pr.commits_ahead).toBe(3);
    expect((await pushes(repo.id, 1)).at(-1)).toEqual({ poster: owner.id, is_force_push: false, commit_ids: [sha] });
    expect(shas.f2).not.toBe(sha);
  });
});
