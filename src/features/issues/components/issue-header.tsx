// The issue's title (editable inline by its author and by writers), state and byline.
import { Link } from 'react-router';
import { TitleHeader } from '@/components/ui/title-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { Issue } from '../api/issue-queries';
import { useEditIssue } from '../api/use-edit-issue';
import { IssueStateBadge } from './issue-state-badge';

export function IssueHeader({ owner, repo, issue, canEdit }: { owner: string; repo: string; issue: Issue; canEdit: boolean }) {
  const edit = useEditIssue(owner, repo, issue.number);
  return (
    <TitleHeader
      className="border-b border-gray-200 pb-4 dark:border-gray-800"
      title={issue.title}
      number={issue.number}
      canEdit={canEdit}
      inputId="issue-title"
      onSave={(title, done) => edit.mutate({ title }, { onSuccess: done })}
      saving={edit.isPending}
      error={edit.isError ? errorMessage(edit.error) : null}
      onStartEdit={edit.reset}
      badge={<IssueStateBadge state={issue.state} />}
      subtitle={
        <>
          <span>
            #{issue.number} opened <RelativeTime date={issue.created_at} /> by{' '}
            <Link to={paths.user.href(issue.user.login)} className="font-medium text-gray-800 hover:underline dark:text-gray-200">
              {issue.user.login}
            </Link>{' '}
            · {issue.comments} {issue.comments === 1 ? 'comment' : 'comments'}
          </span>
          {issue.is_locked && <span className="rounded-full border border-gray-300 px-2 text-xs dark:border-gray-700">Locked</span>}
        </>
      }
    />
  );
}
