// Whole-repository git operations of repository administration: a template's tree for a generated
// repository, a fork's bare copy, and a backup's copy of a repository (or an empty one in its place).
import path from 'node:path';
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** The tree SHA of a commit (`git rev-parse --verify <commit>^{tree}`). */
export async function treeOfCommit(dir: string, commit: string): Promise<string> {
  return (await runGit(git('rev-parse').flag('--verify').value(`${commit}^{tree}`), { cwd: dir })).trim();
}

/** `git clone --bare` of `src` into `dst` (branches and tags: a clone leaves other refs such as refs/pull/* out). */
export async function cloneBare(src: string, dst: string): Promise<void> {
  await runGit(git('clone').flag('--bare', '--quiet', '--end-of-options').value(src, dst), { cwd: path.dirname(dst) });
}

/** Removes the `origin` remote a clone set up (fails when there is none). */
export async function removeOriginRemote(dir: string): Promise<void> {
  await runGit(git('config').flag('--remove-section').word('remote.origin'), { cwd: dir });
}

/** Lets git http-backend serve pushes (we authenticate in front of it) and filtered fetches, as initBare's repositories. */
export async function allowHttpPushAndFilter(dir: string): Promise<void> {
  await runGit(git('config').word('http.receivepack', 'true'), { cwd: dir });
  await runGit(git('config').word('uploadpack.allowFilter', 'true'), { cwd: dir });
}

/** An empty bare repository at `dir` whose HEAD names `branch` (the folder's parent must exist). */
export async function initEmptyBare(dir: string, branch: string): Promise<void> {
  await runGit(git('init').flag('--bare', '--quiet').option('--initial-branch', branch).paths([dir]), { cwd: path.dirname(dir) });
}

/** Fetches every ref of `src` into the repository `dst` (`+refs/*:refs/*`), with no automatic gc. */
export async function fetchAllRefs(dst: string, src: string, timeoutMs: number): Promise<void> {
  await runGit(
    git('fetch')
      .config('gc.auto', '0')
      .flag('--quiet', '--no-tags', '--no-write-fetch-head', '--no-auto-gc', '--end-of-options')
      .value(src)
      .word('+refs/*:refs/*'),
    { cwd: dst, timeoutMs },
  );
}
