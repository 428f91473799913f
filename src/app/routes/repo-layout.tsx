// The parent of every repository page: loads the repository once, shows its header, tabs and
// archived notice, and renders the page below.
import { Suspense } from 'react';
import { Outlet, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { activeTab, RepoHeader } from '@/features/repos/components/repo-header';
import { ForkButton } from '@/features/forks/components/fork-button';
import { Spinner } from '@/components/ui/spinner';

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(repoQueries.detail(params.owner!, params.repo!));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { pathname } = useLocation();
  return (
    <div>
      <RepoHeader repo={data} active={activeTab(pathname)} forkButton={<ForkButton repo={data} />} />
      {data.archived && (
        <div role="note" className="mb-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200">
          This repository is archived. You can view files and clone it, but cannot push or open issues.
        </div>
      )}
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
