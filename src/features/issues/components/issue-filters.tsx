// Filters of an issue list, all written to the URL: labels, milestone, people, sort.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { components } from '@/lib/api/schema';
import { inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { ISSUE_SORTS, clearedSearch, hasFilters, viewSearch, type IssueListView } from '../lib/issue-list-params';
import { FilterMenu } from '@/components/ui/filter-menu';
import { LabelChip } from './label-chip';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface IssueFiltersProps {
  view: IssueListView;
  labels: Label[];
  /** Omit on a page fixed to one milestone. */
  milestones?: Milestone[];
}

function PersonFilter({ label, value, onApply }: { label: string; value: string; onApply: (v: string) => void }) {
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

export function IssueFilters({ view, labels, milestones }: IssueFiltersProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const go = (patch: Partial<IssueListView>) => navigate(viewSearch(search, patch));
  const toggleLabel = (name: string) =>
    go({ labels: view.labels.includes(name) ? view.labels.filter((l) => l !== name) : [...view.labels, name] });
  const current = milestones?.find((m) => String(m.id) === view.milestone);

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
                  <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={view.labels.includes(l.name)} onChange={() => toggleLabel(l.name)} aria-label={l.name} />
                  <LabelChip label={l} />
                </label>
              ))}
            </fieldset>
          )
        }
      </FilterMenu>
      {milestones && (
        <FilterMenu label="Milestone" active={!!view.milestone}>
          {(close) => (
            <ul className="space-y-0.5">
              {[{ id: '', title: 'All milestones' }, ...milestones.map((m) => ({ id: String(m.id), title: m.title }))].map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    aria-pressed={view.milestone === m.id}
                    className={`w-full rounded px-2 py-1 text-left hover:bg-gray-100 dark:hover:bg-gray-800 ${view.milestone === m.id ? 'font-semibold' : ''}`}
                    onClick={() => {
                      go({ milestone: m.id });
                      close();
                    }}
                  >
                    {m.title}
                  </button>
                </li>
              ))}
              {milestones.length === 0 && <li className="p-1 text-gray-500">No milestones yet.</li>}
            </ul>
          )}
        </FilterMenu>
      )}
      <PersonFilter key={`p-${view.poster}`} label="Author" value={view.poster} onApply={(poster) => go({ poster })} />
      <PersonFilter key={`a-${view.assignee}`} label="Assignee" value={view.assignee} onApply={(assignee) => go({ assignee })} />
      <PersonFilter key={`m-${view.mentioned}`} label="Mentions" value={view.mentioned} onApply={(mentioned) => go({ mentioned })} />
      <label className="ml-1 flex items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
        <span>Sort</span>
        <select
          className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
          value={view.sort}
          onChange={(e) => go({ sort: e.target.value as IssueListView['sort'] })}
        >
          {ISSUE_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {hasFilters(view) && (
        <ActiveFilters view={view} milestoneTitle={current?.title} />
      )}
    </div>
  );
}

/** What narrows the list right now, each removable, plus one link that clears them all. */
function ActiveFilters({ view, milestoneTitle }: { view: IssueListView; milestoneTitle?: string }) {
  const [search] = useSearchParams();
  const items: { key: string; text: string; patch: Partial<IssueListView> }[] = [
    ...view.labels.map((l) => ({ key: `l-${l}`, text: `label: ${l}`, patch: { labels: view.labels.filter((x) => x !== l) } })),
    ...(view.milestone ? [{ key: 'm', text: `milestone: ${milestoneTitle ?? view.milestone}`, patch: { milestone: '' } }] : []),
    ...(view.poster ? [{ key: 'p', text: `author: ${view.poster}`, patch: { poster: '' } }] : []),
    ...(view.assignee ? [{ key: 'a', text: `assignee: ${view.assignee}`, patch: { assignee: '' } }] : []),
    ...(view.mentioned ? [{ key: 'n', text: `mentions: ${view.mentioned}`, patch: { mentioned: '' } }] : []),
    ...(view.q ? [{ key: 'q', text: `“${view.q}”`, patch: { q: '' } }] : []),
  ];
  return (
    <div className="flex w-full flex-wrap items-center gap-1.5 pt-1">
      {items.map((i) => (
        <Link
          key={i.key}
          to={viewSearch(search, i.patch)}
          aria-label={`Remove filter ${i.text}`}
          className="inline-flex items-center gap-1 rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {i.text} <span aria-hidden>×</span>
        </Link>
      ))}
      <Link to={clearedSearch(search)} className="text-xs text-indigo-600 hover:underline dark:text-indigo-400">
        Clear filters
      </Link>
    </div>
  );
}

/** The text search box; submitting writes ?q= and starts at page 1. */
export function IssueSearchBox({ view }: { view: IssueListView }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(viewSearch(search, { q }));
  };
  return (
    <form role="search" onSubmit={onSubmit} className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1">
      <label className="sr-only" htmlFor="issue-search">
        Search issues
      </label>
      <input key={view.q} id="issue-search" name="q" type="search" defaultValue={view.q} placeholder="Search issues…" className={`${inputClass} min-w-0`} />
      <Button type="submit">Search</Button>
    </form>
  );
}
