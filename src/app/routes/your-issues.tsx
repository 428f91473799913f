// /issues: the signed-in user's issues across repositories — created by, assigned to, or
// mentioning them — with open/closed tabs and paging in the URL.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { getSession, sessionReady, useSession } from '@/lib/auth-store';
import { issueQueries, ISSUES_PER_PAGE, type IssueSearchQuery } from '@/features/issues/api/issue-queries';
import { parseIssueListView } from '@/features/issues/lib/issue-list-params';
import { IssueListPanel } from '@/features/issues/components/issue-list-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { TabLinks } from '@/components/ui/tab-links';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

const TABS = [
  { type: 'created_by', label: 'Created by you', param: 'created' },
  { type: 'assigned', label: 'Assigned to you', param: 'assigned' },
  { type: 'mentioned', label: 'Mentioning you', param: 'mentioned' },
] as const;

function viewOf(search: URLSearchParams) {
  const tab = TABS.find((t) => t.type === search.get('type')) ?? TABS[0];
  const base = parseIssueListView(search);
  // Only state and page apply here; the per-repository filters do not.
  const view = { ...base, labels: [], milestone: '', poster: '', assignee: '', mentioned: '', q: '', sort: 'newest' as const };
  const filters: IssueSearchQuery = { [tab.param]: 'true' };
  return { tab, view, filters, query: { ...filters, state: view.state, ...(view.page > 1 ? { page: view.page } : {}) } as IssueSearchQuery };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await sessionReady();
  if (!getSession()) return null;
  await queryClient.ensureQueryData(issueQueries.search(viewOf(new URL(request.url).searchParams).query));
  return null;
}

function YourIssues() {
  const [search] = useSearchParams();
  const { tab, view, filters, query } = viewOf(search);
  const { data: list } = useSuspenseQuery(issueQueries.search(query));
  const open = useQuery(issueQueries.searchCount({ ...filters, state: 'open' }));
  const closed = useQuery(issueQueries.searchCount({ ...filters, state: 'closed' }));
  const tabHref = (type: string) => {
    const q = new URLSearchParams();
    if (type !== 'created_by') q.set('type', type);
    if (view.state === 'closed') q.set('state', 'closed');
    return paths.yourIssues.href(Object.fromEntries(q));
  };
  useDocumentTitle('Your issues');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Your issues</h1>
      <TabLinks label="Whose issues" tabs={TABS.map((t) => ({ key: t.type, label: t.label, to: tabHref(t.type) }))} current={tab.type} />
      <IssueListPanel
        view={view}
        issues={list.issues}
        showRepo
        openCount={view.state === 'open' ? list.total : open.data}
        closedCount={view.state === 'closed' ? list.total : closed.data}
        emptyInvitation={
          tab.type === 'created_by'
            ? 'Issues you open in any repository show up here.'
            : tab.type === 'assigned'
              ? 'Issues assigned to you show up here.'
              : 'Issues that @mention you show up here.'
        }
      />
      <Pagination page={view.page} total={list.total} limit={ISSUES_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export function Component() {
  const session = useSession();
  if (!session) {
    return (
      <EmptyState title="Your issues">
        <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(paths.yourIssues.href())}>
          Sign in
        </Link>{' '}
        to see the issues you created, are assigned to, or are mentioned in.
      </EmptyState>
    );
  }
  return <YourIssues />;
}

export const ErrorBoundary = RouteError;
