// /{owner}/{repo}/milestones: open/closed tabs, progress, due dates; writers manage them.
import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { pageParam } from '@/lib/search-params';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { milestoneQueries, MILESTONES_PER_PAGE } from '@/features/milestones/api/milestone-queries';
import { useCreateMilestone } from '@/features/milestones/api/use-create-milestone';
import { MilestoneForm } from '@/features/milestones/components/milestone-form';
import { MilestoneList } from '@/features/milestones/components/milestone-list';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { Button } from '@/components/ui/button';
import { LinkButtons } from '@/components/ui/link-buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

const viewOf = (q: URLSearchParams) => ({
  state: (q.get('state') === 'closed' ? 'closed' : 'open') as 'open' | 'closed',
  page: pageParam(q),
});

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const v = viewOf(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(owner, repo)),
    queryClient.ensureQueryData(milestoneQueries.list(owner, repo, v.state, v.page)),
  ]);
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [search] = useSearchParams();
  const v = viewOf(search);
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { data: list } = useSuspenseQuery(milestoneQueries.list(owner, repo, v.state, v.page));
  const openCount = useQuery(milestoneQueries.count(owner, repo, 'open'));
  const closedCount = useQuery(milestoneQueries.count(owner, repo, 'closed'));
  const [creating, setCreating] = useState(false);
  const create = useCreateMilestone(owner, repo);
  const canEdit = r.permissions.push && !r.archived;
  const counts = { open: v.state === 'open' ? list.total : openCount.data, closed: v.state === 'closed' ? list.total : closedCount.data };

  useDocumentTitle(`Milestones · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label="Milestone state" className="flex gap-1">
          {(['open', 'closed'] as const).map((s) => (
            <Link
              key={s}
              to={paths.milestones.href(owner, repo, s === 'closed' ? { state: 'closed' } : undefined)}
              aria-current={v.state === s ? 'page' : undefined}
              className={`rounded-md px-2 py-1 text-sm ${v.state === s ? 'bg-gray-100 font-semibold dark:bg-gray-800' : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`}
            >
              {counts[s] ?? ''} {s === 'open' ? 'Open' : 'Closed'}
            </Link>
          ))}
        </nav>
        <LinkButtons
          links={[
            { to: paths.labels.href(owner, repo), label: 'Labels' },
            { to: paths.issues.href(owner, repo), label: 'Issues' },
          ]}
        >
          {canEdit && !creating && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New milestone
            </Button>
          )}
        </LinkButtons>
      </div>
      {creating && (
        <section aria-label="New milestone" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <MilestoneForm
            submitLabel="Create milestone"
            pending={create.isPending}
            error={create.error}
            onCancel={() => {
              create.reset();
              setCreating(false);
            }}
            onSubmit={(val) =>
              create.mutate(
                { ...val, due_on: val.due_on ?? undefined },
                {
                  onSuccess: (m) => {
                    toast.success(`Milestone “${m!.title}” created`);
                    setCreating(false);
                  },
                },
              )
            }
          />
        </section>
      )}
      {list.milestones.length === 0 ? (
        <EmptyState title={v.state === 'open' ? 'No open milestones' : 'No closed milestones'}>
          {v.state === 'open' && canEdit ? 'Milestones group issues toward a release or a goal.' : null}
        </EmptyState>
      ) : (
        <MilestoneList
          owner={owner}
          repo={repo}
          milestones={list.milestones}
          canEdit={canEdit}
          href={(m) => paths.milestone.href(owner, repo, m.id)}
          renderDescription={(s) => <MarkdownView source={s} references={{ owner, repo }} privateRepo={r.private || r.internal} />}
        />
      )}
      <Pagination page={v.page} total={list.total} limit={MILESTONES_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
