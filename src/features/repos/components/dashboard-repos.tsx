// The dashboard's "Your repositories" box: a short, filterable list with a New button.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { repoQueries, type RepoSearchQuery } from '../api/repo-queries';
import { RepoFilterBox } from './repo-filter-box';
import { RepoBadges } from './repo-badges';

export const DASHBOARD_REPOS_LIMIT = 10;

export function dashboardReposQuery(uid: number, params: URLSearchParams): RepoSearchQuery {
  const q = params.get('repo_q') ?? '';
  return { uid, sort: 'updated', order: 'desc', page: 1, limit: DASHBOARD_REPOS_LIMIT, ...(q ? { q } : {}) };
}

export function DashboardRepos({ uid, login }: { uid: number; login: string }) {
  const [params] = useSearchParams();
  const query = dashboardReposQuery(uid, params);
  const { data, error, isPlaceholderData } = useQuery({ ...repoQueries.search(query), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="your-repos" className="rounded-lg border border-gray-200 dark:border-gray-800">
      <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-3 py-2 dark:border-gray-800">
        <h2 id="your-repos" className="text-sm font-semibold">
          Your repositories
          {data?.total !== undefined && <span className="ml-1.5 text-gray-500 dark:text-gray-400">{data.total}</span>}
        </h2>
        <Link to={paths.newRepo.href()} className={buttonClass('primary', 'sm')}>
          New
        </Link>
      </div>
      <div className="p-3">
        <RepoFilterBox param="repo_q" pageParam="repo_page" label="Find a repository" />
        <ErrorNotice error={error} />
        {!data && !error && <Spinner label="Loading repositories" />}
        {data && data.repos.length === 0 && (
          <p className="py-4 text-center text-sm text-gray-600 dark:text-gray-400">
            {query.q ? (
              'No repositories match.'
            ) : (
              <>
                No repositories yet.{' '}
                <Link to={paths.newRepo.href()} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
                  Create one
                </Link>
              </>
            )}
          </p>
        )}
        {data && data.repos.length > 0 && (
          <ul aria-label="Your repositories" className={`mt-2 space-y-0.5 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.repos.map((r) => (
              <li key={r.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-md px-1 py-1.5 hover:bg-gray-50 dark:hover:bg-gray-900">
                <Link
                  to={paths.repo.href(r.owner.login, r.name)}
                  className="min-w-0 truncate text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-400"
                >
                  {r.owner.login === login ? r.name : r.full_name}
                </Link>
                <RepoBadges repo={r} />
              </li>
            ))}
          </ul>
        )}
        {data?.total !== undefined && data.total > data.repos.length && (
          <Link
            to={`${paths.user.href(login)}${query.q ? `?${new URLSearchParams({ q: query.q })}` : ''}`}
            className="mt-2 block text-center text-sm text-gray-600 hover:underline dark:text-gray-400"
          >
            View all {data.total} on your profile
          </Link>
        )}
      </div>
    </section>
  );
}
