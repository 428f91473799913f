// The forks of a repository, one row each: owner / name, description, stars and last update.
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Repository } from '../api/fork-queries';
import { ForkIcon } from './fork-button';

export function ForkList({ forks, label }: { forks: Repository[]; label: string }) {
  if (!forks.length) {
    return <EmptyState title="No forks yet">Nobody has forked this repository. Forks appear here as people make them.</EmptyState>;
  }
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {forks.map((f) => (
        <li key={f.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
          <Avatar src={f.owner.avatar_url} name={f.owner.login} size={24} />
          <div className="min-w-0 flex-1">
            <Link to={paths.repo.href(f.owner.login, f.name)} className="font-semibold break-all text-indigo-700 hover:underline dark:text-indigo-400">
              <span className="font-normal">{f.owner.login} /</span> {f.name}
            </Link>
            {f.private && (
              <span className="ml-2 rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-600 dark:border-gray-600 dark:text-gray-400">
                Private
              </span>
            )}
            {f.description && <p className="mt-0.5 text-sm break-words text-gray-600 dark:text-gray-300">{f.description}</p>}
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
              <span>
                ★ {f.stars_count} <span className="sr-only">stars</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <ForkIcon /> {f.forks_count} <span className="sr-only">forks</span>
              </span>
              <span>
                Updated <RelativeTime date={f.updated_at} />
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
