// Basic operations on bare repositories shared by every area.
import fs from 'node:fs';
import path from 'node:path';
import { git } from './command.ts';
import { GitError, runGit, userArg } from './run-git.ts';
import { resolveBranchFast } from './refs.ts';

/** Creates an empty bare repository whose HEAD points at `defaultBranch`. */
export async function initBare(dir: string, defaultBranch: string): Promise<void> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  await runGit(git('init').flag('--bare', '--quiet').option('--initial-branch', userArg(defaultBranch, 'branch name')).value(dir), { cwd: path.dirname(dir) });
  await allowHttpBackend(dir);
}

/**
 * Completes a repository folder that lacks HEAD, objects or refs in place (`git init --bare .`,
 * which keeps what is there), with the same settings as initBare; HEAD is the caller's to set.
 */
export async function reinitBareInPlace(dir: string): Promise<void> {
  await runGit(git('init').flag('--bare', '--quiet').word('.'), { cwd: dir });
  await allowHttpBackend(dir);
}

// Allow http.receivepack for git http-backend; we authenticate in front of it.
async function allowHttpBackend(dir: string): Promise<void> {
  await runGit(git('config').word('http.receivepack', 'true'), { cwd: dir });
  await runGit(git('config').word('uploadpack.allowFilter', 'true'), { cwd: dir });
}

/** The commit SHA a branch, tag or (abbreviated) SHA names, or null. */
export async function resolveCommit(dir: string, ref: string): Promise<string | null> {
  if (!ref || ref.startsWith('-')) return null;
  // Most lookups name a branch; reading its ref file answers without starting git.
  const fast = resolveBranchFast(dir, ref);
  if (fast) return fast;
  try {
    // A control character refused here names no commit, as git's own refusal did.
    const out = await runGit(git('rev-parse').flag('--verify', '--quiet', '--end-of-options').value(`${ref}^{commit}`), { cwd: dir });
    return out.trim() || null;
  } catch (e) {
    if (e instanceof GitError) return null;
    throw e;
  }
}

/**
 * The commit each of `revs` names, in order ('' for one that names none), from one
 * `cat-file --batch-check`: the revisions go on standard input, never on the command line.
 */
export async function resolveCommitsBatch(dir: string, revs: string[]): Promise<string[]> {
  const out = await runGit(git('cat-file').option('--batch-check', '%(objectname)'), { cwd: dir, input: revs.map((r) => `${r}^{commit}\n`).join('') });
  const lines = out.split('\n');
  // cat-file prints "<rev> missing" (or "ambiguous") for what does not resolve to a commit.
  return revs.map((_, i) => {
    const sha = lines[i]?.trim() ?? '';
    return /^[0-9a-f]{40}$/.test(sha) ? sha : '';
  });
}

/** The object `rev` names (`rev-parse --verify`); a GitError when it names none. */
export async function verifyRev(dir: string, rev: string): Promise<string> {
  return (await runGit(git('rev-parse').flag('--verify').value(rev), { cwd: dir })).trim();
}

/** Whether the repository has any branch at all. */
export async function hasAnyBranch(dir: string): Promise<boolean> {
  const out = await runGit(git('for-each-ref').option('--count', 1).option('--format', '%(refname)').word('refs/heads/'), { cwd: dir });
  return out.trim().length > 0;
}

/** Points HEAD (the default branch) at refs/heads/<branch>. */
export async function setHead(dir: string, branch: string): Promise<void> {
  await runGit(
    git('symbolic-ref')
      .word('HEAD')
      .value(`refs/heads/${userArg(branch, 'branch name')}`),
    { cwd: dir },
  );
}
