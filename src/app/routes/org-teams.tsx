// /org/:org/teams: the organization's teams; owners may start a new one.
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { OrgTeamsList } from '@/features/orgs/components/org-teams-list';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  // A list marked stale (a team was just deleted) is fetched before the page shows it.
  await queryClient.fetchQuery(orgQueries.teams(params.org!));
  return null;
}

export function Component() {
  const { org } = useParams() as { org: string };
  const access = useOrgAccess(org);
  useDocumentTitle(`Teams · ${org}`);
  return (
    <section className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Teams</h2>
        {access.isOwner && (
          <Link to={paths.orgNewTeam.href(org)} className={buttonClass('primary', 'sm')}>
            New team
          </Link>
        )}
      </div>
      <OrgTeamsList org={org} />
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
