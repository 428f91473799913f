// The parent of every repository page: loads the repository once, shows its header, tabs and
// archived notice, and renders the page below.
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
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

/** The same page under the repository's current `full_name`, or null when the URL already names it (any case). */
function movedPath(at: { pathname: string; search: string; hash: string }, owner: string, repo: string, fullName: string): string | null {
  if (!fullName || `${owner}/${repo}`.toLowerCase() === fullName.toLowerCase()) return null;
  const [newOwner, newRepo] = fullName.split('/');
  // The layout's route is /:owner/:repo/…, so the first two segments are the names.
  const rest = at.pathname.split('/').slice(3).join('/');
  return `/${encodeURIComponent(newOwner!)}/${encodeURIComponent(newRepo!)}${rest ? `/${rest}` : ''}${at.search}${at.hash}`;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const location = useLocation();
  const { pathname } = location;
  // An old name of a renamed repository (or owner): the API answered 307 and fetch followed it, so
  // the repository's name differs from the URL's. Land on the new URL (with its #L anchor, which
  // a loader never sees) in place of the old one.
  const moved = movedPath(location, owner, repo, data.full_name);
  if (moved) return <Navigate to={moved} replace />;
  return (
    <div>
      <RepoHeader
        repo={data}
        active={activeTab(pathname)}
        forkButton={<ForkButton repo={data} />}
        // Below the home (/{owner}/{repo}/…): a compact header on phones.
        compact={pathname.split('/').filter(Boolean).length > 2}
      />
      {data.archived && (
        <div
          role="note"
          className="mb-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200"
        >
          This repository is archived. You can view files and clone it, but cannot push or open issues.
        </div>
      )}
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
