// Basic operations on bare repositories shared by every area.
import fs from 'node:fs';
import path from 'node:path';
import { GitError, legacyRunGit, userArg } from './run-git.ts';
import { resolveBranchFast } from './refs.ts';

/** Creates an empty bare repository whose HEAD points at `defaultBranch`. */
export async function initBare(dir: string, defaultBranch: string): Promise<void> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  await legacyRunGit(['init', '--bare', '--quiet', `--initial-branch=${userArg(defaultBranch, 'branch name')}`, dir], { cwd: path.dirname(dir) });
  // Allow http.receivepack for git http-backend; we authenticate in front of it.
  await legacyRunGit(['config', 'http.receivepack', 'true'], { cwd: dir });
  await legacyRunGit(['config', 'uploadpack.allowFilter', 'true'], { cwd: dir });
}

/** The commit SHA a branch, tag or (abbreviated) SHA names, or null. */
export async function resolveCommit(dir: string, ref: string): Promise<string | null> {
  if (!ref || ref.startsWith('-')) return null;
  // Most lookups name a branch; reading its ref file answers without starting git.
  const fast = resolveBranchFast(dir, ref);
  if (fast) return fast;
  try {
    const out = await legacyRunGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], { cwd: dir });
    return out.trim() || null;
  } catch (e) {
    if (e instanceof GitError) return null;
    throw e;
  }
}

/** Whether the repository has any branch at all. */
export async function hasAnyBranch(dir: string): Promise<boolean> {
  const out = await legacyRunGit(['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads/'], { cwd: dir });
  return out.trim().length > 0;
}

/** Points HEAD (the default branch) at refs/heads/<branch>. */
export async function setHead(dir: string, branch: string): Promise<void> {
  await legacyRunGit(['symbolic-ref', 'HEAD', `refs/heads/${userArg(branch, 'branch name')}`], { cwd: dir });
}
