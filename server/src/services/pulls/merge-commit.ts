// The merge itself, as Gitea's Merge (services/pull/merge*.go) and SetMerged: the history each style
// makes, the rows a merge changes, the push's effects, and the issues the pull request closes.
import path from 'node:path';
import type { MergeStyle } from '../../api/pull-schemas.ts';
import type { Deps } from '../../context.ts';
import { nowUnix } from '../../db/index.ts';
import type { IssueRow, PullRequestRow, UserRow } from '../../db/schema.ts';
import { closeMergedIssue, setPullMerged } from '../../db/pulls.ts';
import { deleteAutoMergeOfPull } from '../../db/auto-merge.ts';
import { conflict } from '../../errors.ts';
import { isAncestor } from '../../git/refs.ts';
import {
  MergeConflictError,
  RebaseConflictError,
  RefMovedError,
  UnrelatedHistoriesError,
  commitAuthors,
  commitTree,
  identityEnv,
  mergeBaseOf,
  mergeTree,
  moveBranch,
  rebaseOnto,
  resolveCommit,
  treeOf,
  type GitIdentity,
} from '../../git/merge.ts';
import { commitAuthorTime } from '../../git/pull-checks.ts';
import { type RepoContext } from '../repo-access.ts';
import { recordAction } from '../activity.ts';
import { CommentType, insertEvent, recountRepo } from '../conversation.ts';
import { emitEvent } from '../events.ts';
import { applyPushEffects, snapshotRefs } from './push.ts';
import { pullHeadCommit } from './refresh.ts';
import { gitSignature, notAllowed, sigString, userById } from './merge-rules.ts';
import { closeReferencedIssues } from './references.ts';

export interface MergeOptions {
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

export async function mergePull(deps: Deps, rc: RepoContext, issue: IssueRow, pr: PullRequestRow, doer: UserRow, opts: MergeOptions): Promise<string> {
  const { dir } = rc;
  const [headSha, baseSha, before] = await Promise.all([
    // A fork's head is fetched into this repository first (refresh.ts).
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
    const updated = await setPullMerged(trx, pr.id, {
      has_merged: 1,
      merged_commit_id: m.commit,
      merger_id: doer.id,
      merged_unix: m.when,
      conflicted_files: '[]',
      ...(m.headSha ? { head_commit_id: m.headSha } : {}),
      ...(m.mergeBase ? { merge_base: m.mergeBase } : {}),
    });
    if (!updated) throw notAllowed('The pull request has already been merged');
    await closeMergedIssue(trx, issue.id, now);
    await insertEvent(trx, { type: CommentType.mergePull, poster_id: doer.id, issue_id: issue.id, commit_sha: m.commit, created_unix: now });
    // A merged pull request has nothing left to wait for.
    await deleteAutoMergeOfPull(trx, pr.id);
    await recountRepo(trx, rc.repo.id);
  });
  await recordAction(deps.db, {
    op_type: m.auto ? 'auto_merge_pull_request' : 'merge_pull_request',
    act_user_id: doer.id,
    repo: rc.repo,
    content: `${issue.index}|${issue.name}`,
  });
  // Subscribers: none yet (notifications, webhooks and live pages will be).
  await emitEvent(deps, { type: 'pull.merged', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, pr, commit: m.commit });
}

/** Do=manually-merged: the commit that merged it must already be on the base branch. */
export async function markManuallyMerged(deps: Deps, rc: RepoContext, issue: IssueRow, pr: PullRequestRow, doer: UserRow, commitId: string) {
  const wrong = () => conflict('Wrong commit ID');
  if (!/^[0-9a-f]{40}$/i.test(commitId)) throw wrong();
  const commit = await resolveCommit(rc.dir, commitId.toLowerCase());
  const baseSha = await resolveCommit(rc.dir, `refs/heads/${pr.base_branch}`);
  if (!commit || !baseSha || !(await isAncestor(rc.dir, commit, baseSha))) throw wrong();
  const authorTime = (await commitAuthorTime(rc.dir, commit)) || nowUnix();
  await setMerged(deps, rc, issue, pr, doer, { commit, when: authorTime, auto: false });
  await closeReferencedIssues(deps, rc, issue, doer);
}
