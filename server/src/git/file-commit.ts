// Commits that change files without a work tree (the contents API, applied suggestions): a
// throwaway index holds the parent's tree, the changes go in through `update-index -z
// --index-info` on stdin (paths never reach the command line), `write-tree` and `commit-tree`
// make the commit, and the caller moves the branch with a compare-and-swap (refs.ts updateRefs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { git } from './command.ts';
import { runGit } from './run-git.ts';
import { cleanIdent } from './identity.ts';

const ZERO = '0000000000000000000000000000000000000000';

/** One path of the new tree: a blob to put there (`sha`, `mode`), or nothing (removed). */
export interface IndexChange {
  path: string;
  sha?: string;
  mode?: '100644' | '100755' | '120000';
}

/**
 * The tree of `base` (a commit; null for the first commit of an empty repository) with `changes`
 * applied. The index file lives under `tmpRoot` and is removed in every case.
 */
export async function treeWithChanges(dir: string, tmpRoot: string, base: string | null, changes: IndexChange[]): Promise<string> {
  fs.mkdirSync(tmpRoot, { recursive: true });
  const index = path.join(tmpRoot, `index-${crypto.randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    if (base) await runGit(git('read-tree').value(base), { cwd: dir, env });
    else await runGit(git('read-tree').flag('--empty'), { cwd: dir, env });
    // "mode SP sha TAB path NUL"; mode 0 removes the path.
    const input = changes.map((c) => (c.sha ? `${c.mode ?? '100644'} ${c.sha}\t${c.path}\0` : `0 ${ZERO}\t${c.path}\0`)).join('');
    if (input) await runGit(git('update-index').flag('-z', '--index-info'), { cwd: dir, env, input });
    return (await runGit(git('write-tree'), { cwd: dir, env })).trim();
  } finally {
    fs.rmSync(index, { force: true });
    fs.rmSync(`${index}.lock`, { force: true });
  }
}

export interface DatedIdentity {
  name: string;
  email: string;
  /** git's internal date format: "<unix seconds> <+hhmm>". */
  date: string;
}

/**
 * Writes a commit of `tree` with the message exactly as given (Gitea writes the trimmed message
 * and a newline, no further cleanup) and the author and committer with their own dates.
 */
export async function commitWithIdentities(
  dir: string,
  tree: string,
  parents: string[],
  message: string,
  author: DatedIdentity,
  committer: DatedIdentity,
): Promise<string> {
  const a = cleanIdent(author);
  const c = cleanIdent(committer);
  const env = {
    GIT_AUTHOR_NAME: a.name,
    GIT_AUTHOR_EMAIL: a.email,
    GIT_AUTHOR_DATE: a.date,
    GIT_COMMITTER_NAME: c.name,
    GIT_COMMITTER_EMAIL: c.email,
    GIT_COMMITTER_DATE: c.date,
  };
  const cmd = git('commit-tree').value(tree);
  for (const p of parents) cmd.flag('-p').value(p);
  return (await runGit(cmd, { cwd: dir, env, input: message })).trim();
}

export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  message: string;
}

/** The parts of a commit the contents API answers with (dates as ISO 8601 with their offsets). */
export async function readCommitInfo(dir: string, sha: string): Promise<CommitInfo> {
  const out = await runGit(
    git('show').flag('-s', '--no-color').option('--format', '%H%x00%T%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B').value(sha),
    {
      cwd: dir,
    },
  );
  const [h = '', t = '', p = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...rest] = out.split('\0');
  return {
    sha: h,
    tree: t,
    parents: p.split(' ').filter(Boolean),
    author: { name: an, email: ae, date: ad },
    committer: { name: cn, email: ce, date: cd },
    message: rest.join('\0').replace(/\n+$/, ''),
  };
}
