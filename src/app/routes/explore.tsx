// /explore/repos: every repository the viewer may see, searched, sorted and filtered from the URL.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { ExploreFilters } from '@/features/repos/components/explore-filters';
import { EXPLORE_PAGE_SIZE, readExploreState, toSearchQuery } from '@/features/repos/components/explore-params';
import { RepoList } from '@/features/repos/components/repo-list';
import { Pagination } from '@/components/ui/pagination';
import { ExploreTabs } from '../explore-tabs';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ request }: LoaderFunctionArgs) {
  const state = readExploreState(new URL(request.url).searchParams);
  await queryClient.ensureQueryData(repoQueries.search(toSearchQuery(state)));
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const state = readExploreState(params);
  const { data } = useSuspenseQuery(repoQueries.search(toSearchQuery(state)));
  const filtered = !!state.q || !!state.mode || state.archived !== 'any' || !state.includePrivate;
  useDocumentTitle('Explore repositories');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Explore repositories</h1>
      <ExploreTabs current="repos" />
      <ExploreFilters />
      {data.total !== undefined && (
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          {data.total === 1 ? '1 repository' : `${data.total} repositories`}
          {state.q ? (state.topic ? ` with the topic “${state.q}”` : ` matching “${state.q}”`) : ''}
        </p>
      )}
      <RepoList
        repos={data.repos}
        emptyTitle={filtered ? 'No repositories match' : 'No repositories yet'}
        emptyHint={filtered ? 'Try other words or fewer filters.' : 'Repositories you may see will show up here.'}
      />
      <Pagination page={state.page} total={data.total} limit={EXPLORE_PAGE_SIZE} hasNext={data.hasNext} />
    </div>
  );
}
