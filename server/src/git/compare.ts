// Comparing two commits without a work tree: their merge base, whether they merge cleanly
// (`merge-tree --write-tree`), the files that changed and the raw diff. Every revision passed in
// is a full SHA the caller resolved, and still goes after --end-of-options.
import { GitError, runGit, runGitBuffer, spawnGit } from './run-git.ts';

export type WhitespaceMode = 'show-all' | 'ignore-all' | 'ignore-change' | 'ignore-eol';

/** git diff flags for Gitea's whitespace modes. */
export const whitespaceArgs = (mode: WhitespaceMode | undefined): string[] =>
  mode === 'ignore-all' ? ['-w'] : mode === 'ignore-change' ? ['-b'] : mode === 'ignore-eol' ? ['--ignore-space-at-eol'] : [];

/** The best common ancestor of two commits, or null when their histories are unrelated. */
export async function mergeBase(dir: string, a: string, b: string): Promise<string | null> {
  try {
    return (await runGit(['merge-base', '--end-of-options', a, b], { cwd: dir })).trim() || null;
  } catch (e) {
    // Exit 1 with no output: no common ancestor.
    if (e instanceof GitError && e.code === 1) return null;
    throw e;
  }
}

export interface MergeCheck {
  mergeable: boolean;
  /** Paths git could not merge on its own (empty when mergeable). */
  conflictedFiles: string[];
}

/**
 * Whether `head` merges into `base` without conflicts. `merge-tree --write-tree` exits 0 for a clean
 * merge and 1 for conflicts, printing the tree and then (with --name-only) each conflicted path.
 */
export async function mergeCheck(dir: string, base: string, head: string): Promise<MergeCheck> {
  const { code, stdout } = await runGitExit01(['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', '--end-of-options', base, head], dir);
  if (code === 0) return { mergeable: true, conflictedFiles: [] };
  const [, ...names] = stdout.split('\0');
  return { mergeable: false, conflictedFiles: [...new Set(names.filter(Boolean))] };
}

/** Runs git and hands back stdout for exit 0 and 1 (merge-tree's "conflicts"); execFile drops stdout on failure. */
function runGitExit01(args: string[], dir: string): Promise<{ code: 0 | 1; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, { cwd: dir, timeoutMs: 60_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString();
      if (code === 0 || code === 1) resolve({ code, stdout: Buffer.concat(out).toString('utf8') });
      else reject(new GitError(`git ${args[0]} failed: ${stderr.trim()}`, code, stderr));
    });
  });
}

export type FileStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied' | 'changed';

export interface ChangedFileStat {
  filename: string;
  previous_filename?: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  changes: number;
}

const STATUS: Record<string, FileStatus> = { A: 'added', D: 'deleted', M: 'modified', R: 'renamed', C: 'copied', T: 'changed' };

/** The files changed from `from` to `to` with line counts (binary files count 0), renames detected. */
export async function changedFiles(dir: string, from: string, to: string, whitespace?: WhitespaceMode): Promise<ChangedFileStat[]> {
  const common = ['-z', '-M', ...whitespaceArgs(whitespace), '--end-of-options', from, to, '--'];
  const [names, stats] = await Promise.all([
    runGit(['diff', '--name-status', ...common], { cwd: dir }),
    runGit(['diff', '--numstat', ...common], { cwd: dir }),
  ]);
  // --numstat -z: "add\tdel\tpath\0", or for a rename "add\tdel\t\0old\0new\0".
  const counts = new Map<string, [number, number]>();
  const st = stats.split('\0');
  for (let i = 0; i < st.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(st[i]!);
    if (!m) continue;
    let path = m[3]!;
    if (path === '') {
      path = st[i + 2] ?? '';
      i += 2;
    }
    counts.set(path, [m[1] === '-' ? 0 : Number(m[1]), m[2] === '-' ? 0 : Number(m[2])]);
  }
  // --name-status -z: "M\0path\0", or "R100\0old\0new\0".
  const files: ChangedFileStat[] = [];
  const ns = names.split('\0');
  for (let i = 0; i < ns.length; i++) {
    const code = ns[i]!;
    if (!code) continue;
    const status = STATUS[code[0]!] ?? 'modified';
    let previous: string | undefined;
    let filename = ns[++i] ?? '';
    if (status === 'renamed' || status === 'copied') {
      previous = filename;
      filename = ns[++i] ?? '';
    }
    const [additions, deletions] = counts.get(filename) ?? [0, 0];
    files.push({ filename, ...(previous !== undefined ? { previous_filename: previous } : {}), status, additions, deletions, changes: additions + deletions });
  }
  return files;
}

/** The unified diff from `from` to `to`, as bytes (a diff need not be valid UTF-8). */
export function rangeDiff(dir: string, from: string, to: string, opts: { whitespace?: WhitespaceMode; binary?: boolean } = {}): Promise<Buffer> {
  const args = ['diff', '-M', ...whitespaceArgs(opts.whitespace)];
  if (opts.binary) args.push('--binary');
  return runGitBuffer([...args, '--end-of-options', from, to, '--'], { cwd: dir });
}
