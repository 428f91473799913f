// The timeline, windowed: only the items near the viewport are in the DOM, so thousands of
// comments and events stay smooth. Pages load as the reader nears the end (or with "Load more"),
// and a #issuecomment-{id} link keeps loading until that comment is found, then scrolls to it.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button } from '@/components/ui/button';
import type { components } from '@/lib/api/schema';
import { toTimelineEntry, type TimelineEntry, type TimelineItem } from '../lib/timeline-events';
import { TimelineEventRow } from './timeline-event-row';

type Label = components['schemas']['Label'];

export interface TimelineProps {
  items: TimelineItem[];
  owner: string;
  repo: string;
  renderLabel: (label: Label) => ReactNode;
  renderComment: (item: TimelineItem, highlighted: boolean) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The comment id from the URL's #issuecomment-{id}, if any. */
  targetId?: number | null;
}

export function Timeline({ items, owner, repo, renderLabel, renderComment, hasNextPage, isFetchingNextPage, fetchNextPage, targetId }: TimelineProps) {
  const entries = useMemo(() => items.map(toTimelineEntry).filter((e): e is TimelineEntry => e !== null), [items]);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const update = () => setMargin(el.getBoundingClientRect().top + window.scrollY);
    update();
    // The header and sidebar above can change height (title edit, labels), shifting the list.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(document.body);
    return () => ro?.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (i) => (entries[i]?.kind === 'comment' ? 160 : 44),
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => entries[i]!.item.id,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Fetch the next page when the reader is near the end of what is loaded.
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 5) void fetchNextPage();
  }, [lastIndex, entries.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Deep link: load pages until the target shows up, then bring it into view once.
  const targetIndex = targetId == null ? -1 : entries.findIndex((e) => e.item.id === targetId);
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (targetId == null) return;
    if (targetIndex < 0) {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      return;
    }
    if (scrolledTo.current === targetId) return;
    scrolledTo.current = targetId;
    virtualizer.scrollToIndex(targetIndex, { align: 'start' });
  }, [targetId, targetIndex, hasNextPage, isFetchingNextPage, fetchNextPage, virtualizer]);

  return (
    <section aria-label="Timeline">
      <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        <ol className="absolute top-0 left-0 w-full" style={{ transform: `translateY(${(virtualItems[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)` }}>
          {virtualItems.map((v) => {
            const entry = entries[v.index]!;
            return (
              <li key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="py-2">
                {entry.kind === 'comment' ? renderComment(entry.item, entry.item.id === targetId) : <TimelineEventRow entry={entry} owner={owner} repo={repo} renderLabel={renderLabel} />}
              </li>
            );
          })}
        </ol>
      </div>
      {(hasNextPage || isFetchingNextPage) && (
        <div className="flex justify-center py-3">
          <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}
