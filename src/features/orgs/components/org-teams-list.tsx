// The teams of an organization, each with what it grants.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';
import { orgQueries } from '../api/org-queries';
import { describeTeam } from './team-permission';

export function OrgTeamsList({ org }: { org: string }) {
  const { data: teams } = useSuspenseQuery(orgQueries.teams(org));
  if (teams.length === 0) return <EmptyState title="No teams you may see" />;
  return (
    <ul aria-label={`Teams of ${org}`} className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {teams.map((t) => (
        <li key={t.id} className="px-4 py-3">
          <Link to={paths.orgTeam.href(org, t.name)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
            {t.name}
          </Link>
          {t.includes_all_repositories && <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs dark:bg-gray-800">All repositories</span>}
          {t.description && <p className="text-sm text-gray-700 dark:text-gray-300">{t.description}</p>}
          <p className="text-xs text-gray-500 dark:text-gray-400">{describeTeam(t)}</p>
        </li>
      ))}
    </ul>
  );
}
