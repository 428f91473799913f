// /{owner}/{repo}/milestone/{id}: one milestone's progress and its issues (filterable like the list).
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { milestoneQueries } from '@/features/milestones/api/milestone-queries';
import { MilestoneDue, MilestoneProgress } from '@/features/milestones/components/milestone-progress';
import { issueQueries, ISSUES_PER_PAGE } from '@/features/issues/api/issue-queries';
import { issueFilters, issueListQuery, parseIssueListView } from '@/features/issues/lib/issue-list-params';
import { IssueListPanel } from '@/features/issues/components/issue-list-panel';
import { IssueFilters } from '@/features/issues/components/issue-filters';
import { labelQueries } from '@/features/labels/api/label-queries';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { buttonClass } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

const idOf = (p: { id?: string }) => Number(p.id);

function viewFor(search: URLSearchParams, id: number) {
  // The milestone is fixed by the path, so it is not one of this page's removable filters.
  const view = parseIssueListView(search);
  return { view, query: { ...issueListQuery(view), milestones: String(id) }, filters: { ...issueFilters(view), milestones: String(id) } };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const id = idOf(params);
  const { query } = viewFor(new URL(request.url).searchParams, id);
  await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(owner, repo)),
    queryClient.ensureQueryData(milestoneQueries.detail(owner, repo, id)),
    queryClient.ensureQueryData(issueQueries.list(owner, repo, query)),
  ]);
  return null;
}

export function Component() {
  const params = useParams() as { owner: string; repo: string; id: string };
  const { owner, repo } = params;
  const id = idOf(params);
  const [search] = useSearchParams();
  const { view, query, filters } = viewFor(search, id);
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { data: m } = useSuspenseQuery(milestoneQueries.detail(owner, repo, id));
  const { data: list } = useSuspenseQuery(issueQueries.list(owner, repo, query));
  const open = useQuery(issueQueries.count(owner, repo, { ...filters, state: 'open' }));
  const closed = useQuery(issueQueries.count(owner, repo, { ...filters, state: 'closed' }));
  const labels = useQuery(labelQueries.all(owner, repo));

  useDocumentTitle(`${m.title} · Milestones · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-xl font-semibold break-words">{m.title}</h1>
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${m.state === 'open' ? 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200' : 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200'}`}
            >
              {m.state === 'open' ? 'Open' : 'Closed'}
            </span>
            <MilestoneDue milestone={m} />
          </p>
        </div>
        <Link className={buttonClass('secondary')} to={paths.milestones.href(owner, repo)}>
          All milestones
        </Link>
      </div>
      <div className="max-w-md">
        <MilestoneProgress milestone={m} />
      </div>
      {m.description && <MarkdownView source={m.description} references={{ owner, repo }} privateRepo={r.private || r.internal} />}
      <IssueListPanel
        view={view}
        issues={list.issues}
        openCount={view.state === 'open' ? list.total : open.data}
        closedCount={view.state === 'closed' ? list.total : closed.data}
        labelHref={(name) => paths.issues.href(owner, repo, { labels: name })}
        filters={<IssueFilters view={view} labels={labels.data ?? []} />}
        emptyInvitation={<>No issue is in this milestone yet. Set the milestone on an issue to add it.</>}
      />
      <Pagination page={view.page} total={list.total} limit={ISSUES_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
