// What a push changes besides the refs themselves: the repository row (empty flag, default
// branch, size, updated time) and the activity feed. Callers snapshot the refs before and after
// the refs move (git receive-pack, the demo seed, server-side merges) and hand both here.
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../context.ts';
import { repoDir } from '../../context.ts';
import { nowUnix } from '../../db/index.ts';
import type { RepoRow, RepoUpdate, UserRow } from '../../db/schema.ts';
import { updateRepoAfterPush } from '../../db/pulls.ts';
import { GitError } from '../../git/run-git-errors.ts';
import { pushedCommitsLog, snapshotRefs, writeReachableCommitGraph, type RefChange, type RefSnapshot } from '../../git/pull-refs.ts';
import { setHead } from '../../git/repo.ts';
import { invalidateRepoRefs } from '../../git/refs.ts';
import { recordAction } from '../activity.ts';
import { emitEvent } from '../events.ts';
import { folderSize } from '../repos.ts';
import { crashPoint } from '../repo-folders.ts';

export { snapshotRefs, type RefChange, type RefSnapshot };

const HEADS = 'refs/heads/';
const TAGS = 'refs/tags/';
/** As Gitea's UI.FeedMaxCommitNum: how many commits one feed row carries. */
const FEED_MAX_COMMITS = 5;
const ZERO = '0000000000000000000000000000000000000000';

export function diffRefs(before: RefSnapshot, after: RefSnapshot): RefChange[] {
  const changes: RefChange[] = [];
  for (const [ref, newId] of after) {
    const oldId = before.get(ref);
    if (oldId !== newId) changes.push({ ref, oldId: oldId ?? ZERO, newId });
  }
  for (const [ref, oldId] of before) if (!after.has(ref)) changes.push({ ref, oldId, newId: ZERO });
  return changes;
}

/** Gitea's PushCommit, as stored in a commit_repo action's content. */
export interface PushCommit {
  Sha1: string;
  Message: string;
  AuthorEmail: string;
  AuthorName: string;
  CommitterEmail: string;
  CommitterName: string;
  Timestamp: string;
}

export interface PushCommits {
  Commits: PushCommit[];
  HeadCommit: PushCommit | null;
  CompareURL: string;
  Len: number;
}

const FIELD = '\x1f';
const RECORD = '\x1e';
const LOG_FORMAT = ['%H', '%an', '%ae', '%cn', '%ce', '%aI', '%B'].join('%x1f') + '%x1e';

function parseCommits(out: string): PushCommit[] {
  return out
    .split(RECORD)
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r.length > 0)
    .map((r) => {
      const [Sha1 = '', AuthorName = '', AuthorEmail = '', CommitterName = '', CommitterEmail = '', Timestamp = '', Message = ''] = r.split(FIELD);
      return { Sha1, Message: Message.replace(/\n+$/, '\n'), AuthorEmail, AuthorName, CommitterEmail, CommitterName, Timestamp };
    });
}

/**
 * The commits a branch update brought: old..new for an update; for a new branch, see below.
 * Revisions (ids only) go through --stdin, so a long ref list cannot overflow the command line.
 */
async function pushCommits(dir: string, change: RefChange, before: RefSnapshot, defaultHead: string | undefined, compareBase: string): Promise<PushCommits> {
  const isNew = change.oldId === ZERO;
  // A new branch brings the commits no ref had before, less those of the default branch (so a
  // topic branch pushed beside main does not repeat main's history in the feed).
  const excluded = isNew ? [...new Set([...before.values(), ...(defaultHead ? [defaultHead] : [])])] : [change.oldId];
  // Git 2.39 takes no options on --stdin, but ^<id> lines exclude just as well.
  const input = [change.newId, ...excluded.map((id) => `^${id}`), ''].join('\n');
  const { log: logOut, count: countOut, head: headOut } = await pushedCommitsLog(dir, input, change.newId, LOG_FORMAT, FEED_MAX_COMMITS);
  return {
    Commits: parseCommits(logOut),
    HeadCommit: parseCommits(headOut)[0] ?? null,
    CompareURL: isNew ? '' : `${compareBase}/compare/${change.oldId}...${change.newId}`,
    Len: Number(countOut.trim()) || 0,
  };
}

export interface PushResult {
  changes: RefChange[];
  repo: RepoRow;
}

/**
 * Applies a push's effects. `before`/`after` are snapshots from snapshotRefs; `pusher` is who moved
 * the refs. Returns the refreshed repository row.
 */
