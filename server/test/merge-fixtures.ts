// Set-up for the merge tests: a repository with real branches, and pull requests opened by writing
// their issue and pull_request rows (with merge base and mergeable state computed by git), so the
// merge area is tested on its own.
import fs from 'node:fs';
import path from 'node:path';
import { gitCli } from './git-cli.ts';
import { nowUnix } from '../src/db/index.ts';
import { allocateIndex, recountRepo } from '../src/services/conversation.ts';
import type { RepoRow } from '../src/db/schema.ts';
import type { TestForge } from './helpers.ts';
import { uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit, type Person } from './git-fixtures.ts';
import { insertPullRows } from './pull-rows.ts';

export type ForgeUser = Awaited<ReturnType<TestForge['user']>>;

export const git = async (dir: string, ...args: string[]) => (await gitCli(args, { cwd: dir })).trim();
export const tipOf = (dir: string, branch: string) => git(dir, 'rev-parse', `refs/heads/${branch}`);
export const parentsOf = async (dir: string, rev: string) => (await git(dir, 'rev-list', '--parents', '-n', '1', rev)).split(' ').slice(1);
/** The commit message exactly as stored (log's %B adds a newline of its own). */
export const messageOf = async (dir: string, rev: string) => {
  const raw = await gitCli(['cat-file', 'commit', rev], { cwd: dir });
  return raw.slice(raw.indexOf('\n\n') + 2);
};
export const authorOf = (dir: string, rev: string) => git(dir, 'log', '-1', '--format=%an <%ae>', rev);
export const committerOf = (dir: string, rev: string) => git(dir, 'log', '-1', '--format=%cn <%ce>', rev);
export const fileAt = (dir: string, rev: string, file: string) => gitCli(['show', `${rev}:${file}`], { cwd: dir });
export const branchExists = async (dir: string, branch: string) =>
  (await gitCli(['for-each-ref', '--format=%(refname)', `refs/heads/${branch}`], { cwd: dir })).trim() === `refs/heads/${branch}`;

export const personOf = (u: ForgeUser): Person => ({ name: u.name, email: `${u.name}@example.com` });

/**
 * main: base ─ m1 (README, shared.txt)
 * feature: from base, two commits by `author` (feature.txt, then more)
 * conflicting: from base, changes shared.txt differently from m1
 * behind: from base, one commit on other.txt (main moved on since: m1)
 */
export function standardHistory(author: Person): FixtureCommit[] {
  return [
    { id: 'base', message: 'initial\n', files: { 'README.md': '# demo\n', 'shared.txt': 'one\n' } },
    { id: 'f1', branch: 'feature', from: 'base', author, message: 'add feature\n', files: { 'feature.txt': 'feature v1\n' } },
    { id: 'f2', branch: 'feature', author, message: 'improve feature\n\nwith a body\n', files: { 'feature.txt': 'feature v2\n' } },
    { id: 'c1', branch: 'conflicting', from: 'base', author, message: 'change shared differently\n', files: { 'shared.txt': 'three\n' } },
    { id: 'b1', branch: 'behind', from: 'base', author, message: 'other file\n', files: { 'other.txt': 'other\n' } },
    { id: 'm1', branch: 'main', from: 'base', message: 'main moves on\n', files: { 'shared.txt': 'two\n', 'main.txt': 'main\n' } },
  ];
}

export async function makeRepo(forge: TestForge, owner: ForgeUser, commits: FixtureCommit[], opts: { private?: boolean; archived?: boolean } = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, commits, opts);
  return { ...r, name, api: `/repos/${owner.name}/${name}` };
}

/** Opens a pull request head → base as `poster` by writing its rows; answers its index. */
export async function openPull(
  forge: TestForge,
  repo: RepoRow,
  dir: string,
  poster: { id: number },
  o: { head: string; base?: string; title?: string; body?: string },
): Promise<number> {
  const { db } = forge.deps;
  const base = o.base ?? 'main';
  const baseSha = await tipOf(dir, base);
  const headSha = await tipOf(dir, o.head);
  const mergeBase = await git(dir, 'merge-base', baseSha, headSha);
  let status = 1;
  try {
    await gitCli(['merge-tree', '--write-tree', baseSha, headSha], { cwd: dir });
  } catch {
    status = 2;
  }
  const t = nowUnix();
  return db.transaction().execute(async (trx) => {
    const index = await allocateIndex(trx, repo.id);
    await insertPullRows(trx, {
      repoId: repo.id,
      index,
      posterId: poster.id,
      title: o.title ?? `Pull ${o.head}`,
      body: o.body,
      unix: t,
      head: o.head,
      base,
      mergeBase,
      headSha,
      status,
    });
    await recountRepo(trx, repo.id);
    return index;
  });
}

export async function pullRow(forge: TestForge, repoId: number, index: number) {
  const { db } = forge.deps;
  const issue = await db.selectFrom('issue').selectAll().where('repo_id', '=', repoId).where('index', '=', index).executeTakeFirstOrThrow();
  const pr = await db.selectFrom('pull_request').selectAll().where('issue_id', '=', issue.id).executeTakeFirstOrThrow();
  return { issue, pr };
}

export async function eventsOf(forge: TestForge, issueId: number) {
  return forge.deps.db.selectFrom('comment').selectAll().where('issue_id', '=', issueId).orderBy('id').execute();
}

/** Entries of the data folder's tmp/ (temporary work trees), [] when it does not exist. */
export function tmpEntries(forge: TestForge): string[] {
  const dir = path.join(forge.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** git's own record of work trees in a bare repository ([] when none is registered). */
export async function worktreesOf(dir: string): Promise<string[]> {
  const out = await git(dir, 'worktree', 'list', '--porcelain');
  return out
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .slice(1);
}
