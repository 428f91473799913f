// /{owner}/{repo}/forks: the repository's forks, paged by ?page=, reached from the fork count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageParam } from '@/lib/search-params';
import { FORKS_PAGE_SIZE, forkQueries } from '@/features/forks/api/fork-queries';
import { ForkList } from '@/features/forks/components/fork-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...forkQueries.list(owner, repo, page), placeholderData: keepPreviousData });
  useDocumentTitle(`Forks · ${owner}/${repo}`);
  return (
    <section aria-labelledby="forks-title" className="space-y-3">
      <h2 id="forks-title" className="text-lg font-semibold">
        Forks {data?.total !== undefined ? <span className="ml-2 text-sm font-normal text-gray-500 dark:text-gray-400">{data.total}</span> : null}
      </h2>
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <ForkList forks={data.forks} label={`Forks of ${owner}/${repo}`} />
          <Pagination page={page} total={data.total} limit={FORKS_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label="Loading forks" />
      )}
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
