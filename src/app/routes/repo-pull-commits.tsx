// /{owner}/{repo}/pulls/{index}/commits: the commits the pull request merges, oldest first, paged
// with ?page= (the commits feature draws them as on the history page).
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { indexRouteParams } from '../index-route';
import { pullQueries, PULL_COMMITS_PER_PAGE } from '@/features/pulls/api/pull-queries';
import { CommitList } from '@/features/commits/components/commit-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { pageParam } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo, index } = indexRouteParams(params);
  await queryClient.ensureQueryData(pullQueries.commits(owner, repo, index, pageParam(new URL(request.url).searchParams)));
  return null;
}

export function Component() {
  const { owner, repo, index } = indexRouteParams(useParams());
  const [search] = useSearchParams();
  const page = pageParam(search);
  const { data } = useSuspenseQuery(pullQueries.commits(owner, repo, index, page));
  const pull = useQuery(pullQueries.detail(owner, repo, index));
  useDocumentTitle('Commits', pull.data && `${pull.data.title} · Pull request #${index}`, `${owner}/${repo}`);
  if (!data.commits.length) return <EmptyState title={page > 1 ? 'No more commits' : 'No commits'} />;
  return (
    <div>
      <CommitList owner={owner} repo={repo} commits={data.commits} />
      <Pagination page={page} total={data.total} limit={PULL_COMMITS_PER_PAGE} hasNext={data.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
