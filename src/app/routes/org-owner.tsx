// /:owner — an organization's page when the name is an organization, the user's profile otherwise.
// An old name of a renamed organization answers with the new one (the server redirects), and the
// page moves to the new address.
import { useSuspenseQuery, useQuery, keepPreviousData } from '@tanstack/react-query';
import { redirect, useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { isApiError } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { OrgHeader } from '@/features/orgs/components/org-header';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { OwnedRepos, ownedReposQuery } from '@/features/repos/components/owned-repos';
import { ActivityFeed } from '@/features/activity/components/activity-feed';
import { ACTIVITIES_PER_PAGE } from '@/features/activity/api/activity-queries';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import * as userProfile from './user-profile';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader(args: LoaderFunctionArgs) {
  const owner = args.params.owner!;
  try {
    const org = await queryClient.ensureQueryData(orgQueries.detail(owner));
    if (org.name.toLowerCase() !== owner.toLowerCase()) {
      queryClient.removeQueries({ queryKey: ['orgs', owner] });
      throw redirect(paths.user.href(org.name) + new URL(args.request.url).search);
    }
    void queryClient.prefetchQuery(repoQueries.search(ownedReposQuery(org.id, new URL(args.request.url).searchParams)));
    return { kind: 'org' as const };
  } catch (e) {
    if (!isApiError(e) || e.status !== 404) throw e;
  }
  await userProfile.loader(args);
  return { kind: 'user' as const };
}

export function Component() {
  const { kind } = useLoaderData<typeof loader>();
  return kind === 'org' ? <OrgHome /> : <userProfile.Component />;
}

function OrgHome() {
  const { owner } = useParams() as { owner: string };
  const [params] = useSearchParams();
  const { data: org } = useSuspenseQuery(orgQueries.detail(owner));
  const access = useOrgAccess(org.name);
  const tab = params.get('tab') === 'activity' ? 'activity' : 'repositories';
  useDocumentTitle(`${org.full_name || org.name}`);
  return (
    <div className="space-y-6">
      <OrgHeader org={org} current={tab} isOwner={access.isOwner} canCreateRepo={access.canCreateRepo} />
      {tab === 'activity' ? <OrgActivity org={org.name} /> : <OwnedRepos uid={org.id} login={org.name} />}
    </div>
  );
}

function OrgActivity({ org }: { org: string }) {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...orgQueries.feed(org, page, ACTIVITIES_PER_PAGE), placeholderData: keepPreviousData });
  return (
    <section aria-label="Activity">
      <ErrorNotice error={error} />
      {!data && !error && <Spinner label="Loading activity" />}
      {data && (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <ActivityFeed activities={data.activities} emptyText="Pushes, new repositories and other changes in this organization will show up here." />
          <Pagination page={page} total={data.total} limit={ACTIVITIES_PER_PAGE} hasNext={data.hasNext} />
        </div>
      )}
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
