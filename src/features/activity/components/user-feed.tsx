// The dashboard's activity column: the signed-in user's feed, paged by ?page=.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageParam } from '@/lib/search-params';
import { ACTIVITIES_PER_PAGE, activityQueries } from '../api/activity-queries';
import { ActivityFeed } from './activity-feed';

export function UserFeed({ login }: { login: string }) {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...activityQueries.userFeed(login, page), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title" className="mb-2 text-lg font-semibold">
        Activity
      </h2>
      <ErrorNotice error={error} />
      {!data && !error && <Spinner label="Loading activity" />}
      {data && (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <ActivityFeed activities={data.activities} emptyText="Pushes, new repositories and other changes will show up here." />
          <Pagination page={page} total={data.total} limit={ACTIVITIES_PER_PAGE} hasNext={data.hasNext} />
        </div>
      )}
    </section>
  );
}
