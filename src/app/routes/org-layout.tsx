// /org/:org/* — the organization's header and tabs above its members, teams and settings pages.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { OrgHeader, type OrgTab } from '@/features/orgs/components/org-header';

export async function loader({ params }: LoaderFunctionArgs) {
  // A 404 (unknown or hidden organization) becomes the 404 page through the error boundary.
  await queryClient.ensureQueryData(orgQueries.detail(params.org!));
  return null;
}

export function Component() {
  const { org: name } = useParams() as { org: string };
  const { pathname } = useLocation();
  const { data: org } = useSuspenseQuery(orgQueries.detail(name));
  const access = useOrgAccess(name);
  const tab: OrgTab = pathname.endsWith('/repo/create')
    ? 'repositories'
    : pathname.includes('/teams')
      ? 'teams'
      : pathname.endsWith('/settings')
        ? 'settings'
        : 'members';
  return (
    <div className="space-y-6">
      <OrgHeader org={org} current={tab} isOwner={access.isOwner} canCreateRepo={access.canCreateRepo} />
      <Outlet />
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
