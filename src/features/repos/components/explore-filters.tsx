// Search box, sort, type and visibility filters of the explore page, all read from and written to the URL.
import { useSearchParams } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { MODE_OPTIONS, readExploreState, SORT_OPTIONS, writeExploreState, type ExploreState } from './explore-params';

const selectClass = `${inputClass} w-auto pr-8`;
const labelClass = 'block text-xs font-medium text-gray-600 dark:text-gray-400';

export function ExploreFilters() {
  const [params, setParams] = useSearchParams();
  const state = readExploreState(params);
  const latest = useLatestSearchParams();
  const update = (change: Partial<ExploreState>) => setParams(writeExploreState(latest, change));
  const sortValue = `${state.sort}:${state.order}`;

  return (
    <div className="space-y-3">
      <form
        role="search"
        aria-label="Repositories"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          // Words typed in the box search names again, not topics.
          update({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim(), topic: false });
        }}
      >
        <label htmlFor="explore-q" className="sr-only">
          Find a repository
        </label>
        {/* Keyed on the URL's q so back/forward and the top bar search refill the box. */}
        <input
          key={state.q}
          id="explore-q"
          name="q"
          type="search"
          defaultValue={state.q}
          placeholder="Find a repository…"
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="explore-sort" className={labelClass}>
            Sort
          </label>
          <select
            id="explore-sort"
            className={selectClass}
            value={sortValue}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [ExploreState['sort'], ExploreState['order']];
              update({ sort, order });
            }}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={`${o.sort}:${o.order}`} value={`${o.sort}:${o.order}`}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="explore-mode" className={labelClass}>
            Type
          </label>
          <select id="explore-mode" className={selectClass} value={state.mode} onChange={(e) => update({ mode: e.target.value as ExploreState['mode'] })}>
            {MODE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="explore-archived" className={labelClass}>
            Archived
          </label>
          <select
            id="explore-archived"
            className={selectClass}
            value={state.archived}
            onChange={(e) => update({ archived: e.target.value as ExploreState['archived'] })}
          >
            <option value="any">Include archived</option>
            <option value="hide">Hide archived</option>
            <option value="only">Only archived</option>
          </select>
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            role="switch"
            checked={state.includePrivate}
            onChange={(e) => update({ includePrivate: e.target.checked })}
            className="h-4 w-4 accent-indigo-600"
          />
          Include private
        </label>
      </div>
    </div>
  );
}
