// The merge box at the end of the conversation. Open: what stands between the pull request and a
// merge (branch protection's unmet rules, reviews, checks, conflicts, an outdated branch, a WIP
// title, a scheduled merge), then the merge form for those who may push. Merged: who merged what, and "Delete branch" while the head
// branch is still there. Closed: says so. Readers see the same lines without the buttons.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { pullQueries, type PullCommit, type PullRequest } from '../api/pull-queries';
import { useRefreshWhileBlocked } from '../api/use-refresh-while-blocked';
import { useEditPull } from '../api/use-edit-pull';
import { useCancelAutoMerge } from '../api/use-cancel-auto-merge';
import { useUpdatePullBranch, type UpdateStyle } from '../api/use-update-pull-branch';
import { allowedMergeStyles, hasWipPrefix, withoutWipPrefix } from '../lib/merge-message';
import { protectionState } from '../lib/merge-blockers';
import { PullChecks } from './pull-page-checks';
import { MergeForm } from './pull-page-merge-form';
import { StatusRow, ToneIcon } from './pull-page-status-row';
import { PullStateIcon } from './pull-state-icon';
import { ConflictHelp } from './conflict-help';

type Repository = components['schemas']['Repository'];
type CombinedStatus = components['schemas']['CombinedStatus'];

export interface MergeBoxProps {
  owner: string;
  repo: string;
  pull: PullRequest;
  repository: Repository;
  /** The viewer may push (writers and admins): sees merge, update and automatic-merge buttons. */
  canMerge: boolean;
  /** The viewer may edit the title (poster or writers): offered "Remove WIP: prefix". */
  canEditTitle: boolean;
  /** Combined status of the head commit, when loaded. */
  checks?: CombinedStatus | null;
  /** The head's statuses are still being fetched: the merge form waits for them (its button depends on them). */
  checksLoading?: boolean;
  /** Standing reviews: approvals, and who requested changes. */
  reviews: { approvals: number; changesRequestedBy: string[] };
  /** A merge is scheduled for when the checks succeed (the timeline says so). */
  scheduled: boolean;
  /** The pull request's commits (first page), for the squash message's co-authors. */
  commits?: PullCommit[];
  /** After the merge: whether the head branch still exists, and how to delete it (composed by the page). */
  headBranchExists?: boolean;
  onDeleteBranch?: () => Promise<unknown>;
}

const box = 'overflow-hidden rounded-lg border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function MergeBox(props: MergeBoxProps) {
  const { pull } = props;
  if (pull.merged) return <MergedBox {...props} />;
  if (pull.state === 'closed') {
    return (
      <section aria-label="Merge status" className={`${box} flex items-center gap-3 px-4 py-3`}>
        <PullStateIcon state="closed" />
        <p className="text-sm font-medium">This pull request is closed.</p>
      </section>
    );
  }
  return <OpenBox {...props} />;
}

