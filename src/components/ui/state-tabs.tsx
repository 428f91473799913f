// The Open/Closed switch above a list, each tab a link with how many match the current filters.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type State = 'open' | 'closed';

const fmt = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString('en'));

export interface StateTabsProps {
  /** The nav's accessible name, e.g. "Issue state". */
  label: string;
  state: State;
  openCount?: number;
  closedCount?: number;
  /** The list's URL (search) in that state. */
  href: (state: State) => string;
  /** The tab's glyph; `dim` for the tab not shown. */
  icon: (state: State, dim: boolean) => ReactNode;
}

export function StateTabs({ label, state, openCount, closedCount, href, icon }: StateTabsProps) {
  const tab = (s: State, count: number | undefined, text: string) => {
    const active = state === s;
    return (
      <Link
        to={href(s)}
        aria-current={active ? 'page' : undefined}
        className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm ${
          active ? 'font-semibold text-gray-900 dark:text-gray-100' : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
        }`}
      >
        {icon(s, !active)}
        {fmt(count)} {text}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      {tab('open', openCount, 'Open')}
      {tab('closed', closedCount, 'Closed')}
    </nav>
  );
}
