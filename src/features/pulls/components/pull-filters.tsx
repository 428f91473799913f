// Filters of a pull request list, all written to the URL: labels, milestone, author, base branch, sort.
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import type { components } from '@/lib/api/schema';
import { ActiveFilters, ChoiceFilter, LabelsFilter, MilestoneFilter, SortSelect, UsernameFilter, type ActiveFilter } from '@/components/ui/list-filters';
import { PULL_SORTS, clearedPullSearch, hasPullFilters, pullViewSearch, type PullListView } from '../lib/pull-list-params';

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

export function PullFilters({ view, labels, milestones, branches, renderLabel }: PullFiltersProps) {
  const [search] = useSearchParams();
  const latest = useLatestSearchParams();
  const navigate = useNavigate();
  const go = (patch: Partial<PullListView>) => navigate(pullViewSearch(latest, patch));
  const toggleLabel = (id: number) => go({ labels: view.labels.includes(id) ? view.labels.filter((l) => l !== id) : [...view.labels, id] });
  // The chosen base stays offered even when it is not among the branches listed.
  const baseChoices = view.base && !branches.includes(view.base) ? [view.base, ...branches] : branches;

  const labelName = (id: number) => labels.find((l) => l.id === id)?.name ?? `#${id}`;
  const milestoneTitle = milestones.find((m) => String(m.id) === view.milestone)?.title ?? view.milestone;
  const active: ActiveFilter[] = [
    ...view.labels.map((l) => ({ key: `l-${l}`, text: `label: ${labelName(l)}`, to: pullViewSearch(search, { labels: view.labels.filter((x) => x !== l) }) })),
    ...(view.milestone ? [{ key: 'm', text: `milestone: ${milestoneTitle}`, to: pullViewSearch(search, { milestone: '' }) }] : []),
    ...(view.poster ? [{ key: 'p', text: `author: ${view.poster}`, to: pullViewSearch(search, { poster: '' }) }] : []),
    ...(view.base ? [{ key: 'b', text: `base: ${view.base}`, to: pullViewSearch(search, { base: '' }) }] : []),
    ...(view.q ? [{ key: 'q', text: `words: ${view.q}`, to: pullViewSearch(search, { q: '' }) }] : []),
  ];

  // The active filters go on their own full-width line below, so the buttons keep their place
  // beside the state tabs whether or not a filter is set.
  return (
    <>
      <div className="flex flex-wrap items-center gap-1">
        <LabelsFilter
          labels={labels}
          active={view.labels.length > 0}
          isChecked={(l) => view.labels.includes(l.id)}
          onToggle={(l) => toggleLabel(l.id)}
          render={renderLabel}
        />
        <MilestoneFilter milestones={milestones} current={view.milestone} onPick={(milestone) => go({ milestone })} />
        <UsernameFilter key={`p-${view.poster}`} label="Author" value={view.poster} onApply={(poster) => go({ poster })} />
        <ChoiceFilter
          label="Base"
          items={[{ id: '', title: 'All branches' }, ...baseChoices.map((b) => ({ id: b, title: b }))]}
          current={view.base}
          onPick={(base) => go({ base })}
        />
        <SortSelect value={view.sort} sorts={PULL_SORTS} onChange={(sort) => go({ sort })} />
      </div>
      {hasPullFilters(view) && <ActiveFilters items={active} clearTo={clearedPullSearch(search)} />}
    </>
  );
}
