// The boxed pull request list: state tabs and filters on top, the rows, or the right empty state.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { clearedPullSearch } from '../lib/pull-list-params';
import type { PullRowData } from '../lib/pull-row-data';
import { PullRow, type PullRowProps } from './pull-row';
import { PullStateTabs } from './pull-state-tabs';

export interface PullListProps extends Pick<PullRowProps, 'showRepo' | 'renderLabel' | 'labelHref'> {
  state: 'open' | 'closed';
  pulls: PullRowData[];
  openCount?: number;
  closedCount?: number;
  /** Whether filters narrow the list (decides between "no results" and "none yet"). */
  filtered?: boolean;
  /** The filter controls (route-composed so pages can leave them out). */
  filters?: ReactNode;
  /** Review and check state by pull request id, for the rows shown. */
  reviews?: Record<number, PullRowProps['review']>;
  checks?: Record<number, PullRowProps['checks']>;
  /** Under an empty state: e.g. a "New pull request" button. */
  emptyAction?: ReactNode;
  /** What "none yet" says about where pull requests come from. */
  emptyText?: ReactNode;
}

export function PullList({ state, pulls, openCount, closedCount, filtered, filters, reviews, checks, emptyAction, emptyText, ...rowProps }: PullListProps) {
  const [search] = useSearchParams();
  const none = !filtered && openCount === 0 && closedCount === 0;
  return (
    <section aria-label="Pull requests" className="rounded-lg border border-gray-200 dark:border-gray-800">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
        <PullStateTabs state={state} openCount={openCount} closedCount={closedCount} />
        {filters}
      </div>
      {pulls.length > 0 ? (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {pulls.map((p) => (
            <PullRow key={p.id} pull={p} review={reviews?.[p.id]} checks={checks?.[p.id]} {...rowProps} />
          ))}
        </ul>
      ) : (
        <div className="px-4 py-12 text-center">
          {filtered ? (
            <>
              <h2 className="text-base font-semibold">No results</h2>
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
                No {state} pull requests match these filters.{' '}
                <Link to={clearedPullSearch(search)} className="text-indigo-600 hover:underline dark:text-indigo-400">
                  Clear filters
                </Link>
              </p>
            </>
          ) : (
            <>
              <h2 className="text-base font-semibold">{none ? 'No pull requests yet' : `No ${state} pull requests`}</h2>
              {none && emptyText && <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{emptyText}</p>}
              {emptyAction && <div className="mt-4 flex justify-center">{emptyAction}</div>}
            </>
          )}
        </div>
      )}
    </section>
  );
}
