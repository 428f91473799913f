// The boxed issue list: state tabs and filters on top, the rows, or the right empty state.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { clearedSearch, hasFilters, type IssueListView } from '../lib/issue-list-params';
import type { Issue } from '../api/issue-queries';
import { IssueRows } from './issue-row';
import { IssueStateTabs } from './issue-state-tabs';

export interface IssueListPanelProps {
  view: IssueListView;
  issues: Issue[];
  openCount?: number;
  closedCount?: number;
  /** The filter controls (route-composed so pages can leave some out). */
  filters?: ReactNode;
  labelHref?: (name: string) => string;
  /** Shown when the repository (or milestone) has no issues at all. */
  emptyInvitation?: ReactNode;
  showRepo?: boolean;
}

export function IssueListPanel({ view, issues, openCount, closedCount, filters, labelHref, emptyInvitation, showRepo }: IssueListPanelProps) {
  const [search] = useSearchParams();
  const filtered = hasFilters(view);
  const none = !filtered && openCount === 0 && closedCount === 0;
  return (
    <section aria-label="Issues" className="rounded-lg border border-gray-200 dark:border-gray-800">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
        <IssueStateTabs state={view.state} openCount={openCount} closedCount={closedCount} />
        {filters}
      </div>
      {issues.length > 0 ? (
        <IssueRows issues={issues} labelHref={labelHref} showRepo={showRepo} />
      ) : (
        <div className="px-4 py-12 text-center">
          {none ? (
            <>
              <h2 className="text-base font-semibold">No issues yet</h2>
              {emptyInvitation && <div className="mt-2 text-sm text-gray-600 dark:text-gray-400">{emptyInvitation}</div>}
            </>
          ) : filtered ? (
            <>
              <h2 className="text-base font-semibold">No results</h2>
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
                No {view.state} issues match these filters.{' '}
                <Link to={clearedSearch(search)} className="text-indigo-600 hover:underline dark:text-indigo-400">
                  Clear filters
                </Link>
              </p>
            </>
          ) : (
            <h2 className="text-base font-semibold">No {view.state} issues</h2>
          )}
        </div>
      )}
    </section>
  );
}
