// The history each merge style leaves, checked with the git CLI against what git itself makes
// (a real `git merge` / `git merge --squash` in a throw-away clone), and the rows a merge changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitCli } from './git-cli.ts';
import { createTestForge } from './helpers.ts';
import {
  authorOf,
  committerOf,
  eventsOf,
  fileAt,
  git,
  makeRepo,
  messageOf,
  openPull,
  parentsOf,
  pullRow,
  standardHistory,
  tipOf,
  tmpEntries,
  worktreesOf,
} from './merge-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const poster = await forge.user('poster');
const ownerSig = `${owner.name} <${owner.name}@example.com>`;
// The poster's commits carry a display name of their own; a squash commit should keep it.
const posterAsCommitter = { name: 'Poster Person', email: `${poster.name}@example.com` };
const posterSig = `Poster Person <${poster.name}@example.com>`;

async function setup() {
  const history = [
    ...standardHistory(posterAsCommitter),
    { id: 'a1', branch: 'ahead', from: 'm1', author: posterAsCommitter, message: 'ahead of main\n', files: { 'ahead.txt': 'ahead\n' } },
  ];
  const r = await makeRepo(forge, owner, history);
  return r;
}

/** What `git merge` makes in a clone with a work tree: the resulting tree. */
async function treeGitMakes(dir: string, base: string, head: string, mode: '--no-ff' | '--squash'): Promise<string> {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-ref-'));
  try {
    await gitCli(['clone', '--quiet', '--shared', dir, clone], { cwd: os.tmpdir() });
    const env = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
    await gitCli(['checkout', '--quiet', '--detach', base], { cwd: clone });
    await gitCli(['merge', '--quiet', mode, ...(mode === '--no-ff' ? ['--no-edit'] : []), head], { cwd: clone, env });
    if (mode === '--squash') return (await gitCli(['write-tree'], { cwd: clone })).trim();
    return (await gitCli(['rev-parse', 'HEAD^{tree}'], { cwd: clone })).trim();
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

const treeOf = (dir: string, rev: string) => git(dir, 'rev-parse', `${rev}^{tree}`);
const recent = async (dir: string, rev: string, fmt: '%at' | '%ct') =>
  Math.abs(Number(await git(dir, 'log', '-1', `--format=${fmt}`, rev)) - Date.now() / 1000) < 120;

describe('merge styles make the history git makes', () => {
  it("merge: a merge commit with base and head as parents, the merged tree, Gitea's title, the merger as author and committer", async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Add the feature' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');

    const tip = await tipOf(dir, 'main');
    expect(await parentsOf(dir, tip)).toEqual([shas.m1, shas.f2]);
    expect(await treeOf(dir, tip)).toBe(await treeGitMakes(dir, shas.m1!, shas.f2!, '--no-ff'));
    expect(await messageOf(dir, tip)).toBe(`Merge pull request 'Add the feature' (#${index}) from feature into main\n`);
    expect(await authorOf(dir, tip)).toBe(ownerSig);
    expect(await committerOf(dir, tip)).toBe(ownerSig);
    expect(await recent(dir, tip, '%ct')).toBe(true);
    expect(await recent(dir, tip, '%at')).toBe(true);

    const { issue, pr } = await pullRow(forge, repo.id, index);
    expect(pr).toMatchObject({ has_merged: 1, merged_commit_id: tip, merger_id: owner.id, head_commit_id: shas.f2, merge_base: shas.base });
    expect(Math.abs(pr.merged_unix - Date.now() / 1000)).toBeLessThan(60);
    expect(issue.is_closed).toBe(1);
    expect(issue.closed_unix).toBeGreaterThan(0);
    const events = await eventsOf(forge, issue.id);
    expect(events.map((e) => e.type)).toEqual([28]);
    expect(events[0]).toMatchObject({ poster_id: owner.id, commit_sha: tip });
    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ num_pulls: 1, num_closed_pulls: 1 });
    const actions = await forge.deps.db.selectFrom('action').selectAll().where('repo_id', '=', repo.id).where('user_id', '=', owner.id).orderBy('id').execute();
    expect(actions.map((a) => [a.op_type, a.op_type === 'commit_repo' ? a.ref_name : a.content])).toEqual([
      ['merge_pull_request', `${index}|Add the feature`],
      ['commit_repo', 'refs/heads/main'],
    ]);
    expect((await forge.req('GET', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(204);
  });

  it('squash: one commit on the base with the combined tree, "title (#N)", the poster (as their commits name them) as author and Gitea\'s co-author trailers', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Add the feature' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'squash' } });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    expect(await parentsOf(dir, tip)).toEqual([shas.m1]);
    expect(await treeOf(dir, tip)).toBe(await treeGitMakes(dir, shas.m1!, shas.f2!, '--squash'));
    expect(await fileAt(dir, tip, 'feature.txt')).toBe('feature v2\n');
    expect(await messageOf(dir, tip)).toBe(`Add the feature (#${index})\nCo-authored-by: ${posterSig}\nCo-committed-by: ${posterSig}\n`);
    expect(await authorOf(dir, tip)).toBe(posterSig);
    expect(await committerOf(dir, tip)).toBe(ownerSig);
    expect(await recent(dir, tip, '%at')).toBe(true);
    expect((await pullRow(forge, repo.id, index)).pr.merged_commit_id).toBe(tip);
  });

  it("squash by the poster: custom title and message, no trailers; the poster's own signature when no commit names them", async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, owner, { head: 'feature' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, {
      token: owner.token,
      body: { Do: 'squash', MergeTitleField: '  Custom title  ', MergeMessageField: '\nLonger text\n\n\nwith lines   \n' },
    });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    expect(await messageOf(dir, tip)).toBe('Custom title\n\nLonger text\n\nwith lines\n');
    expect(await authorOf(dir, tip)).toBe(ownerSig);
  });

  it("rebase: the head's commits replayed linearly on the base, authors and author dates kept, the merger as committer; no work tree left behind", async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Rebase me', body: 'ignored by rebase' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'rebase', MergeTitleField: 'not used by rebase' } });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    const replayed = (await git(dir, 'rev-list', '--reverse', `${shas.m1}..${tip}`)).split('\n');
    expect(replayed).toHaveLength(2);
    expect(await git(dir, 'rev-list', '--merges', `${shas.m1}..${tip}`)).toBe('');
    expect(await parentsOf(dir, replayed[0]!)).toEqual([shas.m1]);
    expect(await parentsOf(dir, replayed[1]!)).toEqual([replayed[0]]);
    for (const [i, original] of [shas.f1!, shas.f2!].entries()) {
      const c = replayed[i]!;
      expect(c).not.toBe(original);
      expect(await messageOf(dir, c)).toBe(await messageOf(dir, original));
      expect(await authorOf(dir, c)).toBe(posterSig);
      expect(await git(dir, 'log', '-1', '--format=%at', c)).toBe(await git(dir, 'log', '-1', '--format=%at', original));
      expect(await committerOf(dir, c)).toBe(ownerSig);
      expect(await recent(dir, c, '%ct')).toBe(true);
    }
    expect(await treeOf(dir, tip)).toBe(await treeGitMakes(dir, shas.m1!, shas.f2!, '--no-ff'));
    expect((await pullRow(forge, repo.id, index)).pr.merged_commit_id).toBe(tip);
    expect(tmpEntries(forge)).toEqual([]);
    expect(await worktreesOf(dir)).toEqual([]);
  });

  it('rebase touches only the paths in play, yet makes the trees a full `git rebase` makes (odd names, a file added then removed)', async () => {
    const history = [
      ...standardHistory(posterAsCommitter),
      {
        id: 't1',
        branch: 'tricky',
        from: 'base',
        author: posterAsCommitter,
        message: 'odd names\n',
        files: { 'dir with space/a*b[1]?.txt': 'odd\n', 'tmp file.txt': 'temp\n', '#hash!.md': 'h\n' },
      },
      {
        id: 't2',
        branch: 'tricky',
        author: posterAsCommitter,
        message: 'drop the temp file\n',
        files: { 'tmp file.txt': null, 'README.md': '# demo, edited\n' },
      },
    ];
    const { repo, dir, api, shas } = await makeRepo(forge, owner, history);
    const index = await openPull(forge, repo, dir, poster, { head: 'tricky' });
    expect((await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'rebase' } })).status).toBe(200);
    const ours = (await git(dir, 'rev-list', '--reverse', `${shas.m1}..main`)).split('\n');

    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'rebase-ref-'));
    try {
      await gitCli(['clone', '--quiet', '--shared', dir, clone], { cwd: os.tmpdir() });
      await gitCli(['checkout', '--quiet', '--detach', shas.t2!], { cwd: clone });
      await gitCli(['rebase', '--quiet', shas.m1!], { cwd: clone, env: { GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
      const theirs = (await git(clone, 'rev-list', '--reverse', `${shas.m1}..HEAD`)).split('\n');
      expect(ours).toHaveLength(theirs.length);
      for (const [i, c] of ours.entries()) expect(await treeOf(dir, c)).toBe(await treeOf(clone, theirs[i]!));
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
    }
    expect(await fileAt(dir, 'main', 'dir with space/a*b[1]?.txt')).toBe('odd\n');
    expect(tmpEntries(forge)).toEqual([]);
  });

  it('rebase-merge: the rebased commits joined to the base by a merge commit', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Both' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'rebase-merge', MergeMessageField: 'details' } });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    const [first, second] = await parentsOf(dir, tip);
    expect(first).toBe(shas.m1);
    expect(await git(dir, 'rev-list', '--count', `${shas.m1}..${second}`)).toBe('2');
    expect(await parentsOf(dir, (await parentsOf(dir, second!))[0]!)).toEqual([shas.m1]);
    expect(await treeOf(dir, tip)).toBe(await treeOf(dir, second!));
    expect(await messageOf(dir, tip)).toBe(`Merge pull request 'Both' (#${index}) from feature into main\n\ndetails\n`);
    expect(await authorOf(dir, tip)).toBe(ownerSig);
    expect(await authorOf(dir, second!)).toBe(posterSig);
    expect(tmpEntries(forge)).toEqual([]);
  });

  it('fast-forward-only: moves the base to the head and creates nothing', async () => {
    const { repo, dir, api, shas } = await setup();
    const objectsBefore = await git(dir, 'count-objects', '-v');
    const index = await openPull(forge, repo, dir, poster, { head: 'ahead' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'fast-forward-only' } });
    expect(r.status).toBe(200);
    expect(await tipOf(dir, 'main')).toBe(shas.a1);
    expect(await git(dir, 'count-objects', '-v')).toBe(objectsBefore);
    expect((await pullRow(forge, repo.id, index)).pr.merged_commit_id).toBe(shas.a1);
  });

  it('fast-forward-only is refused when the base has moved on; nothing changes', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'fast-forward-only' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/fast-forward/i);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
  });

  it('manually-merged: records a commit already on the base without touching git; a commit elsewhere is 409', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const wrong = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'manually-merged', MergeCommitID: shas.f2 } });
    expect(wrong.status).toBe(409);
    const short = await forge.req('POST', `${api}/pulls/${index}/merge`, {
      token: owner.token,
      body: { Do: 'manually-merged', MergeCommitID: shas.m1!.slice(0, 10) },
    });
    expect(short.status).toBe(409);
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'manually-merged', MergeCommitID: shas.m1 } });
    expect(r.status).toBe(200);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    const { issue, pr } = await pullRow(forge, repo.id, index);
    expect(pr).toMatchObject({ has_merged: 1, merged_commit_id: shas.m1, merger_id: owner.id });
    expect(pr.merged_unix).toBe(Number(await git(dir, 'log', '-1', '--format=%at', shas.m1!)));
    expect(issue.is_closed).toBe(1);
  });
});
