// The list of feed records, or an empty state that says whether a day filter is on.
import { EmptyState } from '@/components/ui/empty-state';
import type { Activity } from '../api/activity-queries';
import { ActivityItem } from './activity-item';

export function ActivityFeed({ owner, repo, activities, date }: { owner: string; repo: string; activities: Activity[]; date?: string }) {
  if (!activities.length) {
    return <EmptyState title="No activity">{date ? `Nothing happened in this repository on ${date}.` : 'Nothing has happened in this repository yet.'}</EmptyState>;
  }
  return (
    <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {activities.map((a) => (
        <ActivityItem key={a.id} activity={a} owner={owner} repo={repo} />
      ))}
    </ul>
  );
}
