// What the plain and the windowed timeline share: the props, each item's entry (derived once per
// item object) and the memoized row that draws it.
import { memo, useMemo, type ReactNode } from 'react';
import type { components } from '@/lib/api/schema';
import { toTimelineEntry, type TimelineEntry, type TimelineItem } from '../lib/timeline-events';
import { TimelineEventRow } from './timeline-event-row';

type Label = components['schemas']['Label'];

export interface TimelineProps {
  items: TimelineItem[];
  owner: string;
  repo: string;
  /** Keep stable (useCallback): rows re-render only when it changes. */
  renderLabel: (label: Label) => ReactNode;
  /** Keep stable (useCallback): rows re-render only when it changes. */
  renderComment: (item: TimelineItem, highlighted: boolean) => ReactNode;
  /**
   * The page's own drawing of an item (e.g. a pull request's reviews, from the reviews feature);
   * `undefined` leaves the item to the timeline. Keep stable (useCallback).
   */
  renderItem?: (item: TimelineItem, highlighted: boolean) => ReactNode | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** "issue" (default) or "pull request", for the words of event rows ("closed this pull request"). */
  noun?: string;
  /** The comment id from the URL's #issuecomment-{id}, if any. */
  targetId?: number | null;
}

// Derived once per item object; React Query keeps the objects of loaded pages when a page is added.
const entryCache = new WeakMap<TimelineItem, TimelineEntry | null>();

function entryOf(item: TimelineItem): TimelineEntry | null {
  let entry = entryCache.get(item);
  if (entry === undefined) {
    entry = toTimelineEntry(item);
    entryCache.set(item, entry);
  }
  return entry;
}

/** The items that draw as a row, in order; new only when the items change. */
export function useTimelineEntries(items: TimelineItem[]): TimelineEntry[] {
  return useMemo(() => {
    const out: TimelineEntry[] = [];
    for (const item of items) {
      const entry = entryOf(item);
      if (entry) out.push(entry);
    }
    return out;
  }, [items]);
}

export interface RowProps {
  entry: TimelineEntry;
  highlighted: boolean;
  owner: string;
  repo: string;
  renderLabel: TimelineProps['renderLabel'];
  renderComment: TimelineProps['renderComment'];
  renderItem: TimelineProps['renderItem'];
  noun: string;
}

export const TimelineRow = memo(function TimelineRow({ entry, highlighted, owner, repo, renderLabel, renderComment, renderItem, noun }: RowProps) {
  const own = renderItem?.(entry.item, highlighted);
  if (own !== undefined) return own;
  return entry.kind === 'comment' ? (
    renderComment(entry.item, highlighted)
  ) : (
    <TimelineEventRow entry={entry} owner={owner} repo={repo} renderLabel={renderLabel} noun={noun} />
  );
});

/** A row's props: its entry, marked when the URL names it, drawn as the timeline's props say. */
export const rowProps = (p: TimelineProps, entry: TimelineEntry): RowProps => ({
  entry,
  highlighted: entry.item.id === p.targetId,
  owner: p.owner,
  repo: p.repo,
  renderLabel: p.renderLabel,
  renderComment: p.renderComment,
  renderItem: p.renderItem,
  noun: p.noun ?? 'issue',
});
