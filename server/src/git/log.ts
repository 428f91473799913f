// Commit history: one `git log` call per page (headers, changed files and line counts together)
// and one `git rev-list --count` with the same filters for the total (remembered, and counted
// incrementally from the previous head after a push).
import { git, type GitCommand } from './command.ts';
import { runGit } from './run-git.ts';
import type { Signature } from './refs.ts';

export interface CommitFile {
  filename: string;
  status: 'added' | 'removed' | 'modified';
}

export interface CommitStats {
  additions: number;
  deletions: number;
  changedFiles: number;
}

export interface LogCommit {
  sha: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
  /** Present when asked for with `files`. */
  files?: CommitFile[];
  /** Present when asked for with `stat`. */
  stats?: CommitStats;
}

export interface LogFilter {
  /** Commits to start from (full SHAs); prefix '^' to exclude what is reachable from one. */
  revs: string[];
  /** Only commits touching this file or folder. */
  path?: string;
  /** Dates git understands (we pass RFC 3339). */
  since?: string;
  until?: string;
}

export interface LogOptions extends LogFilter {
  skip?: number;
  max?: number;
  files?: boolean;
  stat?: boolean;
}

// The message (free text) is the last header field; NUL cannot occur in a commit message.
const FORMAT = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00') + '%x00';
const HEADER_FIELDS = 10;

function withFilter(cmd: GitCommand, f: LogFilter): GitCommand {
  if (f.since) cmd.option('--since', f.since);
  if (f.until) cmd.option('--until', f.until);
  // Revisions are SHAs we resolved ourselves; --end-of-options keeps them from ever being options.
  return cmd
    .flag('--end-of-options')
    .value(...f.revs)
    .paths(f.path ? [f.path] : []);
}

export function logCommand(o: LogOptions): GitCommand {
  const cmd = git('log').flag('-z').option('--format', FORMAT);
  if (o.files || o.stat) {
    // Renames count as delete + add. Merges diff against their first parent (as Gitea's stats
    // do); but with a path that mode would also list merges the path simplification drops, so
    // there we use the combined diff (Gitea's own mode for file lists) and rev-list agrees.
    cmd.flag('--no-renames').option('--diff-merges', o.path ? 'combined' : 'first-parent');
    if (o.files) cmd.flag('--raw');
    if (o.stat) cmd.flag('--numstat');
    // A path filter picks commits; their file lists should still be complete.
    if (o.path) cmd.flag('--full-diff');
  }
  if (o.skip) cmd.option('--skip', o.skip);
  if (o.max !== undefined) cmd.option('--max-count', o.max);
  return withFilter(cmd, o);
}

/** The argument vector of logCommand(), for running `git log` the same way elsewhere (benchmarks). */
export const logArgs = (o: LogOptions): string[] => [...logCommand(o).args];

export async function logCommits(dir: string, o: LogOptions): Promise<LogCommit[]> {
  return parseLog(await runGit(logCommand(o), { cwd: dir }), o);
}

const countCommand = (f: LogFilter) => withFilter(git('rev-list').flag('--count'), f);

/** How many commits all refs reach together (`rev-list --count --all`). */
export async function countAllCommits(dir: string): Promise<number> {
  return Number((await runGit(git('rev-list').flag('--count', '--all'), { cwd: dir })).trim());
}

// Counting walks the whole history (tens of ms at 10,000 commits) and is the costliest part of a
// page. Its answer depends only on the SHAs and filters, which never change meaning, so it can be
// remembered safely; paging through a list then pays for the count once.
const countCache = new Map<string, number>();
const COUNT_CACHE_SIZE = 1000;
// The last full-history count per repository: a new head that descends from it is counted from
// there (one walk over the new commits only), so the first request after a push does not grow
// with the size of the history.
const lastHeadCount = new Map<string, { head: string; n: number }>();

