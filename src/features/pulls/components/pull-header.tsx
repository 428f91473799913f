// The pull request's title (editable inline by its poster and by writers), its state, and what it
// merges where: "alice wants to merge 3 commits into main from feature" (merged: "bob merged …").
import { Link } from 'react-router';
import { TitleHeader } from '@/components/ui/title-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { PullRequest } from '../api/pull-queries';
import { useEditPull } from '../api/use-edit-pull';
import { pullDisplayState, PULL_STATE_TEXT, type PullDisplayState } from '../lib/pull-row-data';
import { PullStateIcon } from './pull-state-icon';

const badgeTone: Record<PullDisplayState, string> = {
  open: 'bg-green-700',
  draft: 'bg-gray-500 dark:bg-gray-600',
  merged: 'bg-purple-600 dark:bg-purple-700',
  closed: 'bg-red-600 dark:bg-red-700',
};

export function PullStateBadge({ pull }: { pull: Pick<PullRequest, 'state' | 'merged' | 'draft'> }) {
  const state = pullDisplayState(pull);
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-white ${badgeTone[state]}`}>
      <PullStateIcon state={state} className="fill-white! dark:fill-white!" />
      {PULL_STATE_TEXT[state]}
    </span>
  );
}

function BranchLink({ owner, repo, branch, label }: { owner: string; repo: string; branch: string; label: string }) {
  return (
    <Link
      to={paths.src.href(owner, repo, 'branch', branch)}
      className="rounded bg-indigo-50 px-1.5 py-0.5 font-mono text-xs text-indigo-700 hover:underline dark:bg-indigo-950 dark:text-indigo-300"
    >
      {label}
    </Link>
  );
}

export interface PullHeaderProps {
  owner: string;
  repo: string;
  pull: PullRequest;
  /** How many commits it merges (the commits list's total), if known yet. */
  commits?: number;
  canEdit: boolean;
}

export function PullHeader({ owner, repo, pull, commits, canEdit }: PullHeaderProps) {
  const edit = useEditPull(owner, repo, pull.number);

  const count = commits ?? pull.commits_ahead;
  const commitsText = count === undefined ? 'commits' : `${count} ${count === 1 ? 'commit' : 'commits'}`;
  // A head in a fork links to that repository's branch; a deleted fork leaves the label alone.
  const headOwner = pull.head.repo?.owner.login ?? owner;
  const headRepo = pull.head.repo?.name ?? repo;
  // Once the head branch is gone, Gitea answers ref "refs/pull/N/head" and keeps the name in label.
  const headGone = pull.head.ref.startsWith('refs/');
  const headBranch = headGone ? pull.head.label.replace(/^[^:]*:/, '') : pull.head.ref;
  const headLabel = pull.head.repo && pull.head.repo_id !== pull.base.repo_id ? `${headOwner}:${headBranch}` : headBranch;
  const who = pull.merged ? (pull.merged_by ?? pull.user) : pull.user;

  return (
    <TitleHeader
      title={pull.title}
      number={pull.number}
      canEdit={canEdit}
      inputId="pull-title"
      onSave={(title, done) => edit.mutate({ title }, { onSuccess: done })}
      saving={edit.isPending}
      error={edit.isError ? errorMessage(edit.error) : null}
      onStartEdit={edit.reset}
      badge={<PullStateBadge pull={pull} />}
      subtitle={
        <p className="min-w-0 leading-7">
          <Link to={paths.user.href(who.login)} className="font-medium text-gray-800 hover:underline dark:text-gray-200">
            {who.login}
          </Link>{' '}
          {pull.merged ? 'merged' : 'wants to merge'} {commitsText} into <BranchLink owner={owner} repo={repo} branch={pull.base.ref} label={pull.base.ref} />{' '}
          from{' '}
          {headGone ? (
            <span
              className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700 line-through dark:bg-gray-800 dark:text-gray-300"
              title="This branch was deleted"
            >
              {headLabel}
            </span>
          ) : (
            <BranchLink owner={headOwner} repo={headRepo} branch={pull.head.ref} label={headLabel} />
          )}
          {pull.merged && pull.merged_at && (
            <>
              {' '}
              <RelativeTime date={pull.merged_at} />
            </>
          )}
        </p>
      }
    />
  );
}
