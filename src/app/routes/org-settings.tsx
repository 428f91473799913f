// /org/:org/settings: owners edit the organization, rename or delete it; others get the 404 page.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { useEditOrg } from '@/features/orgs/api/use-edit-org';
import { OrgForm } from '@/features/orgs/components/org-form';
import { OrgDangerZone } from '@/features/orgs/components/org-danger-zone';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { org: name } = useParams() as { org: string };
  const { data: org } = useSuspenseQuery(orgQueries.detail(name));
  const access = useOrgAccess(name);
  const edit = useEditOrg(name);
  const navigate = useNavigate();
  const qc = useQueryClient();
  useDocumentTitle(`Settings · ${org.name}`);
  if (!access.isOwner) return access.loading ? null : <NotFoundPage />;
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <section className="space-y-4">
        <h2 className="text-lg font-semibold">Settings</h2>
        <OrgForm
          key={JSON.stringify(org)}
          org={org}
          submitLabel="Save"
          pendingLabel="Saving…"
          pending={edit.isPending}
          error={edit.error}
          onSubmit={({ username: _, ...body }) => edit.mutate(body, { onSuccess: () => toast.success('Organization saved') })}
        />
      </section>
      <OrgDangerZone
        org={org.name}
        onRenamed={(next) => {
          toast.success(`Renamed to ${next}`);
          void navigate(paths.orgSettings.href(next), { replace: true });
        }}
        onDeleted={async () => {
          toast.success(`${org.name} deleted`);
          await navigate(paths.home.href());
          qc.removeQueries({ queryKey: ['orgs', name] });
        }}
      />
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
