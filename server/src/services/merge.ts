// Merging pull requests, as Gitea's MergePullRequest (routers/api/v1/repo/pull.go), CheckPullMergeable
// (services/pull/check.go) and Merge (services/pull/merge*.go): the refusals and their statuses, the
// history each style makes, the rows a merge changes, and updating a head branch from its base.
// Merges of one repository run one at a time (in this process; update-ref's compare-and-swap
// guards against anything else moving the branch meanwhile).
import path from 'node:path';
import type { z } from '@hono/zod-openapi';
import type { MergePullRequestSchema, MergeStyle } from '../api/pull-schemas.ts';
import { repoMergeSettings } from '../api/convert.ts';
import type { Deps } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { Db } from '../db/types.ts';
import { withRepoLock as withScopedRepoLock } from '../db/dialect.ts';
import type { IssueRow, PullRequestRow, RepoRow, UserRow } from '../db/schema.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { isAncestor } from '../git/refs.ts';
import {
  MergeConflictError,
  RebaseConflictError,
  RefMovedError,
  UnrelatedHistoriesError,
  commitAuthors,
  commitTree,
  deleteBranchRef,
  identityEnv,
  mergeBaseOf,
  mergeTree,
  moveBranch,
  rebaseOnto,
  resolveCommit,
  treeOf,
  type GitIdentity,
} from '../git/merge.ts';
import { PullStatus } from '../git/pull-diff.ts';
import { legacyRunGit } from '../git/run-git.ts';
import { recordAction } from './activity.ts';
import { type MergeProtection, isOverridable, mergeProtection } from './merge-checks.ts';
import { CommentType, changeState, insertEvent, recountRepo } from './conversation.ts';
import { stripCode } from './mentions.ts';
import { repoPermission } from './permissions.ts';
import type { PullContext } from '../http/pull-context.ts';
import { applyPushEffects, snapshotRefs } from './push.ts';
import { networkRepoById } from './forks.ts';
import { pullHeadCommit } from './pulls.ts';
import { type RepoContext, repoContextFor } from '../http/repo-context.ts';

export type MergeForm = z.infer<typeof MergePullRequestSchema>;

const notAllowed = (message: string) => new ApiError(405, message);

// ---------------------------------------------------------------------------------------------
// Serializing merges per repository

