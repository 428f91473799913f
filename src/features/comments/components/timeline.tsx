// The timeline. A conversation that fits in one page (most of them) is a plain list: every
// comment is in the page, so the browser's find-in-page sees all of it, nothing is measured or
// moves, and the windowing code is not downloaded. A longer one (more pages to load, or more than
// PLAIN_MAX items) is windowed (windowed-timeline.tsx), loaded on first need; the plain list stands
// in while it loads. Once windowed, a timeline stays windowed.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { rowProps, TimelineRow, useTimelineEntries, type TimelineProps } from './timeline-row';

export type { TimelineProps } from './timeline-row';

/** Up to this many items, with nothing more to load, the timeline is a plain list. */
export const PLAIN_MAX = 100;

const WindowedTimeline = lazy(() => import('./windowed-timeline').then((m) => ({ default: m.WindowedTimeline })));

function PlainTimeline(props: TimelineProps) {
  const { items, targetId } = props;
  const entries = useTimelineEntries(items);
  // Deep link: bring the comment into view once it is there.
  const scrolledTo = useRef<number | null>(null);
  const present = targetId != null && entries.some((e) => e.item.id === targetId);
  useEffect(() => {
    if (!present || scrolledTo.current === targetId) return;
    scrolledTo.current = targetId!;
    document.getElementById(`issuecomment-${targetId}`)?.scrollIntoView({ block: 'start' });
  }, [present, targetId]);
  return (
    <section aria-label="Timeline">
      <ol>
        {entries.map((entry) => (
          <li key={entry.item.id} className="py-2 empty:py-0">
            <TimelineRow {...rowProps(props, entry)} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Timeline(props: TimelineProps) {
  const long = props.hasNextPage || props.isFetchingNextPage || props.items.length > PLAIN_MAX;
  const windowed = useRef(false);
  if (long) windowed.current = true;
  if (!windowed.current) return <PlainTimeline {...props} />;
  return (
    <Suspense fallback={<PlainTimeline {...props} />}>
      <WindowedTimeline {...props} />
    </Suspense>
  );
}
