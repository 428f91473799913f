// Keeping open pull requests fresh: refreshPulls recomputes merge base, conflicts, ahead/behind and
// line counts whenever a head or base branch moves (a push event's subscriber), and records the
// push on the pull request's timeline; a moved head is announced as a pull.head-changed event.
import type { Deps } from '../../context.ts';
import { nowUnix } from '../../db/index.ts';
import type { PullRequestRow, RepoRow, UserRow } from '../../db/schema.ts';
import { listOpenPullsOnBranches, touchIssueReturning, updateUnmergedPullState } from '../../db/pulls.ts';
import { resolveCommit } from '../../git/repo.ts';
import { isAncestor } from '../../git/refs.ts';
import { GitError } from '../../git/run-git-errors.ts';
import type { RefChange } from '../../git/pull-refs.ts';
import { PullStatus, branchHeads, commitIdsBetween, fetchCommit, pullGitState, setPullHeadRef, type PullGitState } from '../../git/pull-diff.ts';
import { type NetworkRepo, networkRepoById } from '../forks.ts';
import { CommentType, insertEvent } from '../conversation.ts';
import { emitEvent } from '../events.ts';

const HEADS = 'refs/heads/';

/** The columns of pull_request that hold what git says about the branches. */
export function stateColumns(s: PullGitState) {
  return {
    merge_base: s.mergeBase,
    status: s.status,
    conflicted_files: JSON.stringify(s.conflictedFiles),
    commits_ahead: s.ahead,
    commits_behind: s.behind,
    additions: s.additions,
    deletions: s.deletions,
    changed_files: s.changedFiles,
  };
}

/** A git failure while checking leaves the pull request in the error state rather than failing the request. */
export async function safeGitState(dir: string, base: string, head: string): Promise<PullGitState> {
  try {
    return await pullGitState(dir, base, head);
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    console.error(`pull request check failed: ${e.message}`);
    return { mergeBase: '', status: PullStatus.error, conflictedFiles: [], ahead: 0, behind: 0, additions: 0, deletions: 0, changedFiles: 0 };
  }
}

/** Gitea's PushActionContent, the content of a pull_push event. */
export const pushContent = (isForcePush: boolean, commitIds: string[]) => JSON.stringify({ is_force_push: isForcePush, commit_ids: commitIds });

/**
 * Keeps open pull requests fresh after refs moved (git push, merges, the demo seed: every caller
 * of applyPushEffects). Only pull requests whose head or base branch is among `changes` are touched:
 * those based in `repo`, and those whose head is in `repo` whatever repository they target (a push
 * to a fork refreshes its pull requests in the parent).
 */
export async function refreshPulls(deps: Deps, repo: RepoRow, changes: RefChange[], pusher: UserRow): Promise<void> {
  const branches = changes.filter((c) => c.ref.startsWith(HEADS)).map((c) => c.ref.slice(HEADS.length));
  await refreshPullsForBranches(deps, repo, branches, pusher);
}

/**
 * refreshPulls by branch names, for the branch API (create, update, delete), which moves refs
 * without a push. Safe to call twice: a head already recorded is not recorded again.
 */
export async function refreshPullsForBranches(deps: Deps, repo: RepoRow, branches: string[], pusher: UserRow): Promise<void> {
  if (!branches.length) return;
  const { db } = deps;
  const names = [...new Set(branches)];
  const rows = await listOpenPullsOnBranches(db, repo.id, names);
  await refreshRows(deps, rows, pusher);
}

/** Repositories and their branch tips, each looked up once while refreshing a batch of pull requests. */
class NetworkCache {
  private repos = new Map<number, Promise<NetworkRepo | undefined>>();
  private heads = new Map<number, Promise<Map<string, string>>>();
  constructor(private deps: Deps) {}
  add(r: NetworkRepo) {
    this.repos.set(r.repo.id, Promise.resolve(r));
  }
  repo(id: number) {
    if (!this.repos.has(id)) this.repos.set(id, networkRepoById(this.deps, id));
    return this.repos.get(id)!;
  }
  async headsOf(id: number): Promise<Map<string, string> | undefined> {
    const r = await this.repo(id);
    if (!r) return undefined;
    if (!this.heads.has(id)) this.heads.set(id, branchHeads(r.dir));
    return this.heads.get(id)!;
  }
}

