// The git side of pull requests, all without a work tree: the state of a head against its base
// (merge base, conflicts with `merge-tree --write-tree`, ahead/behind, line counts), the
// refs/pull/{index}/head ref that keeps a pull request's commits, its changed files, and its raw
// diff and patch. Every revision passed in is a full SHA the caller resolved; they still go after
// --end-of-options.
import { git, type GitCommand } from './command.ts';
import { GitError, runGit, runGitBuffer, spawnGit } from './run-git.ts';

export type WhitespaceMode = 'show-all' | 'ignore-all' | 'ignore-change' | 'ignore-eol';

/** git diff flags for Gitea's whitespace modes. */
export const whitespaceFlags = (mode: WhitespaceMode | undefined): ('-w' | '-b' | '--ignore-space-at-eol')[] =>
  mode === 'ignore-all' ? ['-w'] : mode === 'ignore-change' ? ['-b'] : mode === 'ignore-eol' ? ['--ignore-space-at-eol'] : [];

/** pull_request.status, as Gitea's PullRequestStatus (simplified). */
export const PullStatus = { checking: 0, mergeable: 1, conflict: 2, empty: 3, error: 4 } as const;
export type PullStatusValue = (typeof PullStatus)[keyof typeof PullStatus];

export interface PullGitState {
  /** '' when the histories are unrelated. */
  mergeBase: string;
  status: PullStatusValue;
  conflictedFiles: string[];
  /** Commits on head that base lacks. */
  ahead: number;
  /** Commits on base that head lacks. */
  behind: number;
  additions: number;
  deletions: number;
  changedFiles: number;
}

/** Runs git and hands back stdout for exit 0 and 1 (merge-tree's "conflicts"), which execFile drops on failure. */
export function runGitExit01(cmd: GitCommand, cwd: string): Promise<{ code: 0 | 1; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(cmd, { cwd, timeoutMs: 60_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString();
      if (code === 0 || code === 1) resolve({ code, stdout: Buffer.concat(out).toString('utf8') });
      else reject(new GitError(`git ${cmd.subcommand} failed: ${stderr.trim()}`, code, stderr));
    });
  });
}

/** `merge-tree --write-tree` of two commits: exit 0 merges cleanly, 1 lists the conflicted paths (NUL-separated, after the tree). */
export const mergeTreeCheck = (base: string, head: string): GitCommand =>
  git('merge-tree').flag('--write-tree', '--name-only', '--no-messages', '-z', '--end-of-options').value(base, head);

/** `diff <flag> -z -M [whitespace] --end-of-options <from> <to> --`: the file lists of a comparison. */
export const diffFiles = (cmd: GitCommand, from: string, to: string, whitespace?: WhitespaceMode): GitCommand =>
  cmd
    .flag('-z', '-M', ...whitespaceFlags(whitespace), '--end-of-options')
    .value(from, to)
    .paths([]);

/** The best common ancestor of two commits, or null when their histories are unrelated. */
export async function mergeBaseOf(dir: string, a: string, b: string): Promise<string | null> {
  try {
    return (await runGit(git('merge-base').flag('--end-of-options').value(a, b), { cwd: dir })).trim() || null;
  } catch (e) {
    if (e instanceof GitError && e.code === 1) return null;
    throw e;
  }
}

/** Parses `diff --numstat -z` output: per file "add\tdel\tpath\0" or, for a rename, "add\tdel\t\0old\0new\0". */
export function parseNumstat(out: string): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  const parts = out.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(parts[i]!);
    if (!m) continue;
    let path = m[3]!;
    if (path === '') {
      path = parts[i + 2] ?? '';
      i += 2;
    }
    // Binary files show "-": they count as changed files with no lines, as Gitea's shortstat.
    counts.set(path, [m[1] === '-' ? 0 : Number(m[1]), m[2] === '-' ? 0 : Number(m[2])]);
  }
  return counts;
}

/**
 * Everything a pull request shows about its branches, in four git calls (three in parallel):
 * merge base; `merge-tree --write-tree` (exit 1 = conflicts, listing the paths); ahead/behind;
 * and the line counts of merge base → head.
 */
export async function pullGitState(dir: string, base: string, head: string): Promise<PullGitState> {
  const mb = await mergeBaseOf(dir, base, head);
  const countsP = runGit(git('rev-list').flag('--left-right', '--count', '--end-of-options').value(`${base}...${head}`), { cwd: dir });
  if (!mb) {
    // Unrelated histories cannot be merged (git refuses without --allow-unrelated-histories).
    const [behind = 0, ahead = 0] = (await countsP).trim().split(/\s+/).map(Number);
    return { mergeBase: '', status: PullStatus.error, conflictedFiles: [], ahead, behind, additions: 0, deletions: 0, changedFiles: 0 };
  }
  const [merge, counts, numstat] = await Promise.all([
    runGitExit01(mergeTreeCheck(base, head), dir),
    countsP,
    runGit(git('diff').flag('--numstat', '-z', '-M', '--end-of-options').value(mb, head).paths([]), { cwd: dir }),
  ]);
  const [behind = 0, ahead = 0] = counts.trim().split(/\s+/).map(Number);
  const files = parseNumstat(numstat);
  let additions = 0;
  let deletions = 0;
  for (const [a, d] of files.values()) {
    additions += a;
    deletions += d;
  }
  // merge-tree -z --name-only: the tree id, then each conflicted path, NUL-terminated.
  const conflictedFiles = merge.code === 1 ? [...new Set(merge.stdout.split('\0').slice(1).filter(Boolean))] : [];
  const status = merge.code === 1 ? PullStatus.conflict : files.size === 0 ? PullStatus.empty : PullStatus.mergeable;
  return { mergeBase: mb, status, conflictedFiles, ahead, behind, additions, deletions, changedFiles: files.size };
}

