// /org/{org}/settings/hooks: organization owners manage webhooks sent for every repository.
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { webhookQueries } from '@/features/webhooks/api/webhook-queries';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(webhookQueries.list({ kind: 'org', org: params.org as string }));
  return null;
}

export function Component() {
  const { org } = useParams() as { org: string };
  useDocumentTitle(`Webhooks · ${org}`);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <nav aria-label="Settings" className="text-sm">
        <Link to={paths.orgSettings.href(org)} className="text-indigo-700 underline dark:text-indigo-400">
          Settings
        </Link>{' '}
        / Webhooks
      </nav>
      <h1 className="text-lg font-semibold">Webhooks</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">These webhooks are sent for events in every repository of {org}.</p>
      <WebhooksPanel scope={{ kind: 'org', org }} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
