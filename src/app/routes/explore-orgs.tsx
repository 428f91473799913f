// /explore/organizations: every organization the viewer may see, paged by ?page=.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { VisibilityBadge } from '@/features/orgs/components/org-header';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { buttonClass } from '@/components/ui/button';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { ExploreTabs } from '../explore-tabs';
import { useDocumentTitle } from '@/lib/use-document-title';

const PAGE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(orgQueries.list(pageParam(new URL(request.url).searchParams), PAGE));
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data } = useSuspenseQuery(orgQueries.list(page, PAGE));
  const session = useSession();
  useDocumentTitle('Explore organizations');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Explore organizations</h1>
        {session && (
          <Link to={paths.newOrg.href()} className={buttonClass('primary', 'sm')}>
            New organization
          </Link>
        )}
      </div>
      <ExploreTabs current="orgs" />
      {data.orgs.length === 0 ? (
        <EmptyState title="No organizations yet">Organizations you may see will show up here.</EmptyState>
      ) : (
        <ul aria-label="Organizations" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {data.orgs.map((o) => (
            <li key={o.id} className="flex items-start gap-3 px-4 py-3">
              <Avatar src={o.avatar_url} name={o.name} size={40} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={paths.user.href(o.name)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
                    {o.name}
                  </Link>
                  {o.full_name && <span className="text-sm text-gray-600 dark:text-gray-400">{o.full_name}</span>}
                  <VisibilityBadge visibility={o.visibility} />
                </div>
                {o.description && <p className="break-words text-sm text-gray-700 dark:text-gray-300">{o.description}</p>}
                {o.location && <p className="text-xs text-gray-500 dark:text-gray-400">{o.location}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={data.total} limit={PAGE} hasNext={data.hasNext} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
