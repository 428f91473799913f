// A long timeline, windowed: only the items near the viewport are in the DOM, so thousands of
// comments and events stay smooth. Pages load ahead of the reader (or with "Load more"), and a
// #issuecomment-{id} link keeps loading until that comment is found, then scrolls to it.
//
// What keeps a long timeline cheap: each item's entry is derived once (cached by the item object,
// which React Query keeps across pages), rows are memoized so a scroll or a new page re-renders
// only rows that appear, and sizes are estimated from the source so few rows jump when measured.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button } from '@/components/ui/button';
import type { TimelineEntry } from '../lib/timeline-events';
import { estimateEntrySize } from '../lib/estimate-size';
import { rowProps, TimelineRow, useTimelineEntries, type TimelineProps } from './timeline-row';

// Start loading the next page while this many loaded items are still below the last rendered one:
// more than a page, so a page that lands while the reader is at the end asks for the next at once
// and the reader, scrolling, rarely catches up with the network.
const FETCH_AHEAD_ITEMS = 60;

const sizeCache = new WeakMap<TimelineEntry, { width: number; size: number }>();

function sizeOf(entry: TimelineEntry, width: number): number {
  const cached = sizeCache.get(entry);
  if (cached?.width === width) return cached.size;
  const size = estimateEntrySize(entry, width);
  sizeCache.set(entry, { width, size });
  return size;
}

export function WindowedTimeline(props: TimelineProps) {
  const { items, hasNextPage, isFetchingNextPage, fetchNextPage, targetId } = props;
  const entries = useTimelineEntries(items);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // Only for estimates: text wraps sooner on a phone.
  const [width, setWidth] = useState(800);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const update = () => {
      const rect = el.getBoundingClientRect();
      setMargin(rect.top + window.scrollY);
      if (rect.width > 0) setWidth(Math.round(rect.width));
    };
    update();
    // The header and sidebar above can change height (title edit, labels), shifting the list.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(document.body);
    return () => ro?.disconnect();
  }, []);

  // New only when a page arrives: a new getItemKey on every render (every scroll) makes the
  // virtualizer rebuild every row's position.
  const getItemKey = useCallback((i: number) => entries[i]!.item.id, [entries]);
  const estimateSize = useCallback((i: number) => sizeOf(entries[i]!, width), [entries, width]);
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize,
    overscan: 6,
    scrollMargin: margin,
    getItemKey,
  });
  const virtualItems = virtualizer.getVirtualItems();

  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - FETCH_AHEAD_ITEMS) void fetchNextPage();
  }, [lastIndex, entries.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Deep link: load pages until the target shows up, then bring it into view once.
  const targetIndex = useMemo(() => (targetId == null ? -1 : entries.findIndex((e) => e.item.id === targetId)), [entries, targetId]);
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
              <li key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="py-2 empty:py-0">
                <TimelineRow {...rowProps(props, entry)} />
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
