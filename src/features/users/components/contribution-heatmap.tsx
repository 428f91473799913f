// The heatmap as a calendar: one column per week, one row per weekday, the last 53 weeks up to
// today, each day coloured by its contributions. A table, so screen readers can walk it by
// weekday and week; every day cell says its count and date.
import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '@/components/ui/error-notice';
import { userQueries } from '../api/user-queries';
import type { HeatmapEntry } from '../api/gitea-types';

const DAY = 86_400_000;
const WEEKS = 53;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayFmt = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });

const levels = [
  'bg-gray-100 dark:bg-gray-800',
  'bg-emerald-200 dark:bg-emerald-900',
  'bg-emerald-400 dark:bg-emerald-700',
  'bg-emerald-600 dark:bg-emerald-500',
  'bg-emerald-800 dark:bg-emerald-300',
];

/** Days are UTC days, so the grid is the same wherever it is looked at. */
const dayKey = (ms: number) => Math.floor(ms / DAY);

export function level(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4)));
}

export interface HeatmapGrid {
  /** weeks[w][d]: day d (0 = Sunday) of week w, null for days after today. */
  weeks: ({ day: number; count: number } | null)[][];
  total: number;
  max: number;
}

export function buildGrid(entries: HeatmapEntry[], today: Date): HeatmapGrid {
  const perDay = new Map<number, number>();
  for (const e of entries) {
    const k = dayKey(e.timestamp * 1000);
    perDay.set(k, (perDay.get(k) ?? 0) + e.contributions);
  }
  const last = dayKey(today.getTime());
  const lastWeekday = new Date(last * DAY).getUTCDay();
  const first = last - lastWeekday - (WEEKS - 1) * 7;
  const weeks: HeatmapGrid['weeks'] = [];
  let total = 0;
  let max = 0;
  for (let w = 0; w < WEEKS; w++) {
    const col: HeatmapGrid['weeks'][number] = [];
    for (let d = 0; d < 7; d++) {
      const day = first + w * 7 + d;
      if (day > last) {
        col.push(null);
        continue;
      }
      const count = perDay.get(day) ?? 0;
      total += count;
      max = Math.max(max, count);
      col.push({ day, count });
    }
    weeks.push(col);
  }
  return { weeks, total, max };
}

/** Keeps the grid scrolled to its recent end, also when the screen narrows (a turned phone). */
const scrollToEnd = (el: HTMLDivElement | null) => {
  if (!el) return;
  const toEnd = () => (el.scrollLeft = el.scrollWidth);
  toEnd();
  if (typeof ResizeObserver === 'undefined') return;
  const ro = new ResizeObserver(toEnd);
  ro.observe(el);
  return () => ro.disconnect();
};

const cellLabel = (count: number, day: number) => `${count === 0 ? 'No' : count} contribution${count === 1 ? '' : 's'} on ${dayFmt.format(day * DAY)}`;

export function ContributionHeatmap({ username, today = new Date() }: { username: string; today?: Date }) {
  const { data, error } = useQuery(userQueries.heatmap(username));
  if (error) return <ErrorNotice error={error} />;
  if (!data) return <div className="h-28 animate-pulse rounded-md bg-gray-100 dark:bg-gray-800" aria-label="Loading contributions" />;
  const grid = buildGrid(data, today);
  return (
    <section aria-labelledby="heatmap-title" className="space-y-2">
      <h2 id="heatmap-title" className="text-sm font-medium text-gray-700 dark:text-gray-300">
        {grid.total === 0 ? 'No' : grid.total} contribution{grid.total === 1 ? '' : 's'} in the last year
      </h2>
      {/* Scrolled to the end on narrow screens, so the recent weeks show first. */}
      {/* Focusable, so a keyboard can scroll it on a phone (axe scrollable-region-focusable). */}
      <div
        ref={scrollToEnd}
        tabIndex={0}
        role="group"
        aria-label="Contribution calendar"
        className="overflow-x-auto rounded-md border border-gray-200 p-2 dark:border-gray-800"
      >
        <table className="border-separate border-spacing-[3px] text-[10px] text-gray-500 dark:text-gray-400">
          <caption className="sr-only">Contributions per day over the last year, one column per week</caption>
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Weekday
              </th>
              {grid.weeks.map((week, w) => {
                const firstDay = week[0]!.day;
                // A month's name above the week it starts in.
                const starts = w === 0 || new Date(firstDay * DAY).getUTCMonth() !== new Date((firstDay - 7) * DAY).getUTCMonth();
                return (
                  <th key={w} scope="col" className="relative h-3 w-2.5 p-0 text-left font-normal whitespace-nowrap">
                    {/* Out of the flow, so a month's name does not widen its week's column. */}
                    {starts ? (
                      <span aria-hidden className="absolute top-0 left-0">
                        {monthFmt.format(firstDay * DAY)}
                      </span>
                    ) : null}
                    <span className="sr-only">Week of {dayFmt.format(firstDay * DAY)}</span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {weekdays.map((name, d) => (
              <tr key={name}>
                <th scope="row" className="pr-1 text-right font-normal">
                  <span className={d % 2 === 1 ? undefined : 'sr-only'}>{name}</span>
                </th>
                {grid.weeks.map((week, w) => {
                  const cell = week[d];
                  if (!cell) return <td key={w} className="p-0" />;
                  const label = cellLabel(cell.count, cell.day);
                  return (
                    <td key={w} className="p-0">
                      <span
                        role="img"
                        aria-label={label}
                        title={label}
                        data-level={level(cell.count, grid.max)}
                        className={`block h-2.5 w-2.5 rounded-sm ${levels[level(cell.count, grid.max)]}`}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-1 text-[10px] text-gray-500 dark:text-gray-400" aria-hidden>
        Less
        {levels.map((c) => (
          <span key={c} className={`block h-2.5 w-2.5 rounded-sm ${c}`} />
        ))}
        More
      </div>
    </section>
  );
}
