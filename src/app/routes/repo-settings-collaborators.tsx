// /{owner}/{repo}/settings/collaborators: repository admins add, change and remove collaborators;
// everyone else gets the 404 page, as on Gitea.
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { collaboratorQueries } from '@/features/collaborators/api/collaborator-queries';
import { CollaboratorsPanel } from '@/features/collaborators/components/collaborators-panel';
import { ensureRepoAdmin, RepoAdminPage, useRepoParams } from './repo-admin-page';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = await ensureRepoAdmin(params);
  await queryClient.ensureQueryData(collaboratorQueries.list(owner, repo));
  return null;
}

export function Component() {
  const { owner, repo } = useRepoParams();
  return (
    <RepoAdminPage title="Collaborators">
      <CollaboratorsPanel owner={owner} repo={repo} />
    </RepoAdminPage>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
