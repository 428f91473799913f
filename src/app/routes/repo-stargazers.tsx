// /{owner}/{repo}/stars: the people who starred the repository, paged by ?page=.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageParam } from '@/lib/search-params';
import { STARGAZERS_PAGE_SIZE, starQueries } from '@/features/repos/api/star-queries';
import { UserList } from '@/features/users/components/user-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...starQueries.stargazers(owner, repo, page), placeholderData: keepPreviousData });
  useDocumentTitle(`Stargazers · ${owner}/${repo}`);
  return (
    <section aria-labelledby="stargazers-title" className="space-y-3">
      <h2 id="stargazers-title" className="text-lg font-semibold">
        Stargazers
      </h2>
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <UserList users={data.users} label={`People who starred ${owner}/${repo}`} emptyTitle="No one has starred this repository yet" />
          <Pagination page={page} total={data.total} limit={STARGAZERS_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label="Loading stargazers" />
      )}
    </section>
  );
}
