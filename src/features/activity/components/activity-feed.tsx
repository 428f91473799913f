// A list of feed records, or an empty state.
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import type { Activity } from '../api/activity-queries';
import { ActivityItem } from './activity-item';

export function ActivityFeed({
  activities,
  showRepo = true,
  emptyTitle = 'No activity yet',
  emptyText,
}: {
  activities: Activity[];
  /** Off on a repository's own feed, where every record is about that repository. */
  showRepo?: boolean;
  emptyTitle?: string;
  emptyText?: ReactNode;
}) {
  if (!activities.length) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return (
    <ul aria-label="Activity" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {activities.map((a) => (
        <ActivityItem key={a.id} activity={a} showRepo={showRepo} />
      ))}
    </ul>
  );
}
