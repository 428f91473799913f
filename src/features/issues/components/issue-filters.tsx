// Filters of an issue list, all written to the URL: labels, milestone, people, sort.
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import type { components } from '@/lib/api/schema';
import { inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { ActiveFilters, LabelsFilter, MilestoneFilter, SortSelect, UsernameFilter, type ActiveFilter } from '@/components/ui/list-filters';
import { ISSUE_SORTS, clearedSearch, hasFilters, viewSearch, type IssueListView } from '../lib/issue-list-params';
import { LabelChip } from './label-chip';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface IssueFiltersProps {
  view: IssueListView;
  labels: Label[];
  /** Omit on a page fixed to one milestone. */
  milestones?: Milestone[];
}

export function IssueFilters({ view, labels, milestones }: IssueFiltersProps) {
  const [search] = useSearchParams();
  const latest = useLatestSearchParams();
  const navigate = useNavigate();
  const go = (patch: Partial<IssueListView>) => navigate(viewSearch(latest, patch));
  const toggleLabel = (name: string) => go({ labels: view.labels.includes(name) ? view.labels.filter((l) => l !== name) : [...view.labels, name] });
  const current = milestones?.find((m) => String(m.id) === view.milestone);

  const active: ActiveFilter[] = [
    ...view.labels.map((l) => ({ key: `l-${l}`, text: `label: ${l}`, to: viewSearch(search, { labels: view.labels.filter((x) => x !== l) }) })),
    ...(view.milestone ? [{ key: 'm', text: `milestone: ${current?.title ?? view.milestone}`, to: viewSearch(search, { milestone: '' }) }] : []),
    ...(view.poster ? [{ key: 'p', text: `author: ${view.poster}`, to: viewSearch(search, { poster: '' }) }] : []),
    ...(view.assignee ? [{ key: 'a', text: `assignee: ${view.assignee}`, to: viewSearch(search, { assignee: '' }) }] : []),
    ...(view.mentioned ? [{ key: 'n', text: `mentions: ${view.mentioned}`, to: viewSearch(search, { mentioned: '' }) }] : []),
    ...(view.q ? [{ key: 'q', text: `“${view.q}”`, to: viewSearch(search, { q: '' }) }] : []),
  ];

  // The active filters go on their own full-width line below, so the buttons keep their place
  // beside the state tabs whether or not a filter is set.
  return (
    <>
      <div className="flex flex-wrap items-center gap-1">
        <LabelsFilter
          labels={labels}
          active={view.labels.length > 0}
          isChecked={(l) => view.labels.includes(l.name)}
          onToggle={(l) => toggleLabel(l.name)}
          render={(l) => <LabelChip label={l} />}
        />
        {milestones && <MilestoneFilter milestones={milestones} current={view.milestone} onPick={(milestone) => go({ milestone })} />}
        <UsernameFilter key={`p-${view.poster}`} label="Author" value={view.poster} onApply={(poster) => go({ poster })} />
        <UsernameFilter key={`a-${view.assignee}`} label="Assignee" value={view.assignee} onApply={(assignee) => go({ assignee })} />
        <UsernameFilter key={`m-${view.mentioned}`} label="Mentions" value={view.mentioned} onApply={(mentioned) => go({ mentioned })} />
        <SortSelect value={view.sort} sorts={ISSUE_SORTS} onChange={(sort) => go({ sort })} />
      </div>
      {hasFilters(view) && <ActiveFilters items={active} clearTo={clearedSearch(search)} />}
    </>
  );
}

/** The text search box; submitting writes ?q= and starts at page 1. */
export function IssueSearchBox({ view }: { view: IssueListView }) {
  const search = useLatestSearchParams();
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(viewSearch(search, { q }));
  };
  return (
    <form role="search" aria-label="Issues" onSubmit={onSubmit} className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1">
      <label className="sr-only" htmlFor="issue-search">
        Search issues
      </label>
      <input key={view.q} id="issue-search" name="q" type="search" defaultValue={view.q} placeholder="Search issues…" className={`${inputClass} min-w-0`} />
      <Button type="submit">Search</Button>
    </form>
  );
}
