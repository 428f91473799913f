// Pull requests with real git history for the review tests: a repository whose `feature` branch
// changes lines 5 and 25 of a.txt, and a way to push more commits to a branch without a work tree.
import fs from 'node:fs';
import path from 'node:path';
import type { TestForge } from './helpers.ts';
import { uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { insertPullRows } from './pull-rows.ts';
import { gitCli } from './git-cli.ts';
import { nowUnix } from '../src/db/index.ts';
import { allocateIndex, recountRepo } from '../src/services/conversation.ts';

/** Lines "line 1" … "line n", each ending in a newline. */
export const lines = (n: number, change: Record<number, string> = {}) => Array.from({ length: n }, (_, i) => `${change[i + 1] ?? `line ${i + 1}`}\n`).join('');

export interface TestPull {
  owner: { name: string; token: string; id: number };
  author: { name: string; token: string; id: number };
  repo: { id: number; name: string };
  dir: string;
  base: string;
  /** API path of the pull request. */
  pull: string;
  index: number;
  issueId: number;
  mergeBase: string;
  head: string;
}

/**
 * A repository owned by `owner` (a new user unless given) with a pull request from `feature` into
 * `main` opened by `author`. Until POST /pulls exists the rows are written as it will write them.
 */
export async function createPull(forge: TestForge, opts: { private?: boolean; owner?: TestPull['owner'] } = {}): Promise<TestPull> {
  const owner = opts.owner ?? (await forge.user('owner'));
  const author = await forge.user('author');
  const name = uniq('repo');
  const { repo, dir, shas } = await createFixtureRepo(
    forge.deps,
    owner,
    name,
    [
      { id: 'base', message: 'Base', files: { 'a.txt': lines(30), 'b.txt': 'unchanged\n' } },
      { branch: 'feature', from: 'base', id: 'f1', message: 'Change lines 5 and 25', files: { 'a.txt': lines(30, { 5: 'changed 5', 25: 'changed 25' }) } },
    ],
    { private: opts.private },
  );
  const { db } = forge.deps;
  const t = nowUnix();
  const { index, issueId } = await db.transaction().execute(async (trx) => {
    const index = await allocateIndex(trx, repo.id);
    const issueId = await insertPullRows(trx, {
      repoId: repo.id,
      index,
      posterId: author.id,
      title: 'Change lines',
      unix: t,
      head: 'feature',
      base: 'main',
      mergeBase: shas.base!,
      headSha: shas.f1!,
      commitsAhead: 1,
      additions: 2,
      deletions: 2,
      changedFiles: 1,
    });
    await recountRepo(trx, repo.id);
    return { index, issueId };
  });
  await gitCli(['update-ref', `refs/pull/${index}/head`, shas.f1!], { cwd: dir });
  const base = `/repos/${owner.name}/${name}`;
  return { owner, author, repo, dir, base, pull: `${base}/pulls/${index}`, index, issueId, mergeBase: shas.base!, head: shas.f1! };
}

/** Commits `files` (path → content, null deletes) on top of `branch` with git plumbing and moves the branch. */
export async function commitTo(dir: string, branch: string, files: Record<string, string | null>, message = 'More'): Promise<string> {
  const parent = (await gitCli(['rev-parse', '--verify', `refs/heads/${branch}`], { cwd: dir })).trim();
  const indexFile = path.join(dir, `index-${uniq()}`);
  const env = {
    GIT_INDEX_FILE: indexFile,
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  try {
    await gitCli(['read-tree', parent], { cwd: dir, env });
    // --index-info works without a work tree: mode 0 removes a path.
    const info: string[] = [];
    for (const [p, content] of Object.entries(files)) {
      if (content === null) info.push(`0 ${'0'.repeat(40)}\t${p}`);
      else info.push(`100644 ${(await gitCli(['hash-object', '-w', '--stdin'], { cwd: dir, input: content })).trim()}\t${p}`);
    }
    await gitCli(['update-index', '--index-info'], { cwd: dir, env, input: `${info.join('\n')}\n` });
    const tree = (await gitCli(['write-tree'], { cwd: dir, env })).trim();
    const sha = (await gitCli(['commit-tree', tree, '-p', parent, '-m', message], { cwd: dir, env })).trim();
    await gitCli(['update-ref', `refs/heads/${branch}`, sha], { cwd: dir });
    return sha;
  } finally {
    fs.rmSync(indexFile, { force: true });
  }
}

/** What S1's push hook does for the review area: moves refs/pull/N/head and the recorded head. */
export async function moveHead(forge: TestForge, pr: TestPull, sha: string) {
  await gitCli(['update-ref', `refs/pull/${pr.index}/head`, sha], { cwd: pr.dir });
  await forge.deps.db.updateTable('pull_request').set({ head_commit_id: sha }).where('issue_id', '=', pr.issueId).execute();
}
