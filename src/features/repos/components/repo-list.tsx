// A list of repositories with its empty state; paging is the caller's (it owns the URL).
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import type { Repository } from '../api/repo-queries';
import { RepoListItem } from './repo-list-item';

export function RepoList({
  repos,
  showOwner = true,
  emptyTitle = 'No repositories found',
  emptyHint,
  label = 'Repositories',
}: {
  repos: Repository[];
  showOwner?: boolean;
  emptyTitle?: string;
  emptyHint?: ReactNode;
  label?: string;
}) {
  if (repos.length === 0) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 dark:divide-gray-800">
      {repos.map((r) => (
        <RepoListItem key={r.id} repo={r} showOwner={showOwner} />
      ))}
    </ul>
  );
}
