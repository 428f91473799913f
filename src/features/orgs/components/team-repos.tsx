// A team's repositories. With "all repositories" the team has every one of them, so there is
// nothing to add; otherwise owners add one of the organization's repositories or remove it.
import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { SelectField } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { orgQueries } from '../api/org-queries';
import { orgErrorText } from './org-errors';
import { useTeamRepo } from '../api/use-team-repo';
import type { Team } from '../api/org-api';

export function TeamRepos({ org, team, canManage }: { org: string; team: Team; canManage: boolean }) {
  const { data: repos } = useSuspenseQuery(orgQueries.teamRepos(org, team.id));
  const orgRepos = useQuery({ ...orgQueries.repos(org), enabled: canManage && !team.includes_all_repositories });
  const change = useTeamRepo(org, team.id);
  const [pick, setPick] = useState('');
  const have = new Set(repos.map((r) => r.name));
  const addable = (orgRepos.data ?? []).filter((r) => !have.has(r.name));
  return (
    <section aria-labelledby="team-repos-title" className="space-y-3">
      <h2 id="team-repos-title" className="text-base font-semibold">
        Repositories <span className="text-sm font-normal text-gray-500 dark:text-gray-400">({repos.length})</span>
      </h2>
      {team.includes_all_repositories && (
        <p className="text-sm text-gray-600 dark:text-gray-400">This team has every repository of {org}, including ones made later.</p>
      )}
      {canManage && !team.includes_all_repositories && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (pick) change.mutate({ repo: pick, add: true }, { onSuccess: () => setPick('') });
          }}
        >
          <div className="min-w-48 flex-1">
            <SelectField label="Add a repository" value={pick} onChange={(e) => setPick(e.target.value)}>
              <option value="">Choose…</option>
              {addable.map((r) => (
                <option key={r.id} value={r.name}>
                  {r.name}
                  {r.private ? ' (private)' : ''}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" disabled={!pick || change.isPending}>
            Add
          </Button>
        </form>
      )}
      <ErrorNotice error={orgErrorText(change.error)} />
      {repos.length > 0 && (
        <ul
          aria-label={`Repositories of ${team.name}`}
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {repos.map((r) => (
            <li key={r.id} className="flex items-center gap-3 px-4 py-2">
              <Link
                to={paths.repo.href(r.owner.login, r.name)}
                title={r.full_name}
                className="min-w-0 flex-1 truncate text-indigo-700 hover:underline dark:text-indigo-400"
              >
                {r.full_name}
              </Link>
              {r.private && <span className="text-xs text-gray-600 dark:text-gray-400">Private</span>}
              {canManage && !team.includes_all_repositories && (
                <Button
                  size="sm"
                  aria-label={`Remove ${r.name} from ${team.name}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ repo: r.name, add: false })}
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
