// Filters of a pull request list, all written to the URL: labels, milestone, author, base branch, sort.
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { components } from '@/lib/api/schema';
import { inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { PULL_SORTS, clearedPullSearch, hasPullFilters, pullViewSearch, type PullListView } from '../lib/pull-list-params';
import { FilterMenu } from '@/components/ui/filter-menu';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface PullFiltersProps {
  view: PullListView;
  labels: Label[];
  milestones: Milestone[];
  /** Branch names for the base filter. */
  branches: string[];
  renderLabel: (label: Label) => ReactNode;
}

function AuthorFilter({ value, onApply }: { value: string; onApply: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterMenu label="Author" active={!!value}>
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
            Author (username)
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

function ChoiceList({ items, current, onPick }: { items: { id: string; title: string }[]; current: string; onPick: (id: string) => void }) {
  return (
    <ul className="space-y-0.5">
      {items.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            aria-pressed={current === m.id}
            className={`w-full truncate rounded px-2 py-1 text-left hover:bg-gray-100 dark:hover:bg-gray-800 ${current === m.id ? 'font-semibold' : ''}`}
            onClick={() => onPick(m.id)}
          >
            {m.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function PullFilters({ view, labels, milestones, branches, renderLabel }: PullFiltersProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const go = (patch: Partial<PullListView>) => navigate(pullViewSearch(search, patch));
  const toggleLabel = (id: number) => go({ labels: view.labels.includes(id) ? view.labels.filter((l) => l !== id) : [...view.labels, id] });
  // The chosen base stays offered even when it is not among the branches listed.
  const baseChoices = view.base && !branches.includes(view.base) ? [view.base, ...branches] : branches;

  return (
    <div className="flex flex-wrap items-center gap-1">
      <FilterMenu label="Labels" active={view.labels.length > 0}>
        {() =>
          labels.length === 0 ? (
            <p className="p-1 text-gray-500">No labels in this repository.</p>
          ) : (
            <fieldset>
              <legend className="sr-only">Filter by labels</legend>
              {labels.map((l) => (
                <label key={l.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-gray-100 dark:hover:bg-gray-800">
                  <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={view.labels.includes(l.id)} onChange={() => toggleLabel(l.id)} aria-label={l.name} />
                  {renderLabel(l)}
                </label>
              ))}
            </fieldset>
          )
        }
      </FilterMenu>
      <FilterMenu label="Milestone" active={!!view.milestone}>
        {(close) => (
          <>
            <ChoiceList
              items={[{ id: '', title: 'All milestones' }, ...milestones.map((m) => ({ id: String(m.id), title: m.title }))]}
              current={view.milestone}
              onPick={(milestone) => {
                go({ milestone });
                close();
              }}
            />
            {milestones.length === 0 && <p className="p-1 text-gray-500">No milestones yet.</p>}
          </>
        )}
      </FilterMenu>
      <AuthorFilter key={`p-${view.poster}`} value={view.poster} onApply={(poster) => go({ poster })} />
      <FilterMenu label="Base" active={!!view.base}>
        {(close) => (
          <ChoiceList
            items={[{ id: '', title: 'All branches' }, ...baseChoices.map((b) => ({ id: b, title: b }))]}
            current={view.base}
            onPick={(base) => {
              go({ base });
              close();
            }}
          />
        )}
      </FilterMenu>
      <label className="ml-1 flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
        <span>Sort</span>
        <select
          className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
          value={view.sort}
          onChange={(e) => go({ sort: e.target.value as PullListView['sort'] })}
        >
          {PULL_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {hasPullFilters(view) && <ActiveFilters view={view} labels={labels} milestones={milestones} />}
    </div>
  );
}

/** What narrows the list right now, each removable, plus one link that clears them all. */
function ActiveFilters({ view, labels, milestones }: { view: PullListView; labels: Label[]; milestones: Milestone[] }) {
  const [search] = useSearchParams();
  const labelName = (id: number) => labels.find((l) => l.id === id)?.name ?? `#${id}`;
  const milestoneTitle = milestones.find((m) => String(m.id) === view.milestone)?.title ?? view.milestone;
  const items: { key: string; text: string; patch: Partial<PullListView> }[] = [
    ...view.labels.map((l) => ({ key: `l-${l}`, text: `label: ${labelName(l)}`, patch: { labels: view.labels.filter((x) => x !== l) } })),
    ...(view.milestone ? [{ key: 'm', text: `milestone: ${milestoneTitle}`, patch: { milestone: '' } }] : []),
    ...(view.poster ? [{ key: 'p', text: `author: ${view.poster}`, patch: { poster: '' } }] : []),
    ...(view.base ? [{ key: 'b', text: `base: ${view.base}`, patch: { base: '' } }] : []),
  ];
  return (
    <div className="flex w-full flex-wrap items-center gap-1.5 pt-1">
      {items.map((i) => (
        <Link
          key={i.key}
          to={pullViewSearch(search, i.patch)}
          aria-label={`Remove filter ${i.text}`}
          className="inline-flex items-center gap-1 rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {i.text} <span aria-hidden>×</span>
        </Link>
      ))}
      <Link to={clearedPullSearch(search)} className="text-xs text-indigo-600 hover:underline dark:text-indigo-400">
        Clear filters
      </Link>
    </div>
  );
}
