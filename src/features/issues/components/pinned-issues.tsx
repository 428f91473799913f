// The repository's pinned issues (or pull requests) above its list (Gitea shows them as cards
// there): up to three, in the order the admins gave them. Nothing at all when none is pinned.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { issueQueries } from '../api/issue-queries';
import { IssueStateIcon } from './issue-state-icon';

interface Pinned {
  id: number;
  number: number;
  title: string;
  state: string;
}

export function PinnedList({ heading, items, href }: { heading: string; items: Pinned[] | undefined; href: (n: number) => string }) {
  const id = useId();
  if (!items?.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">
        {heading}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="flex min-w-0 items-start gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
            <IssueStateIcon state={item.state === 'closed' ? 'closed' : 'open'} />
            <span className="sr-only">{item.state === 'closed' ? 'Closed' : 'Open'}</span>
            <Link
              to={href(item.number)}
              className="min-w-0 font-semibold break-words text-gray-900 hover:text-indigo-600 dark:text-gray-100 dark:hover:text-indigo-400"
            >
              {item.title} <span className="font-normal text-gray-600 dark:text-gray-400">#{item.number}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PinnedIssues({ owner, repo }: { owner: string; repo: string }) {
  const { data } = useQuery(issueQueries.pinned(owner, repo));
  return <PinnedList heading="Pinned issues" items={data} href={(n) => paths.issue.href(owner, repo, n)} />;
}