/** Runs `fn` after every earlier merge-like write to the same repository has finished, in any server process. */
export function withRepoLock<T>(db: Db, repoId: number, fn: () => Promise<T>): Promise<T> {
  return withScopedRepoLock(db, 'merge', repoId, fn);
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Gitea's default WorkInProgressPrefixes, matched case-insensitively at the start of the title. */
export const isWorkInProgress = (title: string) => /^(wip:|\[wip\])/i.test(title);

/** Gitea's User.NewGitSig: the full name (else the login) without characters git would choke on. */
export function gitSignature(u: UserRow): GitIdentity {
  const safe = (s: string) => s.replace(/[\n<>]/g, '').trim();
  return { name: safe(u.full_name) || safe(u.name) || `user-${u.id}`, email: u.email };
}
const sigString = (s: GitIdentity) => `${s.name} <${s.email}>`;

export function allowedStyle(repo: RepoRow, style: MergeStyle): boolean {
  const s = repoMergeSettings(repo);
  switch (style) {
    case 'merge':
      return s.allow_merge_commits;
    case 'rebase':
      return s.allow_rebase;
    case 'rebase-merge':
      return s.allow_rebase_explicit;
    case 'squash':
      return s.allow_squash_merge;
    case 'fast-forward-only':
      return s.allow_fast_forward_only_merge;
    case 'manually-merged':
      return s.allow_manual_merge;
  }
}

/**
 * Gitea's default merge title for a style (getMergeMessage without a repository template). A pull
 * request from another repository names the head as owner/repo:branch (`headRepo`, its full name),
 * or <deleted>:branch once that repository is gone (`headRepo` null).
 */
export function defaultMergeMessage(issue: IssueRow, pr: PullRequestRow, style: MergeStyle, headRepo?: string | null): string {
  if (style === 'rebase') return '';
  if (style === 'squash') return `${issue.name} (#${issue.index})`;
  const from = pr.head_repo_id === pr.base_repo_id ? pr.head_branch : `${headRepo ?? '<deleted>'}:${pr.head_branch}`;
  return `Merge pull request '${issue.name}' (#${issue.index}) from ${from} into ${pr.base_branch}`;
}

/** The full name (owner/name) of a pull request's head repository; null when it is gone. */
async function headRepoFullName(deps: Deps, pr: PullRequestRow): Promise<string | null> {
  if (pr.head_repo_id === pr.base_repo_id) return null;
  const head = await networkRepoById(deps, pr.head_repo_id);
  return head ? `${head.owner.name}/${head.repo.name}` : null;
}

type CheckType = 'general' | 'manual' | 'auto';

/**
 * Gitea's CheckPullMergeable, with the statuses MergePullRequest answers for each refusal. Branch
 * protection (merge-checks.ts) refuses with 405 and the first unmet rule's sentence; `force` lets
 * a repository admin merge past the protection rules (not the merge whitelist) unless the rule sets
 * block_admin_merge_override; scheduling ('auto') skips them, the scheduled merge waits for them.
 */
async function checkPullMergeable(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  pr: PullRequestRow,
  doer: UserRow,
  type: CheckType,
  force = false,
): Promise<MergeProtection | null> {
  if (pr.has_merged === 1) throw notAllowed('The pull request has already been merged');
  if (issue.is_closed === 1) throw notFound('The pull request is closed');
  // Gitea's IsUserAllowedToMerge: write access to the base repository's code, and the merge whitelist.
  if (!(await repoPermission(deps.db, doer, rc.repo, rc.owner)).canWrite('code')) throw notAllowed('User not allowed to merge PR');
  const protection = await mergeProtection(deps, rc.repo, issue, pr, doer);
  const whitelist = protection.blockers.find((b) => b.rule === 'merge_whitelist');
  if (whitelist) throw notAllowed(whitelist.message);
  if (type === 'manual') return null;
  if (isWorkInProgress(issue.name)) throw notAllowed('Work in progress PRs cannot be merged');
  // "checking" and "error" are left to the merge itself, which finds any conflict with git.
  if (pr.status === PullStatus.conflict) throw notAllowed('Please try again later');
  // Scheduling, and an admin's force_merge, skip what Gitea's ErrDisallowedToMerge covers (not the signature).
  const skip = type === 'auto' || (force && protection.canForce);
  const first = protection.blockers.find((b) => !skip || !isOverridable(b));
  if (first) throw notAllowed(first.message);
  return protection;
}

async function reloadPull(deps: Deps, pullId: number): Promise<{ issue: IssueRow; pr: PullRequestRow }> {
  const pr = await deps.db.selectFrom('pull_request').selectAll().where('id', '=', pullId).executeTakeFirst();
  const issue = pr && (await deps.db.selectFrom('issue').selectAll().where('id', '=', pr.issue_id).executeTakeFirst());
  if (!pr || !issue) throw notFound('pull request does not exist');
  return { issue, pr };
}

const userById = (deps: Deps, id: number) => deps.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// The API entry points

/**
 * POST /pulls/{index}/merge. 'merged' answers 200, 'scheduled' 201 (merge_when_checks_succeed
 * while the head's checks have not succeeded yet).
 */
export async function mergePullRequestApi(deps: Deps, pc: PullContext, doer: UserRow, form: MergeForm): Promise<'merged' | 'scheduled'> {
  const { rc } = pc;
  return withRepoLock(deps.db, rc.repo.id, async () => {
    const { issue, pr } = await reloadPull(deps, pc.pr.id);
    const style: MergeStyle = form.Do ?? 'merge';
    const manual = style === 'manually-merged';
    const protection = await checkPullMergeable(
      deps,
      rc,
      issue,
      pr,
      doer,
      manual ? 'manual' : form.merge_when_checks_succeed ? 'auto' : 'general',
      form.force_merge ?? false,
    );
    if (!allowedStyle(rc.repo, style)) throw notAllowed(`${style} is not allowed an allowed merge style for this repository`);

    if (manual) {
      await markManuallyMerged(deps, rc, issue, pr, doer, form.MergeCommitID ?? '');
      return 'merged';
    }

    let message = form.MergeTitleField?.trim() || defaultMergeMessage(issue, pr, style, await headRepoFullName(deps, pr));
    const body = form.MergeMessageField?.trim();
    if (body) message += `\n\n${body}`;

    // Merges now only when the checks succeeded and no protection rule is unmet (or force_merge
    // lets this admin past them); otherwise waits for all of them (auto-merge.ts).
    if (form.merge_when_checks_succeed && protection) {
      const forced = form.force_merge && protection.canForce;
      if (!protection.checksSucceeded || (!forced && protection.blockers.length)) {
        await scheduleAutoMerge(deps, pr, doer, style, message, form.delete_branch_after_merge ?? false);
        return 'scheduled';
      }
    }

    await mergePull(deps, rc, issue, pr, doer, { style, message, expectedHead: form.head_commit_id, auto: false });
    if (form.delete_branch_after_merge) await deleteHeadBranchAfterMerge(deps, rc, pr, doer);
    return 'merged';
  });
}

async function scheduleAutoMerge(deps: Deps, pr: PullRequestRow, doer: UserRow, style: MergeStyle, message: string, deleteBranch: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('pull_auto_merge').select('id').where('pull_id', '=', pr.id).executeTakeFirst();
    if (existing) throw conflict('pull request is already scheduled to auto merge when checks succeed');
    await trx
      .insertInto('pull_auto_merge')
      .values({ pull_id: pr.id, doer_id: doer.id, merge_style: style, message, delete_branch_after_merge: deleteBranch ? 1 : 0, created_unix: nowUnix() })
      .execute();
    await insertEvent(trx, { type: CommentType.pullScheduledMerge, poster_id: doer.id, issue_id: pr.issue_id });
  });
}

