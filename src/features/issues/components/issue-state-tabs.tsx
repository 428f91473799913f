// Open/Closed switch of an issue list, with how many match the current filters in each state.
import { useSearchParams } from 'react-router';
import { StateTabs } from '@/components/ui/state-tabs';
import { viewSearch } from '../lib/issue-list-params';
import { IssueStateIcon } from './issue-state-icon';

export function IssueStateTabs({ state, openCount, closedCount }: { state: 'open' | 'closed'; openCount?: number; closedCount?: number }) {
  const [search] = useSearchParams();
  return (
    <StateTabs
      label="Issue state"
      state={state}
      openCount={openCount}
      closedCount={closedCount}
      href={(s) => viewSearch(search, { state: s })}
      icon={(s, dim) => <IssueStateIcon state={s} className={dim ? 'opacity-60' : ''} />}
    />
  );
}
