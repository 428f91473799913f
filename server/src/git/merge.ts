// The git plumbing of server-side merges. Merge and squash never touch a work tree:
// `merge-tree --write-tree` computes the merged tree, `commit-tree` writes the commit and
// `update-ref` moves the branch only if it still holds the commit the merge started from.
// Rebasing needs a work tree with git 2.39 (no `git replay`): a detached worktree under the
// data folder's tmp/, removed in every case.
import fs from 'node:fs';
import path from 'node:path';
import { git, type GitCommand } from './command.ts';
import { GitError, runGit, spawnGit } from './run-git.ts';
import { updateRefs } from './refs.ts';
import { cleanIdent } from './identity.ts';

export interface GitIdentity {
  name: string;
  email: string;
}

/** The merge would conflict; `files` are the conflicting paths. */
export class MergeConflictError extends Error {
  constructor(readonly files: string[]) {
    super(`merge conflict in ${files.length} file(s)`);
  }
}

/** A rebase stopped on a conflict while replaying `commit`. */
export class RebaseConflictError extends Error {
  constructor(readonly commit: string) {
    super(`rebase conflict while applying ${commit}`);
  }
}

export class UnrelatedHistoriesError extends Error {
  constructor() {
    super('refusing to merge unrelated histories');
  }
}

/** The ref moved since the merge started (someone pushed); nothing was changed. */
export class RefMovedError extends Error {
  constructor(readonly ref: string) {
    super(`${ref} was updated by someone else`);
  }
}

/** Runs git and reports its exit status instead of throwing on a non-zero one. */
function runGitStatus(
  cmd: GitCommand,
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(cmd, { cwd: opts.cwd, env: opts.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
}

/** Author and committer for git, dated now (as Gitea sets both for merges). */
export function identityEnv(authorIn: GitIdentity | null, committerIn: GitIdentity, date = new Date()): NodeJS.ProcessEnv {
  const author = authorIn && cleanIdent(authorIn);
  const committer = cleanIdent(committerIn);
  const when = `${Math.floor(date.getTime() / 1000)} +0000`;
  const env: NodeJS.ProcessEnv = { GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email, GIT_COMMITTER_DATE: when };
  if (author) Object.assign(env, { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_AUTHOR_DATE: when });
  return env;
}

/**
 * What `git commit -m` does to a message (cleanup mode "whitespace"): trailing whitespace off every
 * line, runs of blank lines collapsed, blank lines at both ends dropped, one final newline.
 */
export function cleanupMessage(message: string): string {
  const out: string[] = [];
  let pendingBlank = false;
  for (const raw of message.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line) {
      pendingBlank = out.length > 0;
      continue;
    }
    if (pendingBlank) out.push('');
    pendingBlank = false;
    out.push(line);
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/** Full id of a commit, or null when `rev` names none. `rev` is ours (a ref or a sha), never raw user text. */
export async function resolveCommit(dir: string, rev: string): Promise<string | null> {
  let cmd: GitCommand;
  try {
    cmd = git('rev-parse').flag('--verify', '--quiet', '--end-of-options').value(`${rev}^{commit}`);
  } catch (e) {
    // What value() refuses names no commit, as git itself answered; a NUL byte stays refused.
    if (rev.includes('\0')) throw e;
    return null;
  }
  const r = await runGitStatus(cmd, { cwd: dir });
  return r.code === 0 ? r.stdout.trim() : null;
}

export async function treeOf(dir: string, commit: string): Promise<string> {
  return (await runGit(git('rev-parse').flag('--verify').value(`${commit}^{tree}`), { cwd: dir })).trim();
}

export async function mergeBaseOf(dir: string, a: string, b: string): Promise<string | null> {
  const r = await runGitStatus(git('merge-base').value(a, b), { cwd: dir });
  return r.code === 0 ? r.stdout.trim() : null;
}

/** The tree of merging `theirs` into `ours`, as `git merge` would write it; throws on conflict. */
export async function mergeTree(dir: string, ours: string, theirs: string): Promise<string> {
  const r = await runGitStatus(git('merge-tree').flag('--write-tree', '--name-only', '--no-messages', '-z').value(ours, theirs), { cwd: dir });
  if (r.code === 0) return r.stdout.split('\0')[0]!.trim();
  if (r.code === 1) {
    const [, ...files] = r.stdout.split('\0');
    throw new MergeConflictError([...new Set(files.filter(Boolean))]);
  }
  if (/unrelated histories/.test(r.stderr)) throw new UnrelatedHistoriesError();
  throw new GitError(`git merge-tree failed: ${r.stderr.trim()}`, r.code, r.stderr);
}

/** Writes a commit object; the message is cleaned as `git commit -m` would. */
export async function commitTree(dir: string, tree: string, parents: string[], message: string, env: NodeJS.ProcessEnv): Promise<string> {
  const cmd = git('commit-tree').value(tree);
  for (const p of parents) cmd.flag('-p').value(p);
  return (await runGit(cmd, { cwd: dir, env, input: cleanupMessage(message) })).trim();
}

/** Moves refs/heads/<branch> from `oldSha` to `newSha`, or throws RefMovedError if it is elsewhere now. */
export async function moveBranch(dir: string, branch: string, newSha: string, oldSha: string): Promise<void> {
  const ref = `refs/heads/${branch}`;
  try {
    await updateRefs(dir, [{ kind: 'update', ref, sha: newSha, oldSha }]);
  } catch (e) {
    if (e instanceof GitError) throw new RefMovedError(ref);
    throw e;
  }
}

export async function deleteBranchRef(dir: string, branch: string, oldSha: string): Promise<void> {
  const ref = `refs/heads/${branch}`;
  try {
    await updateRefs(dir, [{ kind: 'delete', ref, oldSha }]);
  } catch (e) {
    if (e instanceof GitError) throw new RefMovedError(ref);
    throw e;
  }
}

/** Authors of the commits `head` has and `base` lacks, newest first: [name, email]. */
export async function commitAuthors(dir: string, base: string, head: string): Promise<GitIdentity[]> {
  const out = await runGit(git('log').option('--format', '%an%x1f%ae').value(`${base}..${head}`), { cwd: dir });
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [name = '', email = ''] = l.split('\x1f');
      return { name, email };
    });
}

/**
 * Runs `fn` in a temporary detached work tree of the bare repository `dir`, checked out at `at`,
 * under `tmpRoot`. With `sparse`, only those paths are written to disk (a per-work-tree sparse
 * checkout, as Gitea does for merges), so a large repository costs little to check out; commands
 * in it then need `-c core.sparseCheckout=true` (sparseCheckout()). The work tree and git's record of it
 * are removed afterwards, also on failure.
 */
export async function withWorktree<T>(
  dir: string,
  tmpRoot: string,
  at: string,
  fn: (worktree: string) => Promise<T>,
  opts: { sparse?: string[] } = {},
): Promise<T> {
  await fs.promises.mkdir(tmpRoot, { recursive: true });
  const worktree = await fs.promises.mkdtemp(path.join(tmpRoot, 'merge-'));
  try {
    if (!opts.sparse) {
      await runGit(git('worktree').word('add').flag('--detach', '--quiet', '--end-of-options').value(worktree, at), { cwd: dir });
    } else {
      await runGit(git('worktree').word('add').flag('--no-checkout', '--detach', '--quiet', '--end-of-options').value(worktree, at), { cwd: dir });
      // info/sparse-checkout is per work tree, so the repository's shared config stays untouched.
      const file = path.resolve(worktree, (await runGit(git('rev-parse').flag('--git-path').word('info/sparse-checkout'), { cwd: worktree })).trim());
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, opts.sparse.map((p) => `/${p.replace(/([*?[\]! \\#])/g, '\\$1')}\n`).join(''));
      await runGit(sparseCheckout(git('read-tree')).flag('-mu').word('HEAD'), { cwd: worktree });
    }
    return await fn(worktree);
  } finally {
    await (async () => runGitStatus(git('worktree').word('remove').flag('--force', '--force').value(worktree), { cwd: dir }))().catch(() => undefined);
    await fs.promises.rm(worktree, { recursive: true, force: true });
    await runGitStatus(git('worktree').word('prune'), { cwd: dir }).catch(() => undefined);
  }
}

