// /{owner}/{repo}/settings/hooks: repository admins manage webhooks; everyone else gets the 404 page.
import { useSuspenseQuery } from '@tanstack/react-query';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { webhookQueries } from '@/features/webhooks/api/webhook-queries';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const r = await queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  if (!r.permissions.admin) throw data(null, { status: 404 });
  await queryClient.ensureQueryData(webhookQueries.list({ kind: 'repo', owner, repo }));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  useDocumentTitle(`Webhooks · ${owner}/${repo}`);
  if (!r.permissions.admin) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <nav aria-label="Settings" className="text-sm">
        <Link to={paths.settings.href(owner, repo)} className="text-indigo-700 underline dark:text-indigo-400">
          Settings
        </Link>{' '}
        / Webhooks
      </nav>
      <h1 className="text-lg font-semibold">Webhooks</h1>
      <WebhooksPanel scope={{ kind: 'repo', owner, repo }} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
