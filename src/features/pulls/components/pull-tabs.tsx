// The pull request's tabs as links (each tab is its own URL, as Gitea's): Conversation, Commits
// and Files changed, with their counts once known.
import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';

export interface PullTabsProps {
  owner: string;
  repo: string;
  index: number;
  commits?: number;
  files?: number;
}

function Count({ n }: { n?: number }) {
  if (n === undefined) return null;
  return <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">{n}</span>;
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
    isActive
      ? 'border-indigo-600 text-gray-900 dark:border-indigo-400 dark:text-gray-100'
      : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900 dark:text-gray-400 dark:hover:border-gray-700 dark:hover:text-gray-100'
  }`;

export function PullTabs({ owner, repo, index, commits, files }: PullTabsProps) {
  return (
    <nav aria-label="Pull request" className="flex overflow-x-auto border-b border-gray-200 dark:border-gray-800">
      <NavLink end to={paths.pull.href(owner, repo, index)} className={tab}>
        Conversation
      </NavLink>
      <NavLink to={paths.pullCommits.href(owner, repo, index)} className={tab}>
        Commits <Count n={commits} />
      </NavLink>
      <NavLink to={paths.pullFiles.href(owner, repo, index)} className={tab}>
        Files changed <Count n={files} />
      </NavLink>
    </nav>
  );
}
