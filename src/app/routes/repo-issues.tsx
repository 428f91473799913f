// /{owner}/{repo}/issues: open/closed tabs with counts, filters, sort and paging, all in the URL.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/auth-store';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { issueQueries, ISSUES_PER_PAGE } from '@/features/issues/api/issue-queries';
import { issueFilters, issueListQuery, parseIssueListView } from '@/features/issues/lib/issue-list-params';
import { IssueListPanel } from '@/features/issues/components/issue-list-panel';
import { PinnedIssues } from '@/features/issues/components/pinned-issues';
import { IssueFilters, IssueSearchBox } from '@/features/issues/components/issue-filters';
import { labelQueries } from '@/features/labels/api/label-queries';
import { milestoneQueries } from '@/features/milestones/api/milestone-queries';
import { buttonClass } from '@/components/ui/button';
import { LinkButtons } from '@/components/ui/link-buttons';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const view = parseIssueListView(new URL(request.url).searchParams);
  // Beside the list, not before it: the page draws without them and shows them when they come.
  void queryClient.prefetchQuery(issueQueries.pinned(owner, repo));
  await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(owner, repo)),
    queryClient.ensureQueryData(issueQueries.list(owner, repo, issueListQuery(view))),
  ]);
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [search] = useSearchParams();
  const view = parseIssueListView(search);
  const session = useSession();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const { data: list } = useSuspenseQuery(issueQueries.list(owner, repo, issueListQuery(view)));
  const filters = issueFilters(view);
  const open = useQuery(issueQueries.count(owner, repo, { ...filters, state: 'open' }));
  const closed = useQuery(issueQueries.count(owner, repo, { ...filters, state: 'closed' }));
  const labels = useQuery(labelQueries.all(owner, repo));
  const milestones = useQuery(milestoneQueries.choices(owner, repo));
  // The list's own total is exact for the state on screen even before the count queries answer.
  const openCount = view.state === 'open' ? list.total : open.data;
  const closedCount = view.state === 'closed' ? list.total : closed.data;
  const canCreate = !!session && !r.archived && r.has_issues !== false;
  const labelHref = (name: string) => paths.issues.href(owner, repo, { labels: name });

  useDocumentTitle(`Issues · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <IssueSearchBox view={view} />
        <LinkButtons
          links={[
            { to: paths.labels.href(owner, repo), label: 'Labels' },
            { to: paths.milestones.href(owner, repo), label: 'Milestones' },
          ]}
        >
          {canCreate && (
            <Link className={`${buttonClass('primary')} whitespace-nowrap`} to={paths.newIssue.href(owner, repo)}>
              New issue
            </Link>
          )}
        </LinkButtons>
      </div>
      <PinnedIssues owner={owner} repo={repo} />
      <IssueListPanel
        view={view}
        issues={list.issues}
        openCount={openCount}
        closedCount={closedCount}
        labelHref={labelHref}
        filters={<IssueFilters view={view} labels={labels.data ?? []} milestones={[...(milestones.data?.open ?? []), ...(milestones.data?.closed ?? [])]} />}
        emptyInvitation={
          canCreate ? (
            <>
              Issues track bugs, ideas and tasks.{' '}
              <Link to={paths.newIssue.href(owner, repo)} className="text-indigo-600 hover:underline dark:text-indigo-400">
                Open the first one
              </Link>
              .
            </>
          ) : session ? null : (
            <>
              <Link to={paths.signIn.href(paths.newIssue.href(owner, repo))} className="text-indigo-600 hover:underline dark:text-indigo-400">
                Sign in
              </Link>{' '}
              to open the first one.
            </>
          )
        }
      />
      <Pagination page={view.page} total={list.total} limit={ISSUES_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
