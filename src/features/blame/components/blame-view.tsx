// A file's blame: each line with the commit that last changed it; the commit (subject, author,
// date) is shown once at the top of its range. Only the rows in view are drawn (react-virtual), so
// a 5,000-line file scrolls as fast as a short one; rows have a fixed height for that.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { RelativeTime } from '@/components/ui/relative-time';
import type { BlameRange, BlameResponse } from '../api/blame-queries';

const ROW_HEIGHT = 20;

interface BlameViewProps {
  blame: BlameResponse;
  /** Highlighted HTML per line (escaped by highlight.js), or null to show plain text. */
  highlighted?: string[] | null;
  commitHref: (sha: string) => string;
}

interface Row {
  n: number;
  /** The range this line belongs to, and whether the line starts it. */
  range: BlameRange;
  first: boolean;
  /** Alternates per range, so neighbouring ranges are told apart. */
  odd: boolean;
}

function rowsOf(blame: BlameResponse): Row[] {
  const rows: Row[] = [];
  blame.ranges.forEach((range, i) => {
    for (let k = 0; k < range.lines; k++) rows.push({ n: range.start + k, range, first: k === 0, odd: i % 2 === 1 });
  });
  return rows;
}

export function BlameView({ blame, highlighted, commitHref }: BlameViewProps) {
  const rows = useMemo(() => rowsOf(blame), [blame]);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const { hash } = useLocation();
  useLayoutEffect(() => {
    if (listRef.current) setMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => ROW_HEIGHT, overscan: 20, scrollMargin: margin });

  // #L<n> on arrival: bring that line into view (it may not be drawn yet).
  const target = /^#L(\d+)/.exec(hash)?.[1];
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (!target || scrolled.current || !margin) return;
    scrolled.current = true;
    virtualizer.scrollToIndex(Number(target) - 1, { align: 'center' });
  }, [target, margin, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0]!.start - margin : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - margin) : 0;
  const commits = new Set(blame.ranges.map((r) => r.commit.sha)).size;

  return (
    <div>
      <p className="border-b border-gray-200 bg-gray-50 px-3 py-2 text-xs text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
        {rows.length} {rows.length === 1 ? 'line' : 'lines'} · {commits} {commits === 1 ? 'commit' : 'commits'}
      </p>
      <div className="overflow-x-auto">
        <div ref={listRef} role="table" aria-label="Blame" aria-rowcount={rows.length} className="w-max min-w-full font-mono text-xs leading-5">
          <div style={{ height: top }} aria-hidden />
          {items.map((item) => {
            const row = rows[item.index]!;
            const on = target !== undefined && Number(target) === row.n;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 1}
                id={`L${row.n}`}
                style={{ height: ROW_HEIGHT }}
                className={`flex ${row.first ? 'border-t border-gray-200 dark:border-gray-800' : ''} ${on ? 'bg-amber-100 dark:bg-amber-900/40' : ''}`}
              >
                <div
                  role="cell"
                  className={`sticky left-0 z-[1] flex w-44 shrink-0 items-center gap-2 overflow-hidden border-r border-gray-200 px-2 font-sans sm:w-80 dark:border-gray-800 ${row.odd ? 'bg-gray-50 dark:bg-gray-900' : 'bg-white dark:bg-gray-950'}`}
                >
                  {row.first && <CommitCell range={row.range} href={commitHref(row.range.commit.sha)} />}
                </div>
                <div role="cell" className="w-12 shrink-0 select-none px-2 text-right text-gray-600 dark:text-gray-400">
                  <a href={`#L${row.n}`} className="hover:text-gray-900 dark:hover:text-gray-100">
                    {row.n}
                  </a>
                </div>
                {highlighted?.[row.n - 1] !== undefined ? (
                  <div role="cell" className="whitespace-pre px-3" dangerouslySetInnerHTML={{ __html: highlighted[row.n - 1] || '\n' }} />
                ) : (
                  <div role="cell" className="whitespace-pre px-3">
                    {blame.source[row.n - 1] || '\n'}
                  </div>
                )}
              </div>
            );
          })}
          <div style={{ height: bottom }} aria-hidden />
        </div>
      </div>
    </div>
  );
}

function CommitCell({ range, href }: { range: BlameRange; href: string }) {
  const c = range.commit;
  return (
    <>
      <span className="hidden w-20 shrink-0 truncate text-gray-600 sm:inline dark:text-gray-400">
        <RelativeTime date={c.date} />
      </span>
      <Link
        to={href}
        title={`${c.message}\n${c.author.name} <${c.author.email}>\n${c.sha}`}
        className="min-w-0 flex-1 truncate text-gray-900 hover:text-indigo-700 hover:underline dark:text-gray-100 dark:hover:text-indigo-300"
      >
        {c.message || c.sha.slice(0, 10)}
      </Link>
      <span className="hidden max-w-24 shrink-0 truncate text-gray-600 sm:inline dark:text-gray-400">{c.author.name}</span>
    </>
  );
}
