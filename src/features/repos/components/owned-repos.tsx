// One user's repositories (Gitea's uid search: owned or contributed to), most recently updated
// first, filtered and paged through the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { ErrorNotice } from '@/components/ui/error-notice';
import { pageParam } from '@/lib/search-params';
import { repoQueries, type RepoSearchQuery } from '../api/repo-queries';
import { RepoList } from './repo-list';
import { RepoFilterBox } from './repo-filter-box';

export const OWNED_PAGE_SIZE = 20;

export function ownedReposQuery(uid: number, params: URLSearchParams, limit = OWNED_PAGE_SIZE): RepoSearchQuery {
  const q = params.get('q') ?? '';
  return { uid, sort: 'updated', order: 'desc', page: pageParam(params), limit, ...(q ? { q } : {}) };
}

export function OwnedRepos({ uid, login }: { uid: number; login: string }) {
  const [params] = useSearchParams();
  const query = ownedReposQuery(uid, params);
  const { data, error, isPlaceholderData } = useQuery({ ...repoQueries.search(query), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="owned-repos-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="owned-repos-title" className="text-lg font-semibold">
          Repositories
          {data?.total !== undefined && (
            <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300">
              {data.total}
            </span>
          )}
        </h2>
      </div>
      <RepoFilterBox label={`Find a repository of ${login}`} />
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
          <RepoList
            repos={data.repos}
            showOwner={false}
            label={`Repositories of ${login}`}
            emptyTitle={query.q ? 'No repositories match' : `${login} has no repositories yet`}
          />
          <Pagination page={query.page ?? 1} total={data.total} limit={OWNED_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label="Loading repositories" />
      )}
    </section>
  );
}