/**
 * Merges a scheduled pull request as the user who scheduled it (auto-merge.ts calls this once the
 * head's checks succeed). Quietly does nothing when the pull request can no longer be merged.
 */
export async function mergeScheduled(
  deps: Deps,
  repo: RepoRow,
  schedule: { pull_id: number; doer_id: number; merge_style: string; message: string; delete_branch_after_merge: number },
  sha: string,
): Promise<boolean> {
  const doer = await userById(deps, schedule.doer_id);
  const owner = await userById(deps, repo.owner_id);
  if (!doer || !owner) return false;
  const rc = await repoContextFor(deps, doer, repo, owner);
  return withRepoLock(deps.db, repo.id, async () => {
    const { issue, pr } = await reloadPull(deps, schedule.pull_id);
    const still = await deps.db.selectFrom('pull_auto_merge').select('id').where('pull_id', '=', pr.id).executeTakeFirst();
    if (!still) return false;
    // Every protection rule must be met now, and the head's checks succeeded.
    try {
      const protection = await checkPullMergeable(deps, rc, issue, pr, doer, 'general');
      if (!protection?.checksSucceeded) return false;
    } catch (e) {
      if (e instanceof ApiError) return false;
      throw e;
    }
    const style = schedule.merge_style as MergeStyle;
    if (!allowedStyle(repo, style) || style === 'manually-merged') return false;
    // The head moved since the status arrived: the status of the new head decides, later.
    await mergePull(deps, rc, issue, pr, doer, { style, message: schedule.message, expectedHead: sha, auto: true });
    if (schedule.delete_branch_after_merge) await deleteHeadBranchAfterMerge(deps, rc, pr, doer);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// The merge itself

interface MergeOptions {
  style: Exclude<MergeStyle, 'manually-merged'>;
  message: string;
  /** head_commit_id: the head the caller saw; a moved head is refused. */
  expectedHead?: string;
  /** A scheduled merge: the feed says auto_merge_pull_request. */
  auto: boolean;
}

/** Maps the git layer's refusals to Gitea's answers. */
function mergeGitError(e: unknown): never {
  if (e instanceof MergeConflictError) throw conflict(`Merge conflict: ${e.files.join(', ') || 'the branches conflict'}`);
  if (e instanceof RebaseConflictError) throw conflict(`Rebase conflict while applying commit ${e.commit}`);
  if (e instanceof UnrelatedHistoriesError) throw conflict('Merge failed: the branches have unrelated histories');
  if (e instanceof RefMovedError) throw conflict('merge push out of date');
  throw e;
}

/** Who a squash commit is by (Gitea's getAuthorSignatureSquash): the poster, as their commits name them. */
async function squashAuthor(deps: Deps, dir: string, issue: IssueRow, base: string, head: string, fallback: UserRow): Promise<GitIdentity> {
  const poster = (await userById(deps, issue.poster_id)) ?? fallback;
  const seen = new Set<string>();
  for (const a of await commitAuthors(dir, base, head)) {
    const email = a.email.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    if (poster.email.toLowerCase() === email) return a;
  }
  return gitSignature(poster);
}

async function mergePull(deps: Deps, rc: RepoContext, issue: IssueRow, pr: PullRequestRow, doer: UserRow, opts: MergeOptions): Promise<string> {
  const { dir } = rc;
  const [headSha, baseSha, before] = await Promise.all([
    // A fork's head is fetched into this repository first (pulls.ts).
    pullHeadCommit(deps, dir, pr),
    resolveCommit(dir, `refs/heads/${pr.base_branch}`),
    snapshotRefs(dir),
  ]);
  if (!headSha) throw conflict(`head branch does not exist [name: ${pr.head_branch}]`);
  if (opts.expectedHead && opts.expectedHead !== headSha) throw conflict('head out of date');
  if (!baseSha) throw conflict(`base branch does not exist [name: ${pr.base_branch}]`);
  // The snapshot must show the base where the merge starts from, or the feed would miss commits.
  if (before.get(`refs/heads/${pr.base_branch}`) !== baseSha) throw conflict('merge push out of date');

  const committer = gitSignature(doer);
  const tmpRoot = path.join(deps.config.dataDir, 'tmp');
  let tip = baseSha;
  // Already contained in the base (merged by hand, or an empty pull request): git has nothing to do.
  const [alreadyIn, foundBase] = await Promise.all([isAncestor(dir, headSha, baseSha), mergeBaseOf(dir, baseSha, headSha)]);
  try {
    if (!alreadyIn) {
      switch (opts.style) {
        case 'merge': {
          const tree = await mergeTree(dir, baseSha, headSha);
          tip = await commitTree(dir, tree, [baseSha, headSha], opts.message, identityEnv(committer, committer));
          break;
        }
        case 'squash': {
          const tree = await mergeTree(dir, baseSha, headSha);
          const author = await squashAuthor(deps, dir, issue, baseSha, headSha, doer);
          let message = opts.message;
          // Gitea's AddCoCommitterTrailers (on by default) when the merger is not the author.
          if (sigString(committer) !== sigString(author)) {
            if (!message.includes(`Co-authored-by: ${sigString(author)}`)) message += `\nCo-authored-by: ${sigString(author)}`;
            message += `\nCo-committed-by: ${sigString(author)}\n`;
          }
          tip = await commitTree(dir, tree, [baseSha], message, identityEnv(author, committer));
          break;
        }
        case 'fast-forward-only':
          if (!(await isAncestor(dir, baseSha, headSha))) {
            throw conflict(`Not possible to fast-forward: ${pr.base_branch} has commits that ${pr.head_branch} does not have`);
          }
          tip = headSha;
          break;
        case 'rebase':
          tip = await rebaseOnto(dir, tmpRoot, baseSha, headSha, committer);
          break;
        case 'rebase-merge': {
          const rebased = await rebaseOnto(dir, tmpRoot, baseSha, headSha, committer);
          if (rebased !== baseSha) tip = await commitTree(dir, await treeOf(dir, rebased), [baseSha, rebased], opts.message, identityEnv(committer, committer));
          break;
        }
      }
      if (tip !== baseSha) await moveBranch(dir, pr.base_branch, tip, baseSha);
    }
  } catch (e) {
    mergeGitError(e);
  }
  const mergedCommit = alreadyIn ? headSha : tip;
  const mergeBase = foundBase ?? pr.merge_base;

  await setMerged(deps, rc, issue, pr, doer, { commit: mergedCommit, when: nowUnix(), headSha, mergeBase, auto: opts.auto });
  const after = await snapshotRefs(dir);
  await applyPushEffects(deps, rc.repo, before, after, doer);
  await closeReferencedIssues(deps, rc, issue, doer);
  return mergedCommit;
}

/** The rows a merge changes, in one transaction, then the feed (Gitea's SetMerged + notifier). */
async function setMerged(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  pr: PullRequestRow,
  doer: UserRow,
  m: { commit: string; when: number; headSha?: string; mergeBase?: string; auto: boolean },
) {
  const now = nowUnix();
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('pull_request')
      .set({
        has_merged: 1,
        merged_commit_id: m.commit,
        merger_id: doer.id,
        merged_unix: m.when,
        conflicted_files: '[]',
        ...(m.headSha ? { head_commit_id: m.headSha } : {}),
        ...(m.mergeBase ? { merge_base: m.mergeBase } : {}),
      })
      .where('id', '=', pr.id)
      .where('has_merged', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw notAllowed('The pull request has already been merged');
    await trx.updateTable('issue').set({ is_closed: 1, closed_unix: now, updated_unix: now }).where('id', '=', issue.id).execute();
    await insertEvent(trx, { type: CommentType.mergePull, poster_id: doer.id, issue_id: issue.id, commit_sha: m.commit, created_unix: now });
    // A merged pull request has nothing left to wait for.
    await trx.deleteFrom('pull_auto_merge').where('pull_id', '=', pr.id).execute();
    await recountRepo(trx, rc.repo.id);
  });
  await recordAction(deps.db, {
    op_type: m.auto ? 'auto_merge_pull_request' : 'merge_pull_request',
    act_user_id: doer.id,
    repo: rc.repo,
    content: `${issue.index}|${issue.name}`,
  });
}

/** Do=manually-merged: the commit that merged it must already be on the base branch. */
async function markManuallyMerged(deps: Deps, rc: RepoContext, issue: IssueRow, pr: PullRequestRow, doer: UserRow, commitId: string) {
  const wrong = () => conflict('Wrong commit ID');
  if (!/^[0-9a-f]{40}$/i.test(commitId)) throw wrong();
  const commit = await resolveCommit(rc.dir, commitId.toLowerCase());
  const baseSha = await resolveCommit(rc.dir, `refs/heads/${pr.base_branch}`);
  if (!commit || !baseSha || !(await isAncestor(rc.dir, commit, baseSha))) throw wrong();
  const authorTime = Number((await legacyRunGit(['show', '-s', '--format=%at', commit], { cwd: rc.dir })).trim()) || nowUnix();
  await setMerged(deps, rc, issue, pr, doer, { commit, when: authorTime, auto: false });
  await closeReferencedIssues(deps, rc, issue, doer);
}

// ---------------------------------------------------------------------------------------------
// After the merge: closing keywords and the head branch

const CLOSE_WORDS = 'close|closes|closed|fix|fixes|fixed|resolve|resolves|resolved';
const REOPEN_WORDS = 'reopen|reopens|reopened';
const CLOSE_BEFORE = new RegExp(`(?:\\s|^|\\(|\\[)(?:${CLOSE_WORDS}):? $`, 'i');
const REOPEN_BEFORE = new RegExp(`(?:\\s|^|\\(|\\[)(?:${REOPEN_WORDS}):? $`, 'i');
// Gitea's issueNumericPattern and crossReferenceIssueNumericPattern (modules/references).
const END = String.raw`(?=$|[\s)\]'"]|[:;,.?!](?:\s|$))`;
const LOCAL_REF = new RegExp(String.raw`(?<=^|[\s(\['"])[#!](\d+)${END}`, 'g');
const CROSS_REF = new RegExp(String.raw`(?<=^|[\s(\[])([0-9a-zA-Z_.-]+)/([0-9a-zA-Z_.-]+)[#!](\d+)${END}`, 'g');

export interface ClosingReference {
  owner?: string;
  repo?: string;
  index: number;
  action: 'close' | 'reopen';
}

/**
 * References with a closing (`fixes #1`, `Closes: owner/repo#2`) or reopening keyword right before
 * them, outside code, as Gitea's references module finds them; the last one per issue wins.
 */
export function findClosingReferences(...texts: string[]): ClosingReference[] {
  const found = new Map<string, ClosingReference>();
  for (const text of texts) {
    const plain = stripCode(text);
    const hits: { at: number; ref: Omit<ClosingReference, 'action'> }[] = [];
    for (const m of plain.matchAll(LOCAL_REF)) hits.push({ at: m.index!, ref: { index: Number(m[1]) } });
    for (const m of plain.matchAll(CROSS_REF)) hits.push({ at: m.index!, ref: { owner: m[1]!.toLowerCase(), repo: m[2]!.toLowerCase(), index: Number(m[3]) } });
    hits.sort((a, b) => a.at - b.at);
    for (const { at, ref } of hits) {
      const before = plain.slice(0, at);
      const action = CLOSE_BEFORE.test(before) ? 'close' : REOPEN_BEFORE.test(before) ? 'reopen' : null;
      if (!action || ref.index <= 0) continue;
      const key = `${ref.owner ?? ''}/${ref.repo ?? ''}#${ref.index}`;
      found.delete(key);
      found.set(key, { ...ref, action });
    }
  }
  return [...found.values()];
}

/** Closes (or reopens) the issues the pull request's title and body point at with keywords. */
async function closeReferencedIssues(deps: Deps, rc: RepoContext, pull: IssueRow, doer: UserRow) {
  const { db } = deps;
  for (const ref of findClosingReferences(pull.name, pull.content)) {
    let target: RepoContext;
    if (ref.owner && ref.repo) {
      const owner = await db.selectFrom('user').selectAll().where('lower_name', '=', ref.owner).executeTakeFirst();
      const repo =
        owner && (await db.selectFrom('repository').selectAll().where('owner_id', '=', owner.id).where('lower_name', '=', ref.repo).executeTakeFirst());
      if (!owner || !repo) continue;
      target = await repoContextFor(deps, doer, repo, owner);
    } else target = await repoContextFor(deps, doer, rc.repo, rc.owner);
    // Only issues the merger may close themselves (Gitea neuters the keyword otherwise).
    if (!target.perm.canWrite('issues') || target.repo.is_archived === 1) continue;
    const issue = await db.selectFrom('issue').selectAll().where('repo_id', '=', target.repo.id).where('index', '=', ref.index).executeTakeFirst();
    if (!issue || issue.is_pull === 1 || issue.id === pull.id) continue;
    const close = ref.action === 'close';
    if ((issue.is_closed === 1) !== close) await changeState(deps, target, issue, doer, close);
  }
}

/**
 * delete_branch_after_merge: removes the head branch unless it is its repository's default branch,
 * the doer may not write there, or another open pull request still uses it; leaves a delete_branch
 * event. For a pull request from a fork the branch is deleted in the fork (Gitea does the same when
 * the doer may write to the fork's code).
 */
async function deleteHeadBranchAfterMerge(deps: Deps, rc: RepoContext, pr: PullRequestRow, doer: UserRow) {
  const { db } = deps;
  const branch = pr.head_branch;
  const head = pr.head_repo_id === rc.repo.id ? { repo: rc.repo, owner: rc.owner, dir: rc.dir } : await networkRepoById(deps, pr.head_repo_id);
  if (!head || branch === head.repo.default_branch || head.repo.is_archived === 1) return;
  if (!(await repoPermission(db, doer, head.repo, head.owner)).canWrite('code')) return;
  const others = await db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .select('pull_request.id')
    .where('pull_request.id', '!=', pr.id)
    .where('issue.is_closed', '=', 0)
    .where('pull_request.has_merged', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('pull_request.head_repo_id', '=', head.repo.id), eb('pull_request.head_branch', '=', branch)]),
        eb.and([eb('pull_request.base_repo_id', '=', head.repo.id), eb('pull_request.base_branch', '=', branch)]),
      ]),
    )
    .executeTakeFirst();
  if (others) return;
  const sha = await resolveCommit(head.dir, `refs/heads/${branch}`);
  if (!sha) return;
  const before = await snapshotRefs(head.dir);
  try {
    await deleteBranchRef(head.dir, branch, sha);
  } catch (e) {
    if (e instanceof RefMovedError) return; // pushed to meanwhile: keep the new commits
    throw e;
  }
  await insertEvent(db, { type: CommentType.deleteBranch, poster_id: doer.id, issue_id: pr.issue_id, old_ref: branch });
  await applyPushEffects(deps, head.repo, before, await snapshotRefs(head.dir), doer);
}
