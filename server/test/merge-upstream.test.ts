// POST /repos/{o}/{r}/merge-upstream (Gitea's MergeUpstream) and compare across the fork network
// ("N commits behind upstream"), checked with git in the fork.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { git, makeRepo, parentsOf, personOf, standardHistory, type ForgeUser } from './merge-fixtures.ts';
import { pushLike, refSha, writeCommit } from './pulls-helpers.ts';
import { repoDir } from '../src/context.ts';

let forge: TestForge;
let owner: ForgeUser;
let forker: ForgeUser;

beforeAll(async () => {
  forge = await createTestForge();
  owner = await forge.user('owner');
  forker = await forge.user('forker');
});

/** A parent with the standard history and the forker's fork of it. */
async function network() {
  const base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
  const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: {} });
  expect(res.status).toBe(202);
  const fork = { id: res.body.id as number, dir: repoDir(forge.deps.config, forker.name, base.name), api: `/repos/${forker.name}/${base.name}` };
  /** One commit on `branch` of the repository `dir` (a push by `who`). */
  const commit = async (target: 'base' | 'fork', branch: string, files: Record<string, string>) => {
    const [id, dir, who] = target === 'base' ? [base.repo.id, base.dir, owner.id] : [fork.id, fork.dir, forker.id];
    const from = (await refSha(dir, `refs/heads/${branch}`)) || (await refSha(dir, 'refs/heads/main'));
    await pushLike(forge, id, dir, who, () => writeCommit(dir, branch, from, files, `${target} ${Object.keys(files).join(' ')}\n`));
    return refSha(dir, `refs/heads/${branch}`);
  };
  const upstream = (body: object, token = forker.token) => forge.req('POST', `${fork.api}/merge-upstream`, { token, body });
  return { base, fork, commit, upstream };
}

describe('merge-upstream', () => {
  it('up-to-date, then fast-forward when the parent moved on', async () => {
    const { base, fork, commit, upstream } = await network();
    expect((await upstream({ branch: 'main' })).body).toEqual({ merge_type: 'already-up-to-date' });
    const tip = await commit('base', 'main', { 'new.txt': 'new\n' });
    const res = await upstream({ branch: 'main', ff_only: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ merge_type: 'fast-forward' });
    expect(await refSha(fork.dir, 'refs/heads/main')).toBe(tip);
    // The push's effects: the fork's feed shows the commit.
    const actions = await forge.deps.db.selectFrom('action').selectAll().where('repo_id', '=', fork.id).where('op_type', '=', 'commit_repo').execute();
    expect(actions.some((a) => a.content.includes(tip))).toBe(true);
    expect(await refSha(base.dir, 'refs/heads/main')).toBe(tip);
  });

  it('diverged: ff_only is refused with 400, otherwise a merge commit of both', async () => {
    const { fork, commit, upstream } = await network();
    const mine = await commit('fork', 'main', { 'mine.txt': 'mine\n' });
    const theirs = await commit('base', 'main', { 'theirs.txt': 'theirs\n' });
    const refused = await upstream({ branch: 'main', ff_only: true });
    expect(refused.status).toBe(400);
    expect(await refSha(fork.dir, 'refs/heads/main')).toBe(mine);
    const res = await upstream({ branch: 'main' });
    expect(res.body).toEqual({ merge_type: 'merge' });
    const tip = await refSha(fork.dir, 'refs/heads/main');
    expect(await parentsOf(fork.dir, tip)).toEqual([mine, theirs]);
    expect(await git(fork.dir, 'log', '-1', '--format=%s', tip)).toBe('merge upstream');
    expect(await git(fork.dir, 'show', `${tip}:theirs.txt`)).toBe('theirs');
    expect(await git(fork.dir, 'show', `${tip}:mine.txt`)).toBe('mine');
    expect((await upstream({ branch: 'main' })).body).toEqual({ merge_type: 'already-up-to-date' });
  });

  it("a fork branch the parent lacks syncs with the parent's default branch; conflicts are 409", async () => {
    const { fork, commit, upstream } = await network();
    const own = await commit('fork', 'own', { 'own.txt': 'own\n' });
    const theirs = await commit('base', 'main', { 'shared.txt': 'parent\n' });
    expect((await upstream({ branch: 'own' })).body).toEqual({ merge_type: 'merge' });
    expect(await parentsOf(fork.dir, 'refs/heads/own')).toEqual([own, theirs]);
    await commit('fork', 'clash', { 'shared.txt': 'fork\n' });
    const clash = await upstream({ branch: 'clash' });
    expect(clash.status).toBe(409);
  });

  it('refuses: not a fork (400), missing branch (404), readers (403), strangers of a private fork (404), protected branch (403)', async () => {
    const { base, fork, commit, upstream } = await network();
    expect((await forge.req('POST', `${base.api}/merge-upstream`, { token: owner.token, body: { branch: 'main' } })).status).toBe(400);
    expect((await upstream({ branch: 'nope' })).status).toBe(404);
    expect((await upstream({ branch: 'main' }, owner.token)).status).toBe(403);
    expect((await forge.req('POST', `${fork.api}/merge-upstream`, { body: { branch: 'main' } })).status).toBe(401);
    await forge.req('PATCH', fork.api, { token: forker.token, body: { private: true } });
    expect((await upstream({ branch: 'main' }, owner.token)).status).toBe(404);

    const before = await refSha(fork.dir, 'refs/heads/main');
    await commit('base', 'main', { 'later.txt': 'later\n' });
    const rule = await forge.req('POST', `${fork.api}/branch_protections`, { token: forker.token, body: { rule_name: 'main' } });
    expect(rule.status).toBe(201);
    const blocked = await upstream({ branch: 'main' });
    expect(blocked.status).toBe(403);
    expect(await refSha(fork.dir, 'refs/heads/main')).toBe(before);
    await forge.req('PATCH', `${fork.api}/branch_protections/main`, { token: forker.token, body: { enable_push: true } });
    expect((await upstream({ branch: 'main' })).body).toEqual({ merge_type: 'fast-forward' });
  });
});

