// /{owner}/{repo}/labels: every label with its open issues; writers create, edit and delete.
import { useState } from 'react';
import { useQueries, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { labelQueries } from '@/features/labels/api/label-queries';
import { useCreateLabel } from '@/features/labels/api/use-create-label';
import { LabelForm } from '@/features/labels/components/label-form';
import { LabelList } from '@/features/labels/components/label-list';
import { issueQueries } from '@/features/issues/api/issue-queries';
import { LabelChip } from '@/features/issues/components/label-chip';
import { Button } from '@/components/ui/button';
import { LinkButtons } from '@/components/ui/link-buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  await Promise.all([queryClient.ensureQueryData(repoQueries.detail(owner, repo)), queryClient.ensureQueryData(labelQueries.all(owner, repo))]);
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { data: labels } = useSuspenseQuery(labelQueries.all(owner, repo));
  const [creating, setCreating] = useState(false);
  const create = useCreateLabel(owner, repo);
  const canEdit = r.permissions.push && !r.archived;
  const counts = useQueries({ queries: labels.map((l) => issueQueries.count(owner, repo, { labels: l.name, state: 'open' })) });
  const openCounts = Object.fromEntries(labels.map((l, i) => [l.id, counts[i]?.data]));
  const chip = (l: Parameters<typeof LabelChip>[0]['label']) => <LabelChip label={l} size="md" />;

  useDocumentTitle(`Labels · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">
          {labels.length} label{labels.length === 1 ? '' : 's'}
        </h1>
        <LinkButtons
          links={[
            { to: paths.milestones.href(owner, repo), label: 'Milestones' },
            { to: paths.issues.href(owner, repo), label: 'Issues' },
          ]}
        >
          {canEdit && !creating && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New label
            </Button>
          )}
        </LinkButtons>
      </div>
      {creating && (
        <section aria-label="New label" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <LabelForm
            submitLabel="Create label"
            pending={create.isPending}
            error={create.error}
            preview={chip}
            onCancel={() => {
              create.reset();
              setCreating(false);
            }}
            onSubmit={(v) =>
              create.mutate(v, {
                onSuccess: (l) => {
                  toast.success(`Label “${l.name}” created`);
                  setCreating(false);
                },
              })
            }
          />
        </section>
      )}
      {labels.length === 0 ? (
        <EmptyState title="No labels yet">
          {canEdit ? 'Labels sort issues by kind, area or priority. Create the first one.' : 'This repository has no labels.'}
        </EmptyState>
      ) : (
        <LabelList
          owner={owner}
          repo={repo}
          labels={labels}
          canEdit={canEdit}
          openCounts={openCounts}
          issuesHref={(l) => paths.issues.href(owner, repo, { labels: l.name })}
          renderChip={chip}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