export async function applyPushEffects(deps: Deps, repo: RepoRow, before: RefSnapshot, after: RefSnapshot, pusher: UserRow): Promise<PushResult> {
  const { db, config } = deps;
  const dir = repoDir(config, repo.owner_name, repo.name);
  const changes = diffRefs(before, after);
  if (changes.length === 0) return { changes, repo };
  crashPoint('push:refs-moved');
  invalidateRepoRefs(dir);
  scheduleCommitGraph(dir);

  const branchesAfter = [...after.keys()].filter((r) => r.startsWith(HEADS)).map((r) => r.slice(HEADS.length));
  const patch: RepoUpdate = { updated_unix: nowUnix(), size: folderSize(dir), is_empty: branchesAfter.length ? 0 : 1 };
  if (repo.is_empty === 1 && branchesAfter.length && !branchesAfter.includes(repo.default_branch)) {
    // Snapshots do not keep the push order; prefer the usual default names, then the first by name.
    const created = changes.filter((c) => c.ref.startsWith(HEADS) && c.newId !== ZERO).map((c) => c.ref.slice(HEADS.length));
    const pick = ['main', 'master'].find((b) => created.includes(b)) ?? created.sort()[0] ?? branchesAfter[0]!;
    await setHead(dir, pick);
    patch.default_branch = pick;
  }
  const updated = await updateRepoAfterPush(db, repo.id, patch);

  const compareBase = `${encodeURIComponent(repo.owner_name)}/${encodeURIComponent(repo.name)}`;
  for (const change of changes) {
    const isBranch = change.ref.startsWith(HEADS);
    const isTag = change.ref.startsWith(TAGS);
    if (!isBranch && !isTag) continue;
    const base = { act_user_id: pusher.id, repo: updated, ref_name: change.ref };
    if (change.newId === ZERO) {
      await recordAction(db, { ...base, op_type: isBranch ? 'delete_branch' : 'delete_tag' });
    } else if (isBranch) {
      const defaultRef = HEADS + updated.default_branch;
      const content = await pushCommits(dir, change, before, change.ref === defaultRef ? undefined : after.get(defaultRef), compareBase);
      await recordAction(db, { ...base, op_type: 'commit_repo', content: JSON.stringify(content) });
    } else {
      await recordAction(db, { ...base, op_type: 'push_tag' });
    }
  }
  // Subscribers: open pull requests whose head or base moved get their mergeable state, counts and
  // a pull_push event (services/pulls/refresh.ts).
  await emitEvent(deps, { type: 'push', actor: pusher, repository: { repo: updated }, changes });
  return { changes, repo: updated };
}

/**
 * Writes the commit-graph a moment after a push, so the reads that follow a push (the pusher's
 * own page reload) do not compete with it, and a burst of pushes costs one write.
 */
const graphTimers = new Map<string, NodeJS.Timeout>();
export function scheduleCommitGraph(dir: string, delayMs = 2000, retryWhenBusy = true): void {
  clearTimeout(graphTimers.get(dir));
  const t = setTimeout(() => {
    graphTimers.delete(dir);
    void writeCommitGraph(dir).then((busy) => {
      // Another process held the lock: its write may have listed the refs before this push moved
      // them, so try once more later (once: a lock left by a crashed machine stays).
      if (busy && retryWhenBusy && !graphTimers.has(dir)) scheduleCommitGraph(dir, delayMs * 5, false);
    });
  }, delayMs);
  t.unref();
  graphTimers.set(dir, t);
}

// git's commit-graph makes history walks (counts, logs, ancestry checks) read a compact file
// instead of parsing every commit. Written in the background after pushes, one writer per
// repository at a time in this process (a push during a write asks for one more afterwards). Other
// server processes on the shared disk write too: git's lock file (objects/info/commit-graph.lock)
// lets one of them write and the others fail at once, which is no error here — the graph only
// lists commits, which never change, and is replaced by renaming a finished file, so readers see
// the old graph or the new one. Failures only cost speed. Resolves true when the last attempt
// found the lock taken.
const graphWrites = new Map<string, boolean>();
export function writeCommitGraph(dir: string): Promise<boolean> {
  if (graphWrites.has(dir)) {
    graphWrites.set(dir, true);
    return Promise.resolve(false);
  }
  graphWrites.set(dir, false);
  const run = async (): Promise<boolean> => {
    let busy = false;
    try {
      removeStaleGraphLock(dir);
      await writeReachableCommitGraph(dir, 300_000);
    } catch (e) {
      // The repository may have been deleted meanwhile, or another process is writing its graph.
      busy = e instanceof GitError && /\.lock'?: File exists/.test(e.stderr);
    }
    if (graphWrites.get(dir)) {
      graphWrites.set(dir, false);
      return run();
    }
    graphWrites.delete(dir);
    return busy;
  };
  return run();
}

// A lock left by a machine that crashed mid-write would stop every later write. Any writer of
// ours gives up after 5 minutes (timeoutMs above, and git removes its lock when killed), so a lock
// much older than that has no writer left.
const STALE_GRAPH_LOCK_MS = 30 * 60_000;
function removeStaleGraphLock(dir: string): void {
  const lock = path.join(dir, 'objects', 'info', 'commit-graph.lock');
  const st = fs.statSync(lock, { throwIfNoEntry: false });
  if (st && Date.now() - st.mtimeMs > STALE_GRAPH_LOCK_MS) fs.rmSync(lock, { force: true });
}
