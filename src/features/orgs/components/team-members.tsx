// A team's members; owners add people with the user picker and remove them. The Owners team
// cannot be left empty (the server refuses; its message shows here).
import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { UserPicker } from '@/components/ui/user-picker';
import { paths } from '@/lib/paths';
import { orgQueries } from '../api/org-queries';
import { orgErrorText } from './org-errors';
import { useTeamMembership } from '../api/use-team-membership';
import type { Team } from '../api/org-api';

export function TeamMembers({ org, team, canManage }: { org: string; team: Team; canManage: boolean }) {
  const { data: members } = useSuspenseQuery(orgQueries.teamMembers(org, team.id));
  const change = useTeamMembership(org, team.id);
  // The picker opens on demand, so the page does not start with focus in a search box.
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="team-members-title" className="space-y-3">
      <h2 id="team-members-title" className="text-base font-semibold">
        Members <span className="text-sm font-normal text-gray-500 dark:text-gray-400">({members.length})</span>
      </h2>
      {canManage &&
        (adding ? (
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <UserPicker
                label="Add a member"
                search={orgQueries.userSearch}
                exclude={members.map((m) => m.login)}
                disabled={change.isPending}
                onPick={(username) => change.mutate({ username, add: true })}
              />
            </div>
            <Button size="sm" variant="ghost" onClick={() => setAdding(false)}>
              Done
            </Button>
          </div>
        ) : (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add a member
          </Button>
        ))}
      <ErrorNotice error={orgErrorText(change.error)} />
      {members.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">This team has no members yet.</p>
      ) : (
        <ul
          aria-label={`Members of ${team.name}`}
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {members.map((u) => (
            <li key={u.id} className="flex items-center gap-3 px-4 py-2">
              <Avatar src={u.avatar_url} name={u.login} size={24} />
              <Link to={paths.user.href(u.login)} title={u.login} className="min-w-0 flex-1 truncate text-indigo-700 hover:underline dark:text-indigo-400">
                {u.login}
              </Link>
              {canManage && (
                <Button
                  size="sm"
                  aria-label={`Remove ${u.login} from ${team.name}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ username: u.login, add: false })}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