/** `-c core.sparseCheckout=true`, for commands in a sparse work tree. */
const sparseCheckout = (cmd: GitCommand): GitCommand => cmd.config('core.sparseCheckout', 'true');

/** Every path that differs between `base` and `head` or that a commit of base..head touches. */
async function pathsInPlay(dir: string, base: string, head: string): Promise<string[]> {
  const [diff, touched] = await Promise.all([
    runGit(git('diff').flag('--no-renames', '--name-only', '-z').value(base, head), { cwd: dir }),
    runGit(git('log').flag('--no-renames', '--name-only', '-z').option('--format', '').value(`${base}..${head}`), { cwd: dir }),
  ]);
  return [...new Set(`${diff}\0${touched}`.split('\0').filter(Boolean))];
}

/**
 * Replays the commits `head` has on top of `base` with `git rebase` (so the result is exactly what
 * git makes: commits already upstream are skipped, merges are flattened, authors keep their names
 * and dates, the committer is `committer`) and returns the new tip. Nothing outside the temporary
 * work tree changes; the caller moves refs.
 */
export async function rebaseOnto(dir: string, tmpRoot: string, base: string, head: string, committer: GitIdentity): Promise<string> {
  const sparse = await pathsInPlay(dir, base, head);
  return withWorktree(
    dir,
    tmpRoot,
    head,
    async (wt) => {
      const env = identityEnv(null, committer);
      // gc.auto=0: rebase ends with `gc --auto`, which can repack the whole repository inside a merge
      // request; housekeeping is for pushes (receive-pack runs it) and maintenance, not here.
      const r = await runGitStatus(sparseCheckout(git('rebase')).config('gc.auto', '0').flag('--quiet', '--no-autostash', '--no-verify').value(base), {
        cwd: wt,
        env,
      });
      if (r.code !== 0) {
        const stopped = await runGitStatus(git('rev-parse').flag('--verify', '--quiet').word('REBASE_HEAD'), { cwd: wt });
        if (stopped.code === 0) throw new RebaseConflictError(stopped.stdout.trim());
        throw new GitError(`git rebase failed: ${r.stderr.trim() || r.stdout.trim()}`, r.code, r.stderr);
      }
      return (await runGit(git('rev-parse').flag('--verify').word('HEAD'), { cwd: wt })).trim();
    },
    { sparse },
  );
}
