// /{owner}/{repo}/pulls: open/closed tabs with counts, filters, sort and paging in the URL; each
// row with its review state (reviews feature) and check state (commit statuses), fetched for the
// rows on screen only.
import { useCallback } from 'react';
import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/auth-store';
import type { components } from '@/lib/api/schema';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { pullQueries, PULLS_PER_PAGE } from '@/features/pulls/api/pull-queries';
import { hasPullFilters, parsePullListView, pullFilters } from '@/features/pulls/lib/pull-list-params';
import { PullList } from '@/features/pulls/components/pull-list';
import { PullFilters } from '@/features/pulls/components/pull-filters';
import type { PullCheckState, PullReviewState } from '@/features/pulls/components/pull-row';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { reviewCounts } from '@/features/reviews/lib/reviewer-summary';
import { statusQueries } from '@/features/commits/api/status-queries';
import { labelQueries } from '@/features/labels/api/label-queries';
import { milestoneQueries } from '@/features/milestones/api/milestone-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { LabelChip } from '@/features/issues/components/label-chip';
import { buttonClass } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { pullRowsQuery } from '@/features/pulls/api/pull-search-queries';
import { PullSearchBox } from '@/features/pulls/components/pull-search-box';
import { BaseFilterNote } from '@/features/pulls/components/base-filter-note';
import { PinnedList } from '@/features/issues/components/pinned-issues';

const labelNameMap = (labels: { id: number; name: string }[]) => new Map(labels.map((l) => [l.id, l.name]));

type Label = components['schemas']['Label'];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo } = params as { owner: string; repo: string };
  const view = parsePullListView(new URL(request.url).searchParams);
  // Beside the list, not before it: the page draws without them and shows them when they come.
  void queryClient.prefetchQuery(pullQueries.pinned(owner, repo));
  await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(owner, repo)),
    (async () => {
      // A search by label goes by the labels' names.
      const labels = view.q && view.labels.length ? await queryClient.ensureQueryData(labelQueries.all(owner, repo)) : [];
      await queryClient.ensureQueryData(pullRowsQuery(owner, repo, view, labelNameMap(labels)));
    })(),
  ]);
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [search] = useSearchParams();
  const view = parsePullListView(search);
  const session = useSession();
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const labels = useQuery(labelQueries.all(owner, repo));
  const pinned = useQuery(pullQueries.pinned(owner, repo));
  const { data: list } = useSuspenseQuery(pullRowsQuery(owner, repo, view, labelNameMap(labels.data ?? [])));
  const filters = pullFilters(view);
  // A search's other tab has no count of its own (the issue search answers one state at a time).
  const open = useQuery({ ...pullQueries.count(owner, repo, { ...filters, state: 'open' }), enabled: !view.q });
  const closed = useQuery({ ...pullQueries.count(owner, repo, { ...filters, state: 'closed' }), enabled: !view.q });
  const milestones = useQuery(milestoneQueries.choices(owner, repo));
  const branches = useQuery(branchQueries.list(owner, repo));

  // Review and check states only matter while a pull request is open.
  const openPulls = list.pulls.filter((p) => p.state === 'open' && !p.merged);
  const reviews = useQueries({
    queries: openPulls.map((p) => reviewQueries.list(owner, repo, p.number)),
    combine: (results) => {
      const out: Record<number, PullReviewState | null> = {};
      results.forEach((res, i) => {
        if (!res.data) return;
        const c = reviewCounts(res.data);
        out[openPulls[i]!.id] = c.changesRequested > 0 ? 'changes_requested' : c.approvals > 0 ? 'approved' : null;
      });
      return out;
    },
  });
  const checks = useQueries({
    queries: openPulls.map((p) => ({ ...statusQueries.combined(owner, repo, p.head.sha), enabled: !!p.head.sha })),
    combine: (results) => {
      const out: Record<number, PullCheckState | null> = {};
      results.forEach((res, i) => {
        if (res.data) out[openPulls[i]!.id] = res.data.state;
      });
      return out;
    },
  });

  // Counts by base branch exist only where the server filters by it.
  const openCount = list.baseFilteredHere ? undefined : view.state === 'open' ? list.total : open.data;
  const closedCount = list.baseFilteredHere ? undefined : view.state === 'closed' ? list.total : closed.data;
  const canCreate = !!session && !r.archived && r.has_pull_requests !== false && !r.empty;
  const renderLabel = useCallback((l: Label) => <LabelChip label={l} />, []);
  const labelHref = useCallback((l: Label) => paths.pulls.href(owner, repo, { labels: String(l.id) }), [owner, repo]);
  const allMilestones = [...(milestones.data?.open ?? []), ...(milestones.data?.closed ?? [])];
  const newButton = canCreate ? (
    <Link className={`${buttonClass('primary')} whitespace-nowrap`} to={paths.compare.href(owner, repo)}>
      New pull request
    </Link>
  ) : null;

  useDocumentTitle(`Pull requests · ${r.full_name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Pull requests</h2>
        {newButton}
      </div>
      <PullSearchBox q={view.q} />
      <PinnedList heading="Pinned pull requests" items={pinned.data} href={(n) => paths.pull.href(owner, repo, n)} />
      {list.baseFilteredHere && <BaseFilterNote base={view.base} search={!!view.q} />}
      <PullList
        state={view.state}
        pulls={list.rows}
        openCount={openCount}
        closedCount={closedCount}
        filtered={hasPullFilters(view)}
        renderLabel={renderLabel}
        labelHref={labelHref}
        reviews={reviews}
        checks={checks}
        filters={
          <PullFilters
            view={view}
            labels={labels.data ?? []}
            milestones={allMilestones}
            branches={branches.data?.branches.map((b) => b.name) ?? []}
            renderLabel={renderLabel}
          />
        }
        emptyText={
          session ? (
            'Pull requests propose changes from one branch to another, for review before they merge.'
          ) : (
            <>
              <Link to={paths.signIn.href(paths.pulls.href(owner, repo))} className="text-indigo-600 hover:underline dark:text-indigo-400">
                Sign in
              </Link>{' '}
              to open one.
            </>
          )
        }
        emptyAction={newButton}
      />
      <Pagination page={view.page} total={list.total} limit={PULLS_PER_PAGE} hasNext={list.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
