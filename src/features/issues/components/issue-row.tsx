// One issue in a list: state, title, label chips, who opened it when, milestone, comments, assignees.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import type { Issue } from '../api/issue-queries';
import { LabelChip } from './label-chip';
import { CommentIcon, MilestoneIcon } from '@/components/ui/octicons';
import { IssueStateIcon } from './issue-state-icon';

export interface IssueRowProps {
  issue: Issue;
  /** Show "owner/repo" before the title (lists that span repositories). */
  showRepo?: boolean;
  /** Where a label chip leads (usually the list filtered by that label); plain chips without it. */
  labelHref?: (name: string) => string;
}

export function IssueRow({ issue, showRepo, labelHref }: IssueRowProps) {
  const o = issue.repository.owner;
  const r = issue.repository.name;
  const href = paths.issue.href(o, r, issue.number);
  const closed = issue.state === 'closed';
  const assignees = issue.assignees?.length ? issue.assignees : issue.assignee ? [issue.assignee] : [];
  return (
    <li className="flex gap-3 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-900/60">
      <span className="pt-0.5">
        <IssueStateIcon state={issue.state} />
        <span className="sr-only">{closed ? 'Closed' : 'Open'}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {showRepo && (
            <Link to={paths.repo.href(o, r)} className="text-sm text-gray-600 hover:underline dark:text-gray-400">
              {issue.repository.full_name}
            </Link>
          )}
          <Link to={href} className="font-semibold break-words text-gray-900 hover:text-indigo-600 dark:text-gray-100 dark:hover:text-indigo-400">
            {issue.title}
          </Link>
          {issue.labels.length > 0 && (
            <span className="flex flex-wrap gap-1">
              {issue.labels.map((l) =>
                labelHref ? (
                  <Link
                    key={l.id}
                    to={labelHref(l.name)}
                    aria-label={`Label: ${l.name}`}
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    <LabelChip label={l} />
                  </Link>
                ) : (
                  <LabelChip key={l.id} label={l} />
                ),
              )}
            </span>
          )}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
          <span>
            #{issue.number}{' '}
            {closed && issue.closed_at ? (
              <>
                by{' '}
                <Link className="hover:underline" to={paths.user.href(issue.user.login)}>
                  {issue.user.login}
                </Link>{' '}
                was closed <RelativeTime date={issue.closed_at} />
              </>
            ) : (
              <>
                opened <RelativeTime date={issue.created_at} /> by{' '}
                <Link className="hover:underline" to={paths.user.href(issue.user.login)}>
                  {issue.user.login}
                </Link>
              </>
            )}
          </span>
          {issue.milestone && (
            <Link to={paths.milestone.href(o, r, issue.milestone.id)} className="inline-flex items-center gap-1 hover:underline" title="Milestone">
              <MilestoneIcon />
              {issue.milestone.title}
            </Link>
          )}
          {issue.due_date && (
            <span className={!closed && Date.parse(issue.due_date) < Date.now() ? 'text-red-600 dark:text-red-400' : ''}>
              Due {new Date(issue.due_date).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' })}
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-start gap-3 pt-0.5">
        {assignees.length > 0 && (
          <span className="flex -space-x-1.5" aria-label={`Assigned to ${assignees.map((a) => a.login).join(', ')}`} role="img">
            {assignees.slice(0, 3).map((a) => (
              <Avatar key={a.id} src={a.avatar_url} name={a.login} size={20} />
            ))}
          </span>
        )}
        {issue.comments > 0 && (
          <Link
            to={href}
            className="inline-flex items-center gap-1 text-xs text-gray-600 hover:text-indigo-600 dark:text-gray-400"
            aria-label={`${issue.comments} comment${issue.comments === 1 ? '' : 's'}`}
          >
            <CommentIcon />
            {issue.comments}
          </Link>
        )}
      </div>
    </li>
  );
}

export function IssueRows({ issues, ...rest }: { issues: Issue[] } & Omit<IssueRowProps, 'issue'>) {
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {issues.map((i) => (
        <IssueRow key={i.id} issue={i} {...rest} />
      ))}
    </ul>
  );
}
