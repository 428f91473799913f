// A list of people (followers, following, stargazers, search results): avatar, name and login,
// each a link to their profile.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';
import type { User } from '../api/user-queries';

export function UserList({ users, label, emptyTitle }: { users: User[]; label: string; emptyTitle: string }) {
  if (users.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {users.map((u) => (
        <li key={u.id} className="flex items-center gap-3 px-3 py-2.5">
          <Avatar src={u.avatar_url} name={u.login} size={36} />
          <div className="min-w-0">
            <Link to={paths.user.href(u.login)} className="block truncate font-medium text-indigo-700 hover:underline dark:text-indigo-400">
              {u.full_name || u.login}
            </Link>
            {u.full_name && <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{u.login}</span>}
            {u.description && <p className="truncate text-xs text-gray-600 dark:text-gray-400">{u.description}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
