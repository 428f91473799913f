// /{owner}/{repo}/settings: for repository admins only; everyone else gets the 404 page, as on Gitea.
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { data, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { RepoSettingsForm } from '@/features/repos/components/repo-settings-form';
import { RepoSettingsDangerZone } from '@/features/repos/components/repo-settings-danger-zone';
import { paths } from '@/lib/paths';
import { LinkButtons } from '@/components/ui/link-buttons';
import { NotFoundPage } from './not-found';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const [r] = await Promise.all([queryClient.ensureQueryData(repoQueries.detail(owner, repo)), queryClient.prefetchQuery(branchQueries.list(owner, repo))]);
  if (!r.permissions.admin) throw data(null, { status: 404 });
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const branches = useQuery({ ...branchQueries.list(owner, repo), enabled: !r.empty });
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Signing out on this page loses the permission without a new loader run.
  useDocumentTitle('Settings', r.full_name);
  if (!r.permissions.admin) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold">Settings</h1>
        <LinkButtons
          links={[
            { to: paths.collaborators.href(owner, repo), label: 'Collaborators' },
            { to: paths.repoAccess.href(owner, repo), label: 'Who has access' },
            { to: `${paths.settings.href(owner, repo)}/branches`, label: 'Branches' },
            { to: `${paths.settings.href(owner, repo)}/hooks`, label: 'Webhooks' },
          ]}
        />
      </div>
      <RepoSettingsForm
        key={r.updated_at}
        repo={r}
        branches={branches.data?.branches.map((b) => b.name) ?? []}
        onRenamed={(name) => navigate(paths.settings.href(owner, name), { replace: true })}
      />
      <RepoSettingsDangerZone
        repo={r}
        onDeleted={async () => {
          toast.success(`${owner}/${repo} deleted`);
          await navigate(paths.home.href());
          // Dropped only after leaving, so no mounted view refetches the now missing repository.
          qc.removeQueries({ queryKey: ['repos', owner, repo] });
        }}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
