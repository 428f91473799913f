// One pull request in a list: state, title, labels, who opened it when, base ← head, and on the
// right its check state, review state and comment count.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { RelativeTime } from '@/components/ui/relative-time';
import type { components } from '@/lib/api/schema';
import { PULL_STATE_TEXT, type PullRowData } from '../lib/pull-row-data';
import { BranchIcon, CheckIcon, CommentIcon, CrossIcon, DotIcon } from '@/components/ui/octicons';
import { PullStateIcon } from './pull-state-icon';

type Label = components['schemas']['Label'];

/** Where the reviewers stand: changes requested outweighs approvals, as on Gitea's list. */
export type PullReviewState = 'approved' | 'changes_requested';
/** The combined commit status of the head (Gitea's CommitStatusState; '' when there are none). */
export type PullCheckState = 'pending' | 'success' | 'error' | 'failure' | 'warning' | '';

export interface PullRowProps {
  pull: PullRowData;
  /** Show "owner/repo" before the title (lists that span repositories). */
  showRepo?: boolean;
  /** Draws a label chip (the route composes the labels feature's chip). */
  renderLabel?: (label: Label) => ReactNode;
  /** Where a label chip leads (usually the list filtered by that label). */
  labelHref?: (label: Label) => string;
  review?: PullReviewState | null;
  checks?: PullCheckState | null;
}

const checkLook: Record<Exclude<PullCheckState, ''>, { text: string; icon: ReactNode }> = {
  success: { text: 'All checks passed', icon: <CheckIcon className="text-green-600 dark:text-green-400" /> },
  pending: { text: 'Checks pending', icon: <DotIcon className="text-amber-500 dark:text-amber-400" /> },
  warning: { text: 'Checks have warnings', icon: <DotIcon className="text-amber-500 dark:text-amber-400" /> },
  failure: { text: 'Some checks failed', icon: <CrossIcon className="text-red-600 dark:text-red-400" /> },
  error: { text: 'Some checks errored', icon: <CrossIcon className="text-red-600 dark:text-red-400" /> },
};

function ChecksMark({ state }: { state: PullCheckState }) {
  if (!state) return null;
  const look = checkLook[state];
  return (
    <span role="img" aria-label={look.text} title={look.text} className="inline-flex items-center">
      {look.icon}
    </span>
  );
}

function ReviewBadge({ state }: { state: PullReviewState }) {
  const approved = state === 'approved';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-px text-xs font-medium whitespace-nowrap ${
        approved
          ? 'border-green-300 text-green-700 dark:border-green-800 dark:text-green-400'
          : 'border-red-300 text-red-700 dark:border-red-800 dark:text-red-400'
      }`}
    >
      {approved ? <CheckIcon /> : <CrossIcon />}
      {approved ? 'Approved' : 'Changes requested'}
    </span>
  );
}

function Opened({ pull }: { pull: PullRowData }) {
  const by = (
    <Link className="hover:underline" to={paths.user.href(pull.user.login)}>
      {pull.user.login}
    </Link>
  );
  if (pull.state === 'merged' && pull.merged_at) {
    return (
      <>
        by {by} was merged <RelativeTime date={pull.merged_at} />
      </>
    );
  }
  if (pull.state === 'closed' && pull.closed_at) {
    return (
      <>
        by {by} was closed <RelativeTime date={pull.closed_at} />
      </>
    );
  }
  return (
    <>
      opened <RelativeTime date={pull.created_at} /> by {by}
    </>
  );
}

export function PullRow({ pull, showRepo, renderLabel, labelHref, review, checks }: PullRowProps) {
  const href = paths.pull.href(pull.owner, pull.repo, pull.number);
  return (
    // On a phone the checks, review and comment marks go under the text instead of beside it, so
    // the title keeps the row's width (issue #19); from sm up they sit on the right.
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-gray-50 sm:flex sm:gap-3 dark:hover:bg-gray-900/60">
      <span className="pt-0.5">
        <PullStateIcon state={pull.state} />
        <span className="sr-only">{PULL_STATE_TEXT[pull.state]}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {showRepo && (
            <Link to={paths.repo.href(pull.owner, pull.repo)} className="text-sm text-gray-600 hover:underline dark:text-gray-400">
              {pull.fullName}
            </Link>
          )}
          <Link to={href} className="font-semibold break-words text-gray-900 hover:text-indigo-600 dark:text-gray-100 dark:hover:text-indigo-400">
            {pull.title}
          </Link>
          {pull.state === 'draft' && (
            <span className="rounded-full border border-gray-300 px-2 py-px text-xs text-gray-600 dark:border-gray-600 dark:text-gray-400">Draft</span>
          )}
          {renderLabel && pull.labels.length > 0 && (
            <span className="flex flex-wrap gap-1">
              {pull.labels.map((l) =>
                labelHref ? (
                  <Link
                    key={l.id}
                    to={labelHref(l)}
                    aria-label={`Label: ${l.name}`}
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    {renderLabel(l)}
                  </Link>
                ) : (
                  <span key={l.id}>{renderLabel(l)}</span>
                ),
              )}
            </span>
          )}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
          <span>
            #{pull.number} <Opened pull={pull} />
          </span>
          {pull.base && pull.head && (
            <span className="inline-flex min-w-0 items-center gap-1 font-mono" aria-label={`from ${pull.head} into ${pull.base}`}>
              <BranchIcon />
              <span className="truncate">{pull.base}</span>
              <span aria-hidden>←</span>
              <span className="truncate">{pull.head}</span>
            </span>
          )}
          {pull.milestone && (
            <Link to={paths.milestone.href(pull.owner, pull.repo, pull.milestone.id)} className="hover:underline" title="Milestone">
              {pull.milestone.title}
            </Link>
          )}
        </p>
      </div>
      <div className="col-start-2 flex flex-wrap items-center gap-3 empty:hidden sm:shrink-0 sm:items-start sm:pt-0.5">
        {checks ? <ChecksMark state={checks} /> : null}
        {review ? <ReviewBadge state={review} /> : null}
        {pull.comments > 0 && (
          <Link
            to={href}
            className="inline-flex items-center gap-1 text-xs text-gray-600 hover:text-indigo-600 dark:text-gray-400"
            aria-label={`${pull.comments} comment${pull.comments === 1 ? '' : 's'}`}
          >
            <CommentIcon />
            {pull.comments}
          </Link>
        )}
      </div>
    </li>
  );
}