export const pullHeadRef = (index: number) => `refs/pull/${index}/head`;

/** Points refs/pull/{index}/head at `sha`, so the commits stay when the head branch is deleted. */
export async function setPullHeadRef(dir: string, index: number, sha: string): Promise<void> {
  await runGit(git('update-ref').value(pullHeadRef(Math.trunc(index)), sha), { cwd: dir });
}

export async function deletePullHeadRef(dir: string, index: number): Promise<void> {
  await runGit(
    git('update-ref')
      .flag('-d')
      .value(pullHeadRef(Math.trunc(index))),
    { cwd: dir },
  );
}

/** Commits reachable from `head` and from none of `exclude`, oldest first (full SHAs). */
export async function commitIdsBetween(dir: string, head: string, exclude: string[]): Promise<string[]> {
  const cmd = git('rev-list')
    .flag('--reverse', '--end-of-options')
    .value(head, ...exclude.filter(Boolean).map((e) => `^${e}`));
  const out = await runGit(cmd.paths([]), { cwd: dir });
  return out.split('\n').filter(Boolean);
}

/** Gitea's ChangedFile status names: a plain modification is "changed", one without line changes "unchanged". */
export type PullFileStatus = 'added' | 'deleted' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface PullFile {
  filename: string;
  previous_filename?: string;
  status: PullFileStatus;
  additions: number;
  deletions: number;
  changes: number;
}

/** The files changed from `from` to `to` (in git's path order) with their line counts, renames detected. */
export async function pullFiles(dir: string, from: string, to: string, whitespace?: WhitespaceMode): Promise<PullFile[]> {
  const [names, stats] = await Promise.all([
    runGit(diffFiles(git('diff').flag('--name-status'), from, to, whitespace), { cwd: dir }),
    runGit(diffFiles(git('diff').flag('--numstat'), from, to, whitespace), { cwd: dir }),
  ]);
  const counts = parseNumstat(stats);
  const files: PullFile[] = [];
  const ns = names.split('\0');
  for (let i = 0; i < ns.length; i++) {
    const code = ns[i]!;
    if (!code) continue;
    let filename = ns[++i] ?? '';
    let previous: string | undefined;
    if (code[0] === 'R' || code[0] === 'C') {
      previous = filename;
      filename = ns[++i] ?? '';
    }
    // Ignoring whitespace, a file whose changes are all whitespace has no diff: git still names it, Gitea does not list it.
    if (whitespaceFlags(whitespace).length && !counts.has(filename)) continue;
    const [additions, deletions] = counts.get(filename) ?? [0, 0];
    // As Gitea's convert.ToChangedFile.
    let status: PullFileStatus = 'changed';
    if (code[0] === 'D') status = 'deleted';
    else if (code[0] === 'A') status = 'added';
    else if (code[0] === 'C') status = 'copied';
    else if (code[0] === 'R') status = 'renamed';
    else if (additions === 0 && deletions === 0) status = 'unchanged';
    files.push({ filename, ...(status === 'renamed' ? { previous_filename: previous } : {}), status, additions, deletions, changes: additions + deletions });
  }
  return files;
}

/** The unified diff from `from` to `to` (Gitea's GetDiff / GetDiffBinary), as bytes. */
export async function pullRawDiff(dir: string, from: string, to: string, opts: { whitespace?: WhitespaceMode; binary?: boolean } = {}): Promise<Buffer> {
  const cmd = git('diff').flag('-p', '-M', ...whitespaceFlags(opts.whitespace));
  if (opts.binary) cmd.flag('--binary', '--histogram');
  return runGitBuffer(cmd.flag('--end-of-options').value(from, to).paths([]), { cwd: dir });
}

/**
 * The commits from `from` to `to` as a mailbox of patches, exactly as Gitea's GetPatch runs it
 * (`format-patch --binary --stdout`): "[PATCH n/m]" subjects and git's "-- \n<version>" signature.
 */
export async function pullRawPatch(dir: string, from: string, to: string): Promise<Buffer> {
  return runGitBuffer(git('format-patch').flag('--binary', '--stdout', '--end-of-options').value(`${from}..${to}`), { cwd: dir });
}

/** Branch name → commit SHA for every branch of the repository (one git call). */
export async function branchHeads(dir: string): Promise<Map<string, string>> {
  const out = await runGit(git('for-each-ref').option('--format', '%(objectname) %(refname)').word('refs/heads/'), { cwd: dir });
  const map = new Map<string, string>();
  for (const line of out.split('\n')) {
    const i = line.indexOf(' ');
    if (i > 0) map.set(line.slice(i + 1 + 'refs/heads/'.length), line.slice(0, i));
  }
  return map;
}

/**
 * Copies the objects of commit `sha` (and its history) from another repository of the fork network
 * into `dir`, as Gitea fetches a fork's head into the base repository. No ref is written here: the
 * caller points refs/pull/{index}/head (or nothing, for a comparison) at it. A commit `dir` already
 * has costs one `cat-file`.
 */
export async function fetchCommit(dir: string, fromDir: string, sha: string): Promise<void> {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new GitError('invalid commit id', null, '');
  try {
    await runGit(git('cat-file').flag('-e').value(`${sha}^{commit}`), { cwd: dir });
    return;
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
  }
  // A local path (absolute, never a user value) and a full SHA: nothing here can be read as an option.
  await runGit(git('fetch').flag('--quiet', '--no-tags', '--no-write-fetch-head', '--no-auto-gc', '--end-of-options').value(fromDir, sha), { cwd: dir });
}
