// /org/:org/members: who belongs to the organization (members see everyone, others the public ones).
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { OrgMembers } from '@/features/orgs/components/org-members';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(orgQueries.members(params.org!));
  return null;
}

export function Component() {
  const { org } = useParams() as { org: string };
  const access = useOrgAccess(org);
  useDocumentTitle(`Members · ${org}`);
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">Members</h2>
      <OrgMembers org={org} me={access.me} isOwner={access.isOwner} isMember={access.isMember} />
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
