// Open/Closed switch of an issue list, with how many match the current filters in each state.
import { Link, useSearchParams } from 'react-router';
import { viewSearch } from '../lib/issue-list-params';
import { IssueStateIcon } from './issue-state-icon';

const fmt = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString('en'));

export function IssueStateTabs({ state, openCount, closedCount }: { state: 'open' | 'closed'; openCount?: number; closedCount?: number }) {
  const [search] = useSearchParams();
  const tab = (s: 'open' | 'closed', count: number | undefined, text: string) => {
    const active = state === s;
    return (
      <Link
        to={viewSearch(search, { state: s })}
        aria-current={active ? 'page' : undefined}
        className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm ${
          active ? 'font-semibold text-gray-900 dark:text-gray-100' : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
        }`}
      >
        <IssueStateIcon state={s} className={active ? '' : 'opacity-60'} />
        {fmt(count)} {text}
      </Link>
    );
  };
  return (
    <nav aria-label="Issue state" className="flex items-center gap-1">
      {tab('open', openCount, 'Open')}
      {tab('closed', closedCount, 'Closed')}
    </nav>
  );
}
