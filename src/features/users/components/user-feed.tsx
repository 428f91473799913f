// The dashboard's activity column: the signed-in user's feed, paged by ?page=.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { FEED_PAGE_SIZE, userQueries } from '../api/user-queries';
import { ActivityFeed } from './activity-feed';

export const feedPage = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

export function UserFeed({ login }: { login: string }) {
  const [params] = useSearchParams();
  const page = feedPage(params);
  const { data, error, isPlaceholderData } = useQuery({ ...userQueries.feeds(login, page), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title" className="mb-2 text-lg font-semibold">
        Activity
      </h2>
      <ErrorNotice error={error} />
      {!data && !error && <Spinner label="Loading activity" />}
      {data && (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <ActivityFeed activities={data.activities} />
          <Pagination page={page} total={data.total} limit={FEED_PAGE_SIZE} hasNext={data.hasNext || (data.total === undefined && data.activities.length === FEED_PAGE_SIZE)} />
        </div>
      )}
    </section>
  );
}