export async function refreshRows(deps: Deps, rows: PullRequestRow[], pusher: UserRow, known?: NetworkRepo): Promise<void> {
  if (!rows.length) return;
  const cache = new NetworkCache(deps);
  if (known) cache.add(known);
  for (const pr of rows) {
    try {
      await refreshOne(deps, cache, pr, pusher);
    } catch (e) {
      // The refs already moved; one pull request failing to refresh must not fail the push.
      console.error(`refreshing pull request #${pr.index} (repository ${pr.base_repo_id}) failed:`, e);
    }
  }
}

async function refreshOne(deps: Deps, cache: NetworkCache, pr: PullRequestRow, pusher: UserRow): Promise<void> {
  const { db } = deps;
  const baseRepo = await cache.repo(pr.base_repo_id);
  const baseHeads = await cache.headsOf(pr.base_repo_id);
  if (!baseRepo || !baseHeads) return;
  const { dir } = baseRepo;
  const crossRepo = pr.head_repo_id !== pr.base_repo_id;
  const base = baseHeads.get(pr.base_branch);
  // A deleted head branch (or fork) leaves the pull request as it was: refs/pull/{index}/head keeps its commits.
  const branchHead = (await cache.headsOf(pr.head_repo_id))?.get(pr.head_branch);
  const head = branchHead ?? pr.head_commit_id;
  const headMoved = !!branchHead && branchHead !== pr.head_commit_id;
  if (!base || !head) return;
  const oldHead = pr.head_commit_id;
  let pushEvent: string | null = null;
  if (headMoved) {
    // A fork's new commits come into the base repository first.
    if (crossRepo) await fetchCommit(dir, (await cache.repo(pr.head_repo_id))!.dir, branchHead);
    await setPullHeadRef(dir, pr.index, branchHead);
    // As Gitea's CreatePushPullComment: a force push shows old and new head; otherwise the new
    // commits, oldest first, without those that came from the base branch.
    const force = !!oldHead && !(await isAncestor(dir, oldHead, branchHead).catch(() => false));
    const ids = force ? [oldHead, branchHead] : await commitIdsBetween(dir, branchHead, [oldHead, base]);
    if (ids.length) pushEvent = pushContent(force, ids);
  }
  const state = await safeGitState(dir, base, head);
  const now = nowUnix();
  const issue = await db.transaction().execute(async (trx) => {
    // A merge that landed meanwhile wins (Gitea's UpdateColsIfNotMerged).
    const updated = await updateUnmergedPullState(trx, pr.id, { ...stateColumns(state), head_commit_id: head });
    if (!updated) return null;
    if (!headMoved) return null;
    if (pushEvent) await insertEvent(trx, { type: CommentType.pullPush, poster_id: pusher.id, issue_id: pr.issue_id, content: pushEvent, created_unix: now });
    return touchIssueReturning(trx, pr.issue_id, now);
  });
  // Subscribers: stale reviews and approvals, comments following their lines (staleness.ts).
  if (issue && oldHead)
    await emitEvent(deps, {
      type: 'pull.head-changed',
      actor: pusher,
      repository: { repo: baseRepo.repo, owner: baseRepo.owner },
      issue,
      oldHead,
      newHead: head,
    });
}

/**
 * The head commit a merge of `pr` starts from, in the base repository `baseDir`: the head branch's
 * tip; for a pull request from a fork, the fork branch's tip fetched into the base repository and
 * recorded under refs/pull/{index}/head (as Gitea fetches the head before merging). Null when the
 * head branch (or the fork) is gone.
 */
export async function pullHeadCommit(deps: Deps, baseDir: string, pr: PullRequestRow): Promise<string | null> {
  if (pr.head_repo_id === pr.base_repo_id) return resolveCommit(baseDir, `${HEADS}${pr.head_branch}`);
  const fork = await networkRepoById(deps, pr.head_repo_id);
  const sha = fork ? await resolveCommit(fork.dir, `${HEADS}${pr.head_branch}`) : null;
  if (!fork || !sha) return null;
  await fetchCommit(baseDir, fork.dir, sha);
  await setPullHeadRef(baseDir, pr.index, sha);
  return sha;
}
