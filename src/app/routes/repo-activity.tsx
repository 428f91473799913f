// /{owner}/{repo}/activity: the repository's feed, by page, optionally one day.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { activityQueries, ACTIVITIES_PER_PAGE } from '@/features/activity/api/activity-queries';
import { pageParam } from '@/lib/search-params';
import { ActivityFeed } from '@/features/activity/components/activity-feed';
import { ActivityDateFilter } from '@/features/activity/components/activity-date-filter';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

function filtersFrom(q: URLSearchParams) {
  const date = q.get('date') ?? '';
  return { date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined, page: pageParam(q) };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  await queryClient.ensureQueryData(activityQueries.repoFeed(owner, repo, filtersFrom(new URL(request.url).searchParams)));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  useDocumentTitle('Activity', `${owner}/${repo}`);
  const [search] = useSearchParams();
  const f = filtersFrom(search);
  const { data } = useSuspenseQuery(activityQueries.repoFeed(owner, repo, f));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-lg font-semibold">Activity</h1>
        <ActivityDateFilter />
      </div>
      <ActivityFeed
        activities={data.activities}
        showRepo={false}
        emptyTitle="No activity"
        emptyText={f.date ? `Nothing happened in this repository on ${f.date}.` : 'Nothing has happened in this repository yet.'}
      />
      <Pagination page={f.page} total={data.total} limit={ACTIVITIES_PER_PAGE} hasNext={data.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
