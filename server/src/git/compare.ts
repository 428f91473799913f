// Comparing two commits without a work tree: their merge base, whether they merge cleanly
// (`merge-tree --write-tree`), the files that changed and the raw diff. Pull requests ask git the
// same questions, so the plumbing is pull-diff.ts's; this module keeps only the compare API's own
// answers (a yes/no merge check, and file statuses as our Compare schema names them). Every
// revision passed in is a full SHA the caller resolved, and still goes after --end-of-options.
import { git } from './command.ts';
import { runGit } from './run-git.ts';
import { diffFiles, mergeBaseOf, mergeTreeCheck, parseNumstat, pullRawDiff, runGitExit01, type WhitespaceMode } from './pull-diff.ts';

export type { WhitespaceMode };

/** The best common ancestor of two commits, or null when their histories are unrelated. */
export const mergeBase = mergeBaseOf;

/** The unified diff from `from` to `to`, as bytes (a diff need not be valid UTF-8). */
export const rangeDiff = pullRawDiff;

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
  const { code, stdout } = await runGitExit01(mergeTreeCheck(base, head), dir);
  if (code === 0) return { mergeable: true, conflictedFiles: [] };
  const [, ...names] = stdout.split('\0');
  return { mergeable: false, conflictedFiles: [...new Set(names.filter(Boolean))] };
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

// git's letters as the Compare schema names them (a type change, T, is "changed").
const STATUS: Record<string, FileStatus> = { A: 'added', D: 'deleted', M: 'modified', R: 'renamed', C: 'copied', T: 'changed' };

/** The files changed from `from` to `to` with line counts (binary files count 0), renames detected. */
export async function changedFiles(dir: string, from: string, to: string, whitespace?: WhitespaceMode): Promise<ChangedFileStat[]> {
  const [names, stats] = await Promise.all([
    runGit(diffFiles(git('diff').flag('--name-status'), from, to, whitespace), { cwd: dir }),
    runGit(diffFiles(git('diff').flag('--numstat'), from, to, whitespace), { cwd: dir }),
  ]);
  const counts = parseNumstat(stats);
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