describe('compare across the fork network', () => {
  it('shows how far a fork is behind and ahead of its parent, in both repositories', async () => {
    const { base, fork, commit } = await network();
    const ahead = await commit('fork', 'main', { 'mine.txt': 'mine\n' });
    const behind1 = await commit('base', 'main', { 'a.txt': 'a\n' });
    const behind2 = await commit('base', 'main', { 'b.txt': 'b\n' });
    // On the fork: what the parent's main has that the fork's main lacks.
    const behind = await forge.req('GET', `${fork.api}/compare/main...${owner.name}:main`);
    expect(behind.status).toBe(200);
    expect(behind.body.total_commits).toBe(2);
    expect(behind.body.commits.map((c: any) => c.sha)).toEqual([behind1, behind2]);
    // On the parent: what the fork brings, in both spellings of the head.
    for (const head of [`${forker.name}:main`, `${forker.name}/${base.name}:main`]) {
      const res = await forge.req('GET', `${base.api}/compare/main...${head}`);
      expect(res.status).toBe(200);
      expect(res.body.commits.map((c: any) => c.sha)).toEqual([ahead]);
      expect(res.body.files.map((f: any) => f.filename)).toEqual(['mine.txt']);
    }
    const raw = await forge.req('GET', `${base.api}/compare/main...${forker.name}:main.diff`);
    expect(raw.text).toContain('+mine');
    // Outside the network, or hidden: 404.
    const stranger = await forge.user('stranger');
    expect((await forge.req('GET', `${base.api}/compare/main...${stranger.name}:main`)).status).toBe(404);
    await forge.req('PATCH', fork.api, { token: forker.token, body: { private: true } });
    expect((await forge.req('GET', `${base.api}/compare/main...${forker.name}:main`, { token: stranger.token })).status).toBe(404);
  });

  it("a private fork's commits are compared without copying them into the public parent", async () => {
    const { base, fork, commit } = await network();
    await forge.req('PATCH', fork.api, { token: forker.token, body: { private: true } });
    const secret = await commit('fork', 'main', { 'secret.txt': 'secret\n' });
    const res = await forge.req('GET', `${base.api}/compare/main...${forker.name}:main`, { token: forker.token });
    expect(res.status).toBe(200);
    expect(res.body.commits.map((c: any) => c.sha)).toEqual([secret]);
    await expect(git(base.dir, 'cat-file', '-e', secret)).rejects.toThrow();
    expect((await forge.req('GET', `${base.api}/git/commits/${secret}`, { token: owner.token })).status).toBe(404);
  });
});
