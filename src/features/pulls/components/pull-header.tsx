// The pull request's title (editable inline by its poster and by writers), its state, and what it
// merges where: "alice wants to merge 3 commits into main from feature" (merged: "bob merged …").
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { PullRequest } from '../api/pull-queries';
import { useEditPull } from '../api/use-edit-pull';
import { pullDisplayState, PULL_STATE_TEXT, type PullDisplayState } from '../lib/pull-row-data';
import { PullStateIcon } from './pull-state-icon';

const badgeTone: Record<PullDisplayState, string> = {
  open: 'bg-green-600 dark:bg-green-700',
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
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(pull.title);
  const edit = useEditPull(owner, repo, pull.number);

  const save = () => {
    if (!title.trim()) return;
    if (title === pull.title) return setEditing(false);
    edit.mutate({ title: title.trim() }, { onSuccess: () => setEditing(false) });
  };

  const count = commits ?? pull.commits_ahead;
  const commitsText = count === undefined ? 'commits' : `${count} ${count === 1 ? 'commit' : 'commits'}`;
  // A head in a fork links to that repository's branch; a deleted fork leaves the label alone.
  const headOwner = pull.head.repo?.owner.login ?? owner;
  const headRepo = pull.head.repo?.name ?? repo;
  // Once the head branch is gone, Gitea answers ref "refs/pull/N/head" and keeps the name in label.
  const headGone = pull.head.ref.startsWith('refs/');
  const headBranch = headGone ? pull.head.label.replace(/^[^:]*:/, '') : pull.head.ref;
  const headLabel = pull.head.repo && pull.head.repo_id !== pull.base.repo_id ? `${headOwner}:${headBranch}` : headBranch;
  const who = pull.merged ? pull.merged_by ?? pull.user : pull.user;

  return (
    <header className="space-y-2">
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor="pull-title" className="sr-only">
            Title
          </label>
          <input
            id="pull-title"
            className={`${inputClass} text-lg`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
            autoFocus
            required
            maxLength={255}
            aria-invalid={edit.isError}
            aria-describedby={edit.isError ? 'pull-title-error' : undefined}
          />
          <div className="flex shrink-0 gap-2">
            <Button type="submit" variant="primary" disabled={edit.isPending || !title.trim()}>
              {edit.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button onClick={() => setEditing(false)} disabled={edit.isPending}>
              Cancel
            </Button>
          </div>
          {edit.isError && (
            <p id="pull-title-error" role="alert" className="text-sm text-red-600 sm:self-center dark:text-red-400">
              {errorMessage(edit.error)}
            </p>
          )}
        </form>
      ) : (
        <div className="flex items-start gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-semibold break-words">
            {pull.title} <span className="font-normal text-gray-500 dark:text-gray-400">#{pull.number}</span>
          </h1>
          {canEdit && (
            <Button
              size="sm"
              className="mt-1 shrink-0"
              onClick={() => {
                setTitle(pull.title);
                edit.reset();
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
        <PullStateBadge pull={pull} />
        <p className="min-w-0 leading-7">
          <Link to={paths.user.href(who.login)} className="font-medium text-gray-800 hover:underline dark:text-gray-200">
            {who.login}
          </Link>{' '}
          {pull.merged ? 'merged' : 'wants to merge'} {commitsText} into <BranchLink owner={owner} repo={repo} branch={pull.base.ref} label={pull.base.ref} /> from{' '}
          {headGone ? (
            <span className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700 line-through dark:bg-gray-800 dark:text-gray-300" title="This branch was deleted">
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
      </div>
    </header>
  );
}