function remember<K, V>(map: Map<K, V>, key: K, value: V, size: number) {
  map.delete(key);
  if (map.size >= size) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export async function countCommits(dir: string, f: LogFilter): Promise<number> {
  const cmd = countCommand(f);
  const key = `${dir}\0${cmd.args.join('\0')}`;
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const whole = isWhole(f);
  let n: number | undefined;
  const prev = whole ? lastHeadCount.get(dir) : undefined;
  if (prev && prev.head !== f.revs[0]) {
    // "<new only> TAB <old only>": with nothing only in the old head, count = old + new only.
    // The old head may be gone (a force push, then gc): then count from scratch.
    const since = async () =>
      runGit(git('rev-list').flag('--count', '--left-right', '--end-of-options').value(`${f.revs[0]}...${prev.head}`).paths([]), { cwd: dir });
    const out = await since().catch(() => '');
    const [added, lost] = out.trim().split('\t').map(Number);
    if (lost === 0 && Number.isFinite(added)) n = prev.n + added!;
  }
  if (n === undefined) n = Number((await runGit(cmd, { cwd: dir })).trim()) || 0;
  remember(countCache, key, n, COUNT_CACHE_SIZE);
  if (whole) remember(lastHeadCount, dir, { head: f.revs[0]!, n }, COUNT_CACHE_SIZE);
  return n;
}

const isWhole = (f: LogFilter) => f.revs.length === 1 && !f.path && !f.since && !f.until && !f.revs[0]!.startsWith('^');

/**
 * The whole-history count of a new head without starting git, when its first page shows the way
 * from the last counted head: a straight line of single-parent commits (what most pushes add)
 * ending at it. Then the history is exactly those commits plus the old head's. Else undefined.
 */
export function countFromFirstPage(dir: string, f: LogFilter, page: LogCommit[]): number | undefined {
  if (!isWhole(f)) return undefined;
  const key = `${dir}\0${countCommand(f).args.join('\0')}`;
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const prev = lastHeadCount.get(dir);
  if (!prev || page[0]?.sha !== f.revs[0]) return undefined;
  for (let i = 0; i < page.length; i++) {
    const c = page[i]!;
    if (c.sha === prev.head) {
      const n = prev.n + i;
      remember(countCache, key, n, COUNT_CACHE_SIZE);
      remember(lastHeadCount, dir, { head: f.revs[0]!, n }, COUNT_CACHE_SIZE);
      return n;
    }
    if (c.parents.length !== 1 || page[i + 1]?.sha !== c.parents[0]) return undefined;
  }
  return undefined;
}

/** Whether a count for this filter can come from countFromFirstPage (a previous head is known). */
export const mayCountFromFirstPage = (dir: string, f: LogFilter) => isWhole(f) && lastHeadCount.has(dir);

const RAW_STATUS: Record<string, CommitFile['status']> = { A: 'added', D: 'removed', M: 'modified', T: 'modified' };

/** Parses `git log -z` output made with FORMAT, optionally followed by --raw and --numstat entries. */
export function parseLog(out: string, o: { files?: boolean; stat?: boolean }): LogCommit[] {
  const commits: LogCommit[] = [];
  let pos = 0;
  const next = () => {
    const end = out.indexOf('\0', pos);
    const tok = end < 0 ? out.slice(pos) : out.slice(pos, end);
    pos = end < 0 ? out.length : end + 1;
    return tok;
  };
  const skipSeparators = () => {
    while (pos < out.length && (out[pos] === '\0' || out[pos] === '\n')) pos++;
  };
  let current: LogCommit | null = null;
  skipSeparators();
  while (pos < out.length) {
    const ch = out[pos]!;
    if (current && ch === ':') {
      // --raw: ":oldmode newmode oldsha newsha STATUS" NUL path NUL
      const meta = next();
      const filename = next();
      const status = RAW_STATUS[meta.slice(meta.lastIndexOf(' ') + 1)[0] ?? ''];
      if (status) current.files!.push({ filename, status });
    } else if (current && o.stat && /^(?:\d+|-)\t(?:\d+|-)\t/.test(out.slice(pos, pos + 48))) {
      // --numstat: "added TAB deleted TAB path" NUL ('-' for binary files)
      const [a, d] = next().split('\t');
      current.stats!.additions += Number(a) || 0;
      current.stats!.deletions += Number(d) || 0;
      current.stats!.changedFiles++;
    } else {
      const h: string[] = [];
      for (let i = 0; i < HEADER_FIELDS; i++) h.push(next());
      current = {
        sha: h[0]!,
        tree: h[1]!,
        parents: h[2] ? h[2].split(' ') : [],
        author: { name: h[3]!, email: h[4]!, date: h[5]! },
        committer: { name: h[6]!, email: h[7]!, date: h[8]! },
        message: h[9]!,
      };
      if (o.files) current.files = [];
      if (o.stat) current.stats = { additions: 0, deletions: 0, changedFiles: 0 };
      commits.push(current);
    }
    skipSeparators();
  }
  for (const c of commits) c.files?.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
  return commits;
}
