// /org/:org/repo/create: a repository owned by the organization, for those who may create one there.
import { useNavigate, useParams } from 'react-router';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { OrgRepoForm } from '@/features/orgs/components/org-repo-form';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { org } = useParams() as { org: string };
  const access = useOrgAccess(org);
  const navigate = useNavigate();
  useDocumentTitle(`New repository · ${org}`);
  if (!access.canCreateRepo) return access.loading ? null : <NotFoundPage />;
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h2 className="text-lg font-semibold">New repository</h2>
      <OrgRepoForm org={org} onCreated={(r) => navigate(paths.repo.href(r.owner.login, r.name))} />
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
