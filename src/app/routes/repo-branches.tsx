// /{owner}/{repo}/branches: the default branch, then the others page by page.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { pageParam } from '@/lib/search-params';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { BranchList } from '@/features/branches/components/branch-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

const PER_PAGE = 30;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const page = pageParam(new URL(request.url).searchParams);
  const [r] = await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(owner, repo)),
    queryClient.ensureQueryData(branchQueries.list(owner, repo, page, PER_PAGE)),
  ]);
  if (!r.empty && r.default_branch) {
    // A repository whose default branch is gone still lists its other branches.
    await queryClient.ensureQueryData(branchQueries.detail(owner, repo, r.default_branch)).catch(() => null);
  }
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  useDocumentTitle('Branches', `${owner}/${repo}`);
  const [search] = useSearchParams();
  const page = pageParam(search);
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { data: list } = useSuspenseQuery(branchQueries.list(owner, repo, page, PER_PAGE));
  const def = useQuery({ ...branchQueries.detail(owner, repo, r.default_branch), enabled: !r.empty && !!r.default_branch });
  const writable = !r.archived;
  const tags = useQuery({ ...branchQueries.tags(owner, repo), enabled: writable && r.permissions.push });
  if (r.empty && list.branches.length === 0) {
    return <EmptyState title="No branches yet">Push a first commit to create the default branch.</EmptyState>;
  }
  return (
    <>
      <BranchList
        owner={owner}
        repo={repo}
        defaultBranch={r.default_branch}
        defaultBranchInfo={def.data ?? list.branches.find((b) => b.name === r.default_branch) ?? null}
        branches={list.branches}
        tags={tags.data?.tags.map((t) => t.name) ?? []}
        can={{ push: writable && r.permissions.push, admin: writable && r.permissions.admin }}
      />
      <Pagination page={page} total={list.total} limit={PER_PAGE} hasNext={list.hasNext} />
    </>
  );
}

export const ErrorBoundary = RouteError;
