// A user's followers or the people they follow, paged by ?page=.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageParam } from '@/lib/search-params';
import { USERS_PAGE_SIZE, userQueries } from '../api/user-queries';
import { UserList } from './user-list';

export function FollowList({ username, kind }: { username: string; kind: 'followers' | 'following' }) {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...userQueries[kind](username, page), placeholderData: keepPreviousData });
  const title = kind === 'followers' ? 'Followers' : 'Following';
  return (
    <section aria-labelledby="follow-list-title" className="space-y-3">
      <h2 id="follow-list-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <UserList
            users={data.users}
            label={kind === 'followers' ? `Followers of ${username}` : `People ${username} follows`}
            emptyTitle={kind === 'followers' ? `No one follows ${username} yet` : `${username} does not follow anyone yet`}
          />
          <Pagination page={page} total={data.total} limit={USERS_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label={`Loading ${title.toLowerCase()}`} />
      )}
    </section>
  );
}
