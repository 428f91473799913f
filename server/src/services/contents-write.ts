// Writing files through the API (Gitea's ChangeRepoFiles, services/repository/files/update.go):
// create, update and delete one or several files in one commit on a branch or on a new branch
// started from it. No work tree: the commit is built with plumbing in a throwaway index
// (git/file-commit.ts) and the branch moves by compare-and-swap, under the repository's write lock
// (the one merges take), then the push's effects run as for a git push (the `push` event).
import path from 'node:path';
import type { Deps } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import { resolveCommit } from '../git/merge.ts';
import { isValidBranchName, updateRefs } from '../git/refs.ts';
import { GitError } from '../git/run-git-errors.ts';
import { treeEntry, writeBlob, type TreeEntry } from '../git/tree.ts';
import { commitWithIdentities, treeWithChanges, type IndexChange } from '../git/file-commit.ts';
import type { RepoContext } from './repo-access.ts';
import { withRepoLock } from './pulls/lock.ts';
import { applyPushEffects, snapshotRefs } from './pulls/push.ts';
import {
  authorAndCommitter,
  checkBranchWrite,
  cleanTreePath,
  datedIdentity,
  defaultCommitMessage,
  finalMessage,
  gitDate,
  type FileOperation,
  type IdentityInput,
} from './contents-write-rules.ts';

export interface FileChange {
  operation: FileOperation;
  path: string;
  /** The new bytes (create and update). */
  content?: Buffer;
  /** update: the file's current path when it moves. */
  fromPath?: string;
  /** update and delete: the blob the caller saw. */
  sha?: string;
}

export interface ChangeFilesRequest {
  files: FileChange[];
  message?: string;
  branch?: string;
  newBranch?: string;
  author?: IdentityInput;
  committer?: IdentityInput;
  dates?: { author?: string; committer?: string };
  signoff?: boolean;
}

export interface ChangeFilesResult {
  commit: string;
  /** The branch the commit is on (new_branch when given). */
  branch: string;
  /** The files' paths after the commit, in the request's order; deleted ones included. */
  files: { path: string; deleted: boolean }[];
}

const pathError = (what: string, p: string) => unprocessable(`${what} [path: ${p}]`);

/** The entry at `p` in `commit`, refusing a path that runs through a file (Gitea's ErrFilePathInvalid). */
async function entryAt(dir: string, commit: string | null, p: string): Promise<TreeEntry | null> {
  if (!commit) return null;
  const parts = p.split('/');
  for (let i = 1; i < parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    const e = await treeEntry(dir, commit, prefix);
    if (!e) return null;
    if (e.kind !== 'tree') throw pathError('a file exists where you’re trying to create a subdirectory', prefix);
  }
  return treeEntry(dir, commit, p);
}

/** Checks one change against the parent commit and returns what it does to the index. */
async function planChange(dir: string, base: string | null, f: FileChange & { fromPath: string }): Promise<IndexChange[]> {
  if (f.operation === 'create') {
    const existing = await entryAt(dir, base, f.path);
    if (existing?.kind === 'tree') throw pathError('a directory exists where you’re trying to create a file', f.path);
    if (existing) throw pathError('repository file already exists', f.path);
    return [{ path: f.path, sha: await writeBlob(dir, f.content ?? Buffer.alloc(0)) }];
  }
  if (!f.sha) throw unprocessable('a SHA or commit ID must be proved when updating a file');
  const from = await entryAt(dir, base, f.fromPath);
  if (!from) throw notFound(`repository file does not exist [path: ${f.fromPath}]`);
  if (from.kind !== 'blob') throw pathError('a directory exists where you’re trying to create a file', f.fromPath);
  if (from.sha !== f.sha) throw unprocessable(`sha does not match [given: ${f.sha}, expected: ${from.sha}]`);
  if (f.operation === 'delete') return [{ path: f.fromPath }];
  const changes: IndexChange[] = [];
  if (f.fromPath !== f.path) {
    const target = await entryAt(dir, base, f.path);
    if (target?.kind === 'tree') throw pathError('a directory exists where you’re trying to create a file', f.path);
    if (target) throw pathError('repository file already exists', f.path);
    changes.push({ path: f.fromPath });
  }
  const mode = from.mode === '100755' || from.mode === '120000' ? from.mode : '100644';
  changes.push({ path: f.path, sha: await writeBlob(dir, f.content ?? Buffer.alloc(0)), mode });
  return changes;
}

/**
 * Commits `req.files` as `doer`. The caller has checked write access to the code; branch
 * protection, paths and SHAs are checked here, in Gitea's order and with its answers.
 */
export async function changeRepoFiles(deps: Deps, rc: RepoContext, doer: UserRow, req: ChangeFilesRequest): Promise<ChangeFilesResult> {
  const { db } = deps;
  const { dir, repo } = rc;
  if (!req.files.length) throw unprocessable('files: at least one file operation is required');
  const files = req.files.map((f) => {
    const p = cleanTreePath(f.path);
    return { ...f, path: p, fromPath: f.fromPath ? cleanTreePath(f.fromPath) : p };
  });
  const branch = req.branch || repo.default_branch;
  const newBranch = req.newBranch || branch;
  if (newBranch !== branch && !(await isValidBranchName(dir, newBranch))) throw unprocessable(`invalid branch name [name: ${newBranch}]`);
  await checkBranchWrite(
    db,
    repo.id,
    newBranch,
    doer,
    rc.perm,
    files.flatMap((f) => (f.fromPath !== f.path ? [f.fromPath, f.path] : [f.path])),
  );

  const { author, committer } = authorAndCommitter(doer, req.author, req.committer);
  const authorDate = gitDate(req.dates?.author, 'dates.author');
  const committerDate = gitDate(req.dates?.committer, 'dates.committer');
  const message = finalMessage(req.message?.trim() || defaultCommitMessage(files), req.signoff ?? false, committer);

  return withRepoLock(db, repo.id, async () => {
    const base = await resolveCommit(dir, `refs/heads/${branch}`);
    // An empty repository takes its first commit on the branch asked for.
    const before = await snapshotRefs(dir);
    const hasBranches = [...before.keys()].some((r) => r.startsWith('refs/heads/'));
    if (!base && hasBranches) throw notFound(`branch does not exist [name: ${branch}]`);
    if (newBranch !== branch && (await resolveCommit(dir, `refs/heads/${newBranch}`))) throw unprocessable(`branch already exists [name: ${newBranch}]`);

    const changes: IndexChange[] = [];
    for (const f of files) changes.push(...(await planChange(dir, base, f)));
    const tmpRoot = path.join(deps.config.dataDir, 'tmp');
    const tree = await treeWithChanges(dir, tmpRoot, base, changes);
    const commit = await commitWithIdentities(
      dir,
      tree,
      base ? [base] : [],
      message,
      datedIdentity(author, authorDate),
      datedIdentity(committer, committerDate),
    );
    const ref = `refs/heads/${newBranch}`;
    try {
      await updateRefs(dir, [newBranch === branch && base ? { kind: 'update', ref, sha: commit, oldSha: base } : { kind: 'create', ref, sha: commit }]);
    } catch (e) {
      if (e instanceof GitError) throw conflict(`branch ${newBranch} was updated meanwhile; reload and try again`);
      throw e;
    }
    await applyPushEffects(deps, repo, before, await snapshotRefs(dir), doer);
    return { commit, branch: newBranch, files: files.map((f) => ({ path: f.path, deleted: f.operation === 'delete' })) };
  });
}
