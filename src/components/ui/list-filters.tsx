// The controls of a filtered list (issues, pull requests), each in a FilterMenu: a checkbox list
// (labels), a single choice (milestone, base branch), a username, the sort, and the chips of what
// narrows the list now. They only report choices; the page writes them to the URL.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';
import { inputClass } from './field';
import { FilterMenu } from './filter-menu';

/** Several items to tick (e.g. labels), the menu staying open between ticks. */
export function CheckFilter<T extends { id: number; name: string }>({
  label,
  active,
  legend,
  empty,
  items,
  isChecked,
  onToggle,
  render,
}: {
  label: string;
  /** Whether anything is ticked (from the URL: a ticked item may not be among those loaded). */
  active: boolean;
  /** The fieldset's name for screen readers, e.g. "Filter by labels". */
  legend: string;
  /** Said when there is nothing to tick. */
  empty: string;
  items: T[];
  isChecked: (item: T) => boolean;
  onToggle: (item: T) => void;
  render: (item: T) => ReactNode;
}) {
  return (
    <FilterMenu label={label} active={active}>
      {() =>
        items.length === 0 ? (
          <p className="p-1 text-gray-500">{empty}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">{legend}</legend>
            {items.map((item) => (
              <label key={item.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-gray-100 dark:hover:bg-gray-800">
                <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={isChecked(item)} onChange={() => onToggle(item)} aria-label={item.name} />
                {render(item)}
              </label>
            ))}
          </fieldset>
        )
      }
    </FilterMenu>
  );
}

/** One choice out of several (the first usually "All …", with id ''); picking closes the menu. */
export function ChoiceFilter({
  label,
  items,
  current,
  onPick,
  empty,
}: {
  label: string;
  items: { id: string; title: string }[];
  current: string;
  onPick: (id: string) => void;
  /** Said under the choices, e.g. when only "All …" is left. */
  empty?: ReactNode;
}) {
  return (
    <FilterMenu label={label} active={!!current}>
      {(close) => (
        <>
          <ul className="space-y-0.5">
            {items.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  aria-pressed={current === m.id}
                  title={m.title}
                  className={`w-full truncate rounded px-2 py-1 text-left hover:bg-gray-100 dark:hover:bg-gray-800 ${current === m.id ? 'font-semibold' : ''}`}
                  onClick={() => {
                    onPick(m.id);
                    close();
                  }}
                >
                  {m.title}
                </button>
              </li>
            ))}
          </ul>
          {empty && <p className="p-1 text-gray-500">{empty}</p>}
        </>
      )}
    </FilterMenu>
  );
}

/** The labels filter of an issue or pull request list (ticked by name or by id: the page decides). */
export function LabelsFilter<T extends { id: number; name: string }>(props: {
  labels: T[];
  active: boolean;
  isChecked: (label: T) => boolean;
  onToggle: (label: T) => void;
  render: (label: T) => ReactNode;
}) {
  return <CheckFilter label="Labels" legend="Filter by labels" empty="No labels in this repository." items={props.labels} {...props} />;
}

/** The milestone filter: "All milestones", then each milestone by id. */
export function MilestoneFilter({
  milestones,
  current,
  onPick,
}: {
  milestones: { id: number; title: string }[];
  current: string;
  onPick: (id: string) => void;
}) {
  return (
    <ChoiceFilter
      label="Milestone"
      items={[{ id: '', title: 'All milestones' }, ...milestones.map((m) => ({ id: String(m.id), title: m.title }))]}
      current={current}
      onPick={onPick}
      empty={milestones.length === 0 ? 'No milestones yet.' : undefined}
    />
  );
}

/**
 * A username typed in and applied (author, assignee, mentions). Give it a key that changes with
 * `value`, so the draft starts again from the URL after back/forward.
 */
export function UsernameFilter({ label, value, onApply }: { label: string; value: string; onApply: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterMenu label={label} active={!!value}>
      {(close) => (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            onApply(draft.trim());
            close();
          }}
        >
          <label className="block text-xs font-medium text-gray-600 dark:text-gray-400">
            {label} (username)
            <input className={`${inputClass} mt-1`} value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" spellCheck={false} />
          </label>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="primary">
              Apply
            </Button>
            {value && (
              <Button
                size="sm"
                onClick={() => {
                  setDraft('');
                  onApply('');
                  close();
                }}
              >
                Clear
              </Button>
            )}
          </div>
        </form>
      )}
    </FilterMenu>
  );
}

export function SortSelect<S extends string>({
  value,
  sorts,
  onChange,
}: {
  value: S;
  sorts: readonly { value: S; label: string }[];
  onChange: (sort: S) => void;
}) {
  return (
    <label className="ml-1 flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
      <span>Sort</span>
      <select
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
        value={value}
        onChange={(e) => onChange(e.target.value as S)}
      >
        {sorts.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface ActiveFilter {
  key: string;
  text: string;
  /** The list without this filter. */
  to: string;
}

/** What narrows the list right now, each removable, plus one link that clears them all. */
export function ActiveFilters({ items, clearTo }: { items: ActiveFilter[]; clearTo: string }) {
  return (
    <div className="flex w-full flex-wrap items-center gap-1.5 pt-1">
      {items.map((i) => (
        <Link
          key={i.key}
          to={i.to}
          aria-label={`Remove filter ${i.text}`}
          className="inline-flex items-center gap-1 rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {i.text} <span aria-hidden>×</span>
        </Link>
      ))}
      <Link to={clearTo} className="text-xs text-indigo-600 hover:underline dark:text-indigo-400">
        Clear filters
      </Link>
    </div>
  );
}
