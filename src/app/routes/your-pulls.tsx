// /pulls: the signed-in user's pull requests across repositories — created by them, waiting for
// their review, assigned to them, or mentioning them — with open/closed tabs and paging in the URL.
import { useCallback } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { getSession, sessionReady, useSession } from '@/lib/auth-store';
import type { components } from '@/lib/api/schema';
import { issueQueries, ISSUES_PER_PAGE, type IssueSearchQuery } from '@/features/issues/api/issue-queries';
import { LabelChip } from '@/features/issues/components/label-chip';
import { parsePullListView } from '@/features/pulls/lib/pull-list-params';
import { rowFromIssue } from '@/features/pulls/lib/pull-row-data';
import { PullList } from '@/features/pulls/components/pull-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { TabLinks } from '@/components/ui/tab-links';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';

type Label = components['schemas']['Label'];

const TABS = [
  { type: 'created_by', label: 'Created by you', param: 'created', empty: 'Pull requests you open in any repository show up here.' },
  { type: 'review_requested', label: 'Review requested', param: 'review_requested', empty: 'Pull requests waiting for your review show up here.' },
  { type: 'assigned', label: 'Assigned to you', param: 'assigned', empty: 'Pull requests assigned to you show up here.' },
  { type: 'mentioned', label: 'Mentioning you', param: 'mentioned', empty: 'Pull requests that @mention you show up here.' },
] as const;

function viewOf(search: URLSearchParams) {
  const tab = TABS.find((t) => t.type === search.get('type')) ?? TABS[0];
  // Only state and page apply here; the per-repository filters do not.
  const { state, page } = parsePullListView(search);
  const filters: IssueSearchQuery = { type: 'pulls', [tab.param]: 'true' };
  return { tab, state, page, filters, query: { ...filters, state, ...(page > 1 ? { page } : {}) } as IssueSearchQuery };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await sessionReady();
  if (!getSession()) return null;
  await queryClient.ensureQueryData(issueQueries.search(viewOf(new URL(request.url).searchParams).query));
  return null;
}

function YourPulls() {
  const [search] = useSearchParams();
  const { tab, state, page, filters, query } = viewOf(search);
  const { data: list } = useSuspenseQuery(issueQueries.search(query));
  const open = useQuery(issueQueries.searchCount({ ...filters, state: 'open' }));
  const closed = useQuery(issueQueries.searchCount({ ...filters, state: 'closed' }));
  const renderLabel = useCallback((l: Label) => <LabelChip label={l} />, []);
  const tabHref = (type: string) => {
    const q = new URLSearchParams();
    if (type !== 'created_by') q.set('type', type);
    if (state === 'closed') q.set('state', 'closed');
    return paths.yourPulls.href(Object.fromEntries(q));
  };
  useDocumentTitle('Your pull requests');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Your pull requests</h1>
      <TabLinks label="Whose pull requests" tabs={TABS.map((t) => ({ key: t.type, label: t.label, to: tabHref(t.type) }))} current={tab.type} />
      <PullList
        state={state}
        pulls={list.issues.map(rowFromIssue)}
        showRepo
        renderLabel={renderLabel}
        openCount={state === 'open' ? list.total : open.data}
        closedCount={state === 'closed' ? list.total : closed.data}
        emptyText={tab.empty}
      />
      <Pagination page={page} total={list.total} limit={ISSUES_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export function Component() {
  const session = useSession();
  if (!session) {
    return (
      <EmptyState title="Your pull requests">
        <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(paths.yourPulls.href())}>
          Sign in
        </Link>{' '}
        to see the pull requests you opened, are asked to review, are assigned to, or are mentioned in.
      </EmptyState>
    );
  }
  return <YourPulls />;
}

export const ErrorBoundary = RouteError;
