// /{owner}/{repo}/settings/hooks: repository admins manage webhooks; everyone else gets the 404 page.
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { webhookQueries } from '@/features/webhooks/api/webhook-queries';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';
import { ensureRepoAdmin, RepoAdminPage, useRepoParams } from './repo-admin-page';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = await ensureRepoAdmin(params);
  await queryClient.ensureQueryData(webhookQueries.list({ kind: 'repo', owner, repo }));
  return null;
}

export function Component() {
  const { owner, repo } = useRepoParams();
  return (
    <RepoAdminPage title="Webhooks">
      <WebhooksPanel scope={{ kind: 'repo', owner, repo }} />
    </RepoAdminPage>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
