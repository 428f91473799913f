// The repository's pinned issues above its issue list (Gitea shows them as cards there): up to
// three, in the order the admins gave them. Nothing at all when none is pinned.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { issueQueries } from '../api/issue-queries';
import { IssueStateIcon } from './issue-state-icon';

export function PinnedIssues({ owner, repo }: { owner: string; repo: string }) {
  const { data: pinned } = useQuery(issueQueries.pinned(owner, repo));
  if (!pinned?.length) return null;
  return (
    <section aria-labelledby="pinned-issues-heading">
      <h2 id="pinned-issues-heading" className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">
        Pinned issues
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {pinned.map((issue) => (
          <li key={issue.id} className="flex min-w-0 items-start gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
            <IssueStateIcon state={issue.state} />
            <span className="sr-only">{issue.state === 'closed' ? 'Closed' : 'Open'}</span>
            <Link
              to={paths.issue.href(owner, repo, issue.number)}
              className="min-w-0 font-semibold break-words text-gray-900 hover:text-indigo-600 dark:text-gray-100 dark:hover:text-indigo-400"
            >
              {issue.title} <span className="font-normal text-gray-600 dark:text-gray-400">#{issue.number}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