function MergedBox({ owner, repo, pull, canMerge, headBranchExists, onDeleteBranch }: MergeBoxProps) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const sha = pull.merge_commit_sha;
  const remove = async () => {
    if (!onDeleteBranch) return;
    setDeleting(true);
    setError(null);
    try {
      await onDeleteBranch();
    } catch (e) {
      setError(e);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <section aria-label="Merge status" className={box}>
      <div className="flex items-start gap-3 px-4 py-3">
        <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-purple-600">
          <PullStateIcon state="merged" className="fill-white! dark:fill-white!" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-gray-900 dark:text-gray-100">Merged</p>
          <p className="text-gray-600 dark:text-gray-400">
            {pull.merged_by?.login ?? 'Someone'} merged{' '}
            {sha ? (
              <>
                commit{' '}
                <Link to={paths.commit.href(owner, repo, sha)} className="font-mono text-xs text-indigo-600 hover:underline dark:text-indigo-400">
                  {sha.slice(0, 10)}
                </Link>{' '}
              </>
            ) : (
              ''
            )}
            into <code className="text-xs">{pull.base.ref}</code> {pull.merged_at && <RelativeTime date={pull.merged_at} />}
          </p>
        </div>
      </div>
      {canMerge && headBranchExists && onDeleteBranch && (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 px-4 py-3 text-sm dark:border-gray-800">
          <p className="min-w-0 flex-1 text-gray-700 dark:text-gray-300">
            The <code className="text-xs">{pull.head.ref}</code> branch can now be safely deleted.
          </p>
          <Button size="sm" onClick={() => void remove()} disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete branch'}
          </Button>
          {error ? (
            <p role="alert" className="w-full text-red-600 dark:text-red-400">
              {errorMessage(error)}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * Who is offered "Update branch" (Gitea's IsUserAllowedToUpdate; the server checks again): the head
 * branch is what moves, so for a pull request from a fork it is whoever may push to the fork, or a
 * base writer when the poster allows maintainers to edit; for one within the repository, its writers.
 */
function mayUpdateBranch(pull: PullRequest, canPushBase: boolean): boolean {
  if (pull.head.repo_id === pull.base.repo_id) return canPushBase;
  return !!pull.head.repo?.permissions?.push || (pull.allow_maintainer_edit && canPushBase);
}

function OpenBox({ owner, repo, pull, repository, canMerge, canEditTitle, checks, checksLoading = false, reviews, scheduled, commits }: MergeBoxProps) {
  const [justScheduled, setJustScheduled] = useState(false);
  const editPull = useEditPull(owner, repo, pull.number);
  const cancel = useCancelAutoMerge(owner, repo, pull.number);
  const update = useUpdatePullBranch(owner, repo, pull.number);
  const isScheduled = (scheduled || justScheduled) && !cancel.isSuccess;
  // The base branch's protection: which rule, and (against Gitea) what it requires.
  const base = useQuery({ ...pullQueries.baseBranch(owner, repo, pull.base.ref), retry: false });
  const protection = protectionState(pull, base.data, reviews.approvals, checks);
  const protectedBy = protection.ruleName;
  const ruleBlocks = protection.blockers.length > 0;
  // A merge whitelist that leaves the viewer out: no merge, not even scheduled (Gitea's IsUserAllowedToMerge).
  const notAllowed = canMerge && base.data?.user_can_merge === false;
  // Repository admins may merge despite the rules (Gitea's force_merge) unless the rule blocks
  // admin overrides; only admins may read the rule, so only they ask. A Gitea without the field
  // leaves it undefined: offered, and the server has the last word (its refusal shows by the button).
  const isAdmin = !!repository.permissions?.admin;
  const rule = useQuery({
    ...pullQueries.protectionRule(owner, repo, protectedBy),
    enabled: canMerge && isAdmin && ruleBlocks && !notAllowed && !!protectedBy,
    retry: false,
  });
  const canForce = canMerge && ruleBlocks && isAdmin && !notAllowed && !rule.data?.block_admin_merge_override;

  // The form appears once the checks and the base branch's protection are known: both decide what
  // its button does (merge now, or when the checks succeed; blocked), and rows they add above it
  // would otherwise move it under the pointer of someone already clicking.
  const settled = !checksLoading && !base.isPending;

  const draft = pull.draft || hasWipPrefix(pull.title);
  // Gitea answers mergeable false for every work-in-progress pull request, so on a draft only the
  // conflicting files tell a conflict.
  const conflicts = (!pull.mergeable && !draft) || (pull.conflicted_files?.length ?? 0) > 0;
  const behind = pull.commits_behind ?? 0;
  // A conflicting branch cannot be updated either (the update is the same merge): the box shows how
  // to resolve the conflicts instead.
  const canUpdate = mayUpdateBranch(pull, canMerge) && !conflicts;
  const checksPending = checks?.state === 'pending' || protection.checksOutstanding;
  const failing = checks?.state === 'failure' || checks?.state === 'error';
  // A conflicting pull request can only be marked as merged by hand (Gitea's manually-merged).
  const styles = allowedMergeStyles(repository).filter((s) => !conflicts || s === 'manually-merged');
  // Drafts and conflicts cannot merge; failing checks and change requests are shown but left to
  // the server (branch protection decides whether they block).
  const blocked = draft || conflicts;
  const unmet = failing || reviews.changesRequestedBy.length > 0;
  // While something blocks or is awaited, look again now and then; a scheduled merge too, so the
  // box turns to "Merged" when the server merges it.
  useRefreshWhileBlocked(owner, repo, pull.number, pull.head.sha, pull.base.ref, isScheduled || ruleBlocks || checksPending || unmet);

  // Who may merge sees the form (or why there is none) while nothing rules it out.
  const offerMerge = canMerge && !notAllowed && !draft && !isScheduled;

  const summary = isScheduled
    ? { tone: 'bg-indigo-600', text: 'Merging automatically when the checks succeed' }
    : blocked
      ? { tone: 'bg-red-600', text: draft ? 'This pull request is still a work in progress' : 'Merging is blocked' }
      : ruleBlocks
        ? { tone: 'bg-red-600', text: 'Merging is blocked by branch protection' }
        : unmet
          ? // No rule makes these block (ruleBlocks would say so): the merge stays possible, the box says what stands.
            { tone: 'bg-amber-500', text: failing ? 'Some checks were not successful' : 'Changes were requested' }
          : checksPending
            ? { tone: 'bg-amber-500', text: 'Waiting for the checks to complete' }
            : // Not "can be merged" before the checks and the protection have had their say.
              !settled
              ? { tone: 'bg-gray-500', text: 'Checking whether this pull request can be merged…' }
              : { tone: 'bg-green-600', text: 'This pull request can be merged' };

  return (
    <section aria-label="Merge status" className={box}>
      <div className="flex items-center gap-3 border-b border-gray-200 bg-gray-50 px-4 py-3 dark:border-gray-800 dark:bg-gray-950">
        <span className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full ${summary.tone}`}>
          <PullStateIcon state="merged" className="fill-white! dark:fill-white!" />
        </span>
        <h2 className="text-sm font-semibold text-gray-900 dark:text-gray-100">{summary.text}</h2>
      </div>
      <ul className="divide-y divide-gray-200 dark:divide-gray-800">
        {(protectedBy || ruleBlocks) && (
          <StatusRow
            tone={ruleBlocks ? 'fail' : 'ok'}
            title={ruleBlocks ? 'Branch protection blocks this merge' : 'All branch protection rules are met'}
            label="Branch protection"
          >
            {protectedBy && (
              <p className="text-gray-600 dark:text-gray-400">
                <code className="text-xs">{pull.base.ref}</code> is protected by the rule <code className="text-xs">{protectedBy}</code>.
              </p>
            )}
            {ruleBlocks && (
              <ul aria-label="Unmet rules" className="space-y-1.5">
                {protection.blockers.map((b) => (
                  <li key={b} className="flex items-start gap-2 text-gray-800 dark:text-gray-200">
                    <ToneIcon tone="fail" />
                    <span className="min-w-0">{b}</span>
                  </li>
                ))}
              </ul>
            )}
            {canForce && <p className="text-gray-600 dark:text-gray-400">As an administrator, you may still merge this pull request.</p>}
          </StatusRow>
        )}
        {reviews.changesRequestedBy.length > 0 ? (
          <StatusRow tone="fail" title="Changes requested" label="Reviews">
            <p className="text-gray-600 dark:text-gray-400">{reviews.changesRequestedBy.join(', ')} requested changes.</p>
          </StatusRow>
        ) : reviews.approvals > 0 ? (
          <StatusRow tone="ok" title={`${plural(reviews.approvals, 'approval')}`} label="Reviews" />
        ) : (
          <StatusRow tone="info" title="No approvals yet" label="Reviews" />
        )}
        {checksLoading ? <StatusRow tone="info" title="Loading checks…" label="Checks" /> : checks && <PullChecks checks={checks} />}
        {conflicts ? (
          <StatusRow tone="fail" title="This branch has conflicts that must be resolved" label="Conflicts">
            {pull.conflicted_files && pull.conflicted_files.length > 0 && (
              <>
                <p className="text-gray-600 dark:text-gray-400">Conflicting files:</p>
                <ul aria-label="Conflicting files" className="list-inside list-disc font-mono text-xs text-gray-800 dark:text-gray-200">
                  {pull.conflicted_files.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </>
            )}
            <ConflictHelp pull={pull} />
          </StatusRow>
        ) : (
          <StatusRow tone="ok" title="This branch has no conflicts with the base branch" label="Conflicts" />
        )}
        {behind > 0 && (
          <StatusRow tone="warn" title={`This branch is ${plural(behind, 'commit')} behind ${pull.base.ref}`} label="Branch status">
            {canUpdate && (
              <div className="flex flex-wrap items-center gap-2">
                {(['merge', 'rebase'] as UpdateStyle[]).map((style) => (
                  <Button key={style} size="sm" disabled={update.isPending} onClick={() => update.mutate(style)}>
                    {update.isPending && update.variables === style ? 'Updating…' : style === 'merge' ? 'Update branch by merge' : 'Update branch by rebase'}
                  </Button>
                ))}
                {update.isError && (
                  <p role="alert" className="text-red-600 dark:text-red-400">
                    {errorMessage(update.error)}
                  </p>
                )}
              </div>
            )}
          </StatusRow>
        )}
        {draft && (
          <StatusRow tone="warn" title="This pull request is marked as a work in progress" label="Work in progress">
            {canEditTitle && hasWipPrefix(pull.title) && (
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" disabled={editPull.isPending} onClick={() => editPull.mutate({ title: withoutWipPrefix(pull.title) })}>
                  {editPull.isPending ? 'Saving…' : 'Remove WIP: prefix'}
                </Button>
                {editPull.isError && (
                  <p role="alert" className="text-red-600 dark:text-red-400">
                    {errorMessage(editPull.error)}
                  </p>
                )}
              </div>
            )}
          </StatusRow>
        )}
        {isScheduled && (
          <StatusRow tone="info" title="This pull request will be merged automatically when all checks succeed" label="Automatic merge">
            {canMerge && (
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: () => setJustScheduled(false) })}>
                  {cancel.isPending ? 'Canceling…' : 'Cancel automatic merge'}
                </Button>
                {cancel.isError && (
                  <p role="alert" className="text-red-600 dark:text-red-400">
                    {errorMessage(cancel.error)}
                  </p>
                )}
              </div>
            )}
          </StatusRow>
        )}
      </ul>
      {notAllowed && !draft && (
        <p className="border-t border-gray-200 px-4 py-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
          You are not allowed to merge into <code className="text-xs">{pull.base.ref}</code>: its protection rule names who may merge.
        </p>
      )}
      {offerMerge && styles.length > 0 && !settled && (
        <p role="status" className="border-t border-gray-200 px-4 py-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
          Loading merge options…
        </p>
      )}
      {offerMerge && styles.length > 0 && settled && (
        <MergeForm
          owner={owner}
          repo={repo}
          pull={pull}
          styles={styles}
          checksPending={checksPending}
          blocked={ruleBlocks}
          canForce={canForce}
          defaultDeleteBranch={repository.default_delete_branch_after_merge}
          commits={commits}
          onScheduled={() => {
            cancel.reset();
            setJustScheduled(true);
          }}
        />
      )}
      {offerMerge && styles.length === 0 && (
        <p className="border-t border-gray-200 px-4 py-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
          {conflicts ? 'Resolve the conflicts to merge this pull request.' : 'No merge style is enabled in this repository’s settings.'}
        </p>
      )}
      {!canMerge && (
        <p className="border-t border-gray-200 px-4 py-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
          {blocked || unmet || ruleBlocks ? 'This pull request cannot be merged yet.' : 'This pull request can be merged by someone with write access.'}
        </p>
      )}
    </section>
  );
}
