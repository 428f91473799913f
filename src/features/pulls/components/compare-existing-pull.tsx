// Shown instead of the create form when an open pull request already goes from head into base.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import type { PullRequest } from '../api/pull-queries';
import { pullDisplayState } from '../lib/pull-row-data';
import { PullStateIcon } from './pull-state-icon';

export function CompareExistingPull({ owner, repo, pull }: { owner: string; repo: string; pull: PullRequest }) {
  const href = paths.pull.href(owner, repo, pull.number);
  return (
    <section
      aria-label="Existing pull request"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <PullStateIcon state={pullDisplayState(pull)} />
      <p className="min-w-0 flex-1 text-sm">
        A pull request for these branches is already open:{' '}
        <Link to={href} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
          {pull.title} #{pull.number}
        </Link>
      </p>
      <Link to={href} className={buttonClass('secondary', 'sm')}>
        View pull request
      </Link>
    </section>
  );
}
