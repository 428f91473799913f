// One repository in a list: name, badges, description, stars, forks and when it was last updated.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { RelativeTime } from '@/components/ui/relative-time';
import type { Repository } from '../api/repo-queries';
import { RepoBadges } from './repo-badges';
import { TopicChips } from './repo-topics';

export function RepoListItem({ repo, showOwner = true }: { repo: Repository; showOwner?: boolean }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.repo.href(repo.owner.login, repo.name)}
          className="min-w-0 break-all text-base font-semibold text-indigo-700 hover:underline dark:text-indigo-400"
        >
          {showOwner ? (
            <>
              <span className="font-normal">{repo.owner.login} /</span> {repo.name}
            </>
          ) : (
            repo.name
          )}
        </Link>
        <RepoBadges repo={repo} />
      </div>
      {repo.description && <p className="mt-1 break-words text-sm text-gray-600 dark:text-gray-300">{repo.description}</p>}
      <TopicChips topics={repo.topics ?? []} className="mt-2" />
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
        {repo.language && <span>{repo.language}</span>}
        <span title="Stars">
          <StarIcon /> {repo.stars_count} <span className="sr-only">stars</span>
        </span>
        <span title="Forks">
          <ForkIcon /> {repo.forks_count} <span className="sr-only">forks</span>
        </span>
        <span>
          Updated <RelativeTime date={repo.updated_at} />
        </span>
      </p>
    </li>
  );
}

const iconProps = { width: 14, height: 14, viewBox: '0 0 16 16', fill: 'currentColor', 'aria-hidden': true, className: 'inline-block align-[-2px]' };

function StarIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 .25a.75.75 0 0 1 .673.418l1.882 3.815 4.21.612a.75.75 0 0 1 .416 1.279l-3.046 2.97.719 4.192a.75.75 0 0 1-1.088.791L8 12.347l-3.766 1.98a.75.75 0 0 1-1.088-.79l.72-4.194L.818 6.374a.75.75 0 0 1 .416-1.28l4.21-.611L7.327.668A.75.75 0 0 1 8 .25Z" />
    </svg>
  );
}

function ForkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M5 5.372v.878c0 .414.336.75.75.75h4.5a.75.75 0 0 0 .75-.75v-.878a2.25 2.25 0 1 1 1.5 0v.878a2.25 2.25 0 0 1-2.25 2.25h-1.5v2.128a2.251 2.251 0 1 1-1.5 0V8.5h-1.5A2.25 2.25 0 0 1 3.5 6.25v-.878a2.25 2.25 0 1 1 1.5 0ZM5 3.25a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Zm6.75.75a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm-3 8.75a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Z" />
    </svg>
  );
}
