// Who can do what in a repository and why: one row per person, each grant they hold (ownership,
// a collaborator grant, a team), and a flag where several grants overlap — the case that makes
// "remove their access" not do what one expects.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';
import type { User } from '../api/collaborator-api';

export interface Grant {
  /** owner: the repository's owner or an owner of its organization. */
  kind: 'owner' | 'collaborator' | 'team';
  /** What it allows, in words ("Admin", "Code: read · Issues: write"). */
  allows: string;
  /** The team's name for team grants. */
  team?: string;
  /** Where to manage it. */
  href?: string;
}

export interface PersonAccess {
  user: Pick<User, 'id' | 'login' | 'avatar_url'>;
  grants: Grant[];
}

const via = (g: Grant) => (g.team ? `Team ${g.team}` : g.kind === 'owner' ? 'Ownership' : 'Collaborator');

export function AccessTable({ people }: { people: PersonAccess[] }) {
  if (people.length === 0) return <EmptyState title="Only the owner has access" />;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Who has access and through which grant</caption>
        <thead className="bg-gray-50 text-left dark:bg-gray-900">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Person
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Through
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              May
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {people.map(({ user, grants }) =>
            grants.map((g, i) => (
              <tr key={`${user.id}-${i}`} className={grants.length > 1 ? 'bg-amber-50/60 dark:bg-amber-950/30' : undefined}>
                {i === 0 && (
                  <th scope="row" rowSpan={grants.length} className="px-4 py-2 text-left align-top font-normal">
                    <span className="flex items-center gap-2">
                      <Avatar src={user.avatar_url} name={user.login} size={20} />
                      <Link to={paths.user.href(user.login)} className="text-indigo-700 hover:underline dark:text-indigo-400">
                        {user.login}
                      </Link>
                    </span>
                    {grants.length > 1 && (
                      <span className="mt-1 inline-block rounded-full bg-amber-200 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-800 dark:text-amber-100">
                        {grants.length} overlapping grants
                      </span>
                    )}
                  </th>
                )}
                <td className="px-4 py-2">
                  {g.href ? (
                    <Link to={g.href} className="text-indigo-700 hover:underline dark:text-indigo-400">
                      {via(g)}
                    </Link>
                  ) : (
                    via(g)
                  )}
                </td>
                <td className="px-4 py-2">{g.allows}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
