// Open/Closed switch of a pull request list, with how many match the current filters in each state.
import { useSearchParams } from 'react-router';
import { StateTabs } from '@/components/ui/state-tabs';
import { CheckIcon } from '@/components/ui/octicons';
import { pullViewSearch } from '../lib/pull-list-params';
import { PullStateIcon } from './pull-state-icon';

export function PullStateTabs({ state, openCount, closedCount }: { state: 'open' | 'closed'; openCount?: number; closedCount?: number }) {
  const [search] = useSearchParams();
  return (
    <StateTabs
      label="Pull request state"
      state={state}
      openCount={openCount}
      closedCount={closedCount}
      href={(s) => pullViewSearch(search, { state: s })}
      icon={(s, dim) => (s === 'open' ? <PullStateIcon state="open" className={dim ? 'opacity-60' : ''} /> : <CheckIcon className={dim ? 'opacity-60' : ''} />)}
    />
  );
}
