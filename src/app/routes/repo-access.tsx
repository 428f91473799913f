// /{owner}/{repo}/settings/access (beyond Gitea): who can do what in the repository and through
// which grant — ownership, a collaborator grant, or a team of the owning organization — with
// people who hold several grants flagged. Composed here from the collaborators and orgs features.
import { useQuery, useSuspenseQuery, useQueries } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { collaboratorQueries } from '@/features/collaborators/api/collaborator-queries';
import { AccessTable, type Grant, type PersonAccess } from '@/features/collaborators/components/access-table';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { describeTeam } from '@/features/orgs/components/team-permission';
import { Spinner } from '@/components/ui/spinner';
import { ErrorNotice } from '@/components/ui/error-notice';
import { isApiError } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { ensureRepoAdmin } from './repo-admin-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  await ensureRepoAdmin(params);
  return null;
}

const ROLE: Record<string, string> = { read: 'Read', write: 'Write', admin: 'Admin', owner: 'Owner' };

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const { data: r } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const collaborators = useQuery(collaboratorQueries.list(owner, repo));
  // A user owner is no organization: 404 here just means "no teams to list".
  const org = useQuery({ ...orgQueries.detail(r.owner.login), retry: false, enabled: r.permissions.admin });
  const isOrg = !!org.data;
  const teams = useQuery({ ...orgQueries.teams(r.owner.login), enabled: isOrg });
  const teamsWithRepo = useQueries({
    queries: (teams.data ?? []).map((t) => ({ ...orgQueries.teamRepos(r.owner.login, t.id), enabled: isOrg })),
  });
  const teamMembers = useQueries({
    queries: (teams.data ?? []).map((t) => ({ ...orgQueries.teamMembers(r.owner.login, t.id), enabled: isOrg })),
  });
  useDocumentTitle(`Access · ${owner}/${repo}`);
  if (!r.permissions.admin) return <NotFoundPage />;

  const orgMissing = org.isError && isApiError(org.error) && org.error.status === 404;
  const loading =
    collaborators.isPending ||
    (org.isPending && !orgMissing) ||
    (isOrg && (teams.isPending || teamsWithRepo.some((q) => q.isPending) || teamMembers.some((q) => q.isPending)));
  const error =
    collaborators.error ??
    (orgMissing ? null : org.error) ??
    teams.error ??
    teamsWithRepo.find((q) => q.error)?.error ??
    teamMembers.find((q) => q.error)?.error;

  const byLogin = new Map<string, PersonAccess>();
  const add = (user: PersonAccess['user'], grant: Grant) => {
    const p = byLogin.get(user.login) ?? { user, grants: [] };
    p.grants.push(grant);
    byLogin.set(user.login, p);
  };
  // A personal repository's owner; an organization's owners come in through its Owners team.
  if (orgMissing) add(r.owner, { kind: 'owner', allows: 'Everything, including settings' });
  (teams.data ?? []).forEach((t, i) => {
    const covers = t.includes_all_repositories || (teamsWithRepo[i]?.data ?? []).some((x) => x.id === r.id);
    if (!covers) return;
    for (const u of teamMembers[i]?.data ?? []) {
      add(
        u,
        t.permission === 'owner'
          ? { kind: 'owner', team: t.name, allows: 'Everything, including settings (Owners team)', href: paths.orgTeam.href(r.owner.login, t.name) }
          : { kind: 'team', team: t.name, allows: describeTeam(t), href: paths.orgTeam.href(r.owner.login, t.name) },
      );
    }
  });
  for (const c of collaborators.data ?? []) {
    const role = ROLE[c.permission] ?? c.permission;
    // The server (as Gitea) reports one level for all of a person's grants together, so beside a
    // team grant the collaborator's own level cannot be told apart.
    const allows = byLogin.has(c.user.login) ? `${role}, counting every grant together` : role;
    add(c.user, { kind: 'collaborator', allows, href: paths.collaborators.href(owner, repo) });
  }
  const people = [...byLogin.values()].sort((a, b) => a.user.login.localeCompare(b.user.login));

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <nav aria-label="Settings" className="text-sm">
        <Link to={paths.settings.href(owner, repo)} className="text-indigo-700 hover:underline dark:text-indigo-400">
          Settings
        </Link>{' '}
        / Access
      </nav>
      <h1 className="text-lg font-semibold">Who has access</h1>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {r.private
          ? 'This repository is private: only the people below can see it.'
          : 'This repository is public: anyone can read it; the people below may do more.'}
        {isOrg && ' Members of the organization who are in none of these teams see it only if it is public.'}
      </p>
      <ErrorNotice error={error} />
      {loading && !error ? <Spinner label="Loading access" /> : !error && <AccessTable people={people} />}
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
