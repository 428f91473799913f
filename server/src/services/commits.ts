// Commit history and single commits in Gitea's Commit shape: one git log per page (kept per head
// SHA and query), one count, and one database query per page to find the users behind author and
// committer e-mails.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { listIndividualsByEmails } from '../db/commits.ts';
import { toApiUser } from '../api/convert.ts';
import { conflict, notFound } from '../errors.ts';
import { hasAnyBranch, resolveCommit } from '../git/repo.ts';
import { countCommits, countFromFirstPage, logCommits, mayCountFromFirstPage, type LogCommit, type LogOptions } from '../git/log.ts';
import { rawCommitDiff } from '../git/diff.ts';
import type { RepoContext } from './repo-access.ts';
import type { ApiUser } from '../api/schemas.ts';

export interface CommitOptions {
  stat: boolean;
  files: boolean;
  verification: boolean;
}

/** Gitea's answer for every commit: we do not verify signatures (yet). */
export const UNSIGNED = { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' };

/** Go's zero time, which Gitea sends for parent commit dates it does not load. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

export const repoApiUrl = (config: Config, rc: Pick<RepoContext, 'owner' | 'repo'>) =>
  `${config.rootUrl}api/v1/repos/${encodeURIComponent(rc.owner.name)}/${encodeURIComponent(rc.repo.name)}`;
export const repoHtmlUrl = (config: Config, rc: Pick<RepoContext, 'owner' | 'repo'>) =>
  `${config.rootUrl}${encodeURIComponent(rc.owner.name)}/${encodeURIComponent(rc.repo.name)}`;

/** Users whose e-mail is one of `emails` (case-insensitive), keyed by lower-cased e-mail. */
export async function usersByEmail(db: Db, emails: Iterable<string>): Promise<Map<string, UserRow>> {
  const wanted = [...new Set([...emails].map((e) => e.toLowerCase()).filter(Boolean))];
  const map = new Map<string, UserRow>();
  if (!wanted.length) return map;
  // Stored e-mails are lower-cased on creation, so a plain IN works on every database.
  const rows = await listIndividualsByEmails(db, wanted);
  for (const u of rows) map.set(u.email.toLowerCase(), u);
  return map;
}

/** Whether the repository has no commits. The flag is trusted only when it says "not empty". */
export async function isRepoEmpty(rc: RepoContext): Promise<boolean> {
  if (rc.repo.is_empty !== 1) return false;
  return !(await hasAnyBranch(rc.dir));
}

export function toApiCommit(c: LogCommit, rc: RepoContext, config: Config, users: Map<string, UserRow>, viewer: UserRow | null, opts: CommitOptions) {
  const api = repoApiUrl(config, rc);
  const url = `${api}/git/commits/${c.sha}`;
  const user = (email: string): ApiUser | null => {
    const u = users.get(email.toLowerCase());
    return u ? toApiUser(u, config, viewer) : null;
  };
  return {
    url,
    sha: c.sha,
    created: c.committer.date,
    html_url: `${repoHtmlUrl(config, rc)}/commit/${c.sha}`,
    commit: {
      url,
      author: { ...c.author },
      committer: { ...c.committer },
      message: c.message,
      tree: { url: `${api}/git/trees/${c.tree}`, sha: c.tree, created: c.committer.date },
      verification: opts.verification ? UNSIGNED : null,
    },
    author: user(c.author.email),
    committer: user(c.committer.email),
    parents: c.parents.map((p) => ({ url: `${api}/git/commits/${p}`, sha: p, created: ZERO_TIME })),
    files: opts.files ? [...(c.files ?? [])] : null,
    stats:
      opts.stat && c.stats
        ? { total: c.stats.additions + c.stats.deletions, changed_files: c.stats.changedFiles, additions: c.stats.additions, deletions: c.stats.deletions }
        : null,
  };
}

export type ApiCommitValue = ReturnType<typeof toApiCommit>;

/** Gitea's commit list page size when a path is given: its CommitsRangeSize, whatever limit says. */
export const PATH_PAGE_SIZE = 50;

export interface ListCommitsQuery {
  sha?: string;
  path?: string;
  since?: string;
  until?: string;
  not?: string;
  page: number;
  limit: number;
}

// A page of history is a pure function of the resolved SHAs and the query (commits never change),
// so pages are kept, keyed by both; a push moves the head and so asks for new keys. Pages are
// read-only once cached (toApiCommit copies what it hands out).
const pageCache = new Map<string, LogCommit[]>();
const PAGE_CACHE_SIZE = 300;

async function cachedLog(dir: string, o: LogOptions): Promise<LogCommit[]> {
  const key = [dir, o.revs.join(' '), o.path ?? '', o.since ?? '', o.until ?? '', o.skip ?? 0, o.max ?? '', o.files ? 1 : 0, o.stat ? 1 : 0].join('\0');
  const hit = pageCache.get(key);
  if (hit) {
    pageCache.delete(key);
    pageCache.set(key, hit);
    return hit;
  }
  const commits = await logFromBoundary(dir, o);
  if (pageCache.size >= PAGE_CACHE_SIZE) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(key, commits);
  return commits;
}

// Deep pages without re-walking from the top: while history is a straight line (each commit has
// one parent, the next one listed), git's walk from the head that skips N commits is exactly its
// walk from the N-th commit. Pages served remember where each straight stretch continues
// (head → skip → SHA), and a later page starts from the nearest such point.
const boundaries = new Map<string, Map<number, string>>();
const BOUNDARY_HEADS = 200;

async function logFromBoundary(dir: string, o: LogOptions): Promise<LogCommit[]> {
  const whole = o.revs.length === 1 && !o.revs[0]!.startsWith('^') && !o.path && !o.since && !o.until;
  if (!whole) return logCommits(dir, o);
  const key = `${dir}\0${o.revs[0]}`;
  const known = boundaries.get(key);
  const skip = o.skip ?? 0;
  let from = 0;
  for (const at of known?.keys() ?? []) if (at <= skip && at > from) from = at;
  const start = from ? known!.get(from)! : o.revs[0]!;
  const commits = await logCommits(dir, { ...o, revs: [start], skip: skip - from });
  // This page continues the straight stretch when it starts where one ended (or at the head).
  if (skip === 0 || known?.has(skip)) {
    const straight = commits.every((c, i) => c.parents.length === 1 && (i === commits.length - 1 || commits[i + 1]!.sha === c.parents[0]));
    if (straight && commits.length && commits.length === o.max) {
      const map = known ?? new Map<number, string>();
      map.set(skip + commits.length, commits[commits.length - 1]!.parents[0]!);
      boundaries.delete(key);
      if (boundaries.size >= BOUNDARY_HEADS) boundaries.delete(boundaries.keys().next().value!);
      boundaries.set(key, map);
    }
  }
  return commits;
}

/** Forgets cached history pages (tests compare cached and uncached answers). */
export function clearCommitCache(): void {
  pageCache.clear();
  boundaries.clear();
}

export async function listCommits(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, q: ListCommitsQuery, opts: CommitOptions) {
  if (await isRepoEmpty(rc)) throw conflict('Git Repository is empty.');
  const start = await resolveCommit(rc.dir, q.sha || rc.repo.default_branch);
  if (!start) throw notFound(q.sha ? `sha not found [sha: ${q.sha}]` : 'default branch not found');
  const revs = [start];
  if (q.not) {
    const not = await resolveCommit(rc.dir, q.not);
    if (!not) throw notFound(`not found [not: ${q.not}]`);
    revs.push(`^${not}`);
  }
  const filter = { revs, path: q.path || undefined, since: q.since, until: q.until };
  const limit = filter.path ? PATH_PAGE_SIZE : q.limit;
  const skip = (q.page - 1) * limit;
  const page = cachedLog(rc.dir, { ...filter, skip, max: limit, files: opts.files, stat: opts.stat });
  // After a push the first page usually shows the new commits down to the last counted head, which
  // gives the count without another walk; otherwise count alongside the log.
  const derive = skip === 0 && mayCountFromFirstPage(rc.dir, filter);
  const counting = derive ? undefined : countCommits(rc.dir, filter);
  const commits = await page;
  const total = (await counting) ?? countFromFirstPage(rc.dir, filter, commits) ?? (await countCommits(rc.dir, filter));
  if (filter.path && total === 0) throw notFound(`no commits touch ${filter.path}`);
  const users = await usersByEmail(
    db,
    commits.flatMap((c) => [c.author.email, c.committer.email]),
  );
  return { total, limit, items: commits.map((c) => toApiCommit(c, rc, config, users, viewer, opts)) };
}

/** A commit by SHA (full or abbreviated), branch or tag name; null when there is none. */
export async function getCommit(db: Db, config: Config, rc: RepoContext, viewer: UserRow | null, ref: string, opts: CommitOptions) {
  const sha = await resolveCommit(rc.dir, ref);
  if (!sha) return null;
  const [c] = await cachedLog(rc.dir, { revs: [sha], max: 1, files: opts.files, stat: opts.stat });
  if (!c) return null;
  const users = await usersByEmail(db, [c.author.email, c.committer.email]);
  return toApiCommit(c, rc, config, users, viewer, opts);
}

export async function commitDiff(rc: RepoContext, ref: string, kind: 'diff' | 'patch'): Promise<Buffer | null> {
  const sha = await resolveCommit(rc.dir, ref);
  if (!sha) return null;
  const [c] = await cachedLog(rc.dir, { revs: [sha], max: 1 });
  return rawCommitDiff(rc.dir, sha, c?.parents[0] ?? null, kind);
}
