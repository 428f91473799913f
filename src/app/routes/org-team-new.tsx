// /org/:org/teams/new: owners create a team; others get the 404 page.
import { useNavigate, useParams } from 'react-router';
import { useSaveTeam } from '@/features/orgs/api/use-save-team';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { TeamForm } from '@/features/orgs/components/team-form';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { org } = useParams() as { org: string };
  const access = useOrgAccess(org);
  const save = useSaveTeam(org);
  const navigate = useNavigate();
  useDocumentTitle(`New team · ${org}`);
  if (!access.isOwner) return access.loading ? null : <NotFoundPage />;
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h2 className="text-lg font-semibold">New team</h2>
      <TeamForm
        pending={save.isPending}
        error={save.error}
        submitLabel="Create team"
        onSubmit={(body) => save.mutate(body, { onSuccess: (t) => navigate(paths.orgTeam.href(org, t.name)) })}
      />
    </section>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
