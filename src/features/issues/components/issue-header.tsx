// The issue's title (editable inline by its author and by writers), state and byline.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { Issue } from '../api/issue-queries';
import { useEditIssue } from '../api/use-edit-issue';
import { IssueStateBadge } from './issue-state-badge';

export function IssueHeader({ owner, repo, issue, canEdit }: { owner: string; repo: string; issue: Issue; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(issue.title);
  const edit = useEditIssue(owner, repo, issue.number);

  const save = () => {
    if (!title.trim()) return;
    if (title === issue.title) return setEditing(false);
    edit.mutate({ title: title.trim() }, { onSuccess: () => setEditing(false) });
  };

  return (
    <header className="space-y-2 border-b border-gray-200 pb-4 dark:border-gray-800">
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor="issue-title" className="sr-only">
            Title
          </label>
          <input
            id="issue-title"
            className={`${inputClass} text-lg`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
            autoFocus
            required
            maxLength={255}
            aria-invalid={edit.isError}
            aria-describedby={edit.isError ? 'issue-title-error' : undefined}
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
            <p id="issue-title-error" role="alert" className="text-sm text-red-600 sm:self-center dark:text-red-400">
              {errorMessage(edit.error)}
            </p>
          )}
        </form>
      ) : (
        <div className="flex items-start gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-semibold break-words">
            {issue.title} <span className="font-normal text-gray-500 dark:text-gray-400">#{issue.number}</span>
          </h1>
          {canEdit && (
            <Button
              size="sm"
              className="mt-1 shrink-0"
              onClick={() => {
                setTitle(issue.title);
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
        <IssueStateBadge state={issue.state} />
        <span>
          #{issue.number} opened <RelativeTime date={issue.created_at} /> by{' '}
          <Link to={paths.user.href(issue.user.login)} className="font-medium text-gray-800 hover:underline dark:text-gray-200">
            {issue.user.login}
          </Link>{' '}
          · {issue.comments} {issue.comments === 1 ? 'comment' : 'comments'}
        </span>
        {issue.is_locked && <span className="rounded-full border border-gray-300 px-2 text-xs dark:border-gray-700">Locked</span>}
      </div>
    </header>
  );
}
