// /org/:org/teams/:team: a team's members and repositories; owners also edit its permissions and
// delete it (not the Owners team, which the organization cannot be without).
import { useState } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { data, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { orgQueries } from '@/features/orgs/api/org-queries';
import { useOrgAccess } from '@/features/orgs/api/use-org-access';
import { useSaveTeam } from '@/features/orgs/api/use-save-team';
import { forgetTeam, useDeleteTeam } from '@/features/orgs/api/use-delete-team';
import { orgErrorText } from '@/features/orgs/components/org-errors';
import { TeamForm } from '@/features/orgs/components/team-form';
import { TeamMembers } from '@/features/orgs/components/team-members';
import { TeamRepos } from '@/features/orgs/components/team-repos';
import { describeTeam } from '@/features/orgs/components/team-permission';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const named = (list: { name: string }[]) => list.find((t) => t.name.toLowerCase() === params.team!.toLowerCase());
  let teams = await queryClient.ensureQueryData(orgQueries.teams(params.org!));
  // A team made or renamed a moment ago is not in a list cached before: ask once more.
  if (!named(teams)) teams = await queryClient.fetchQuery({ ...orgQueries.teams(params.org!), staleTime: 0 });
  const team = teams.find((t) => t.name.toLowerCase() === params.team!.toLowerCase());
  if (!team) throw data(null, { status: 404 });
  await Promise.all([
    queryClient.ensureQueryData(orgQueries.teamMembers(params.org!, team.id)),
    queryClient.ensureQueryData(orgQueries.teamRepos(params.org!, team.id)),
  ]);
  return null;
}

export function Component() {
  const { org, team: teamName } = useParams() as { org: string; team: string };
  const { data: teams } = useSuspenseQuery(orgQueries.teams(org));
  const team = teams.find((t) => t.name.toLowerCase() === teamName.toLowerCase());
  const access = useOrgAccess(org);
  const save = useSaveTeam(org, team?.id);
  const del = useDeleteTeam(org);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(team?.name, org);
  if (!team) return <NotFoundPage />;
  const isOwnersTeam = team.permission === 'owner';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{team.name}</h2>
          {team.description && <p className="text-sm text-gray-700 dark:text-gray-300">{team.description}</p>}
          <p className="text-sm text-gray-600 dark:text-gray-400">{describeTeam(team)}</p>
          {team.can_create_org_repo && <p className="text-sm text-gray-600 dark:text-gray-400">Members may create repositories.</p>}
        </div>
        {access.isOwner && (
          <div className="flex gap-2">
            {!isOwnersTeam && (
              <Button size="sm" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
                {editing ? 'Close settings' : 'Edit team'}
              </Button>
            )}
            {!isOwnersTeam && (
              <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
                Delete team
              </Button>
            )}
          </div>
        )}
      </div>
      {editing && access.isOwner && (
        <section aria-label="Team settings" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <TeamForm
            key={JSON.stringify(team)}
            team={team}
            pending={save.isPending}
            error={save.error}
            submitLabel="Save team"
            onSubmit={(body) =>
              save.mutate(body, {
                onSuccess: (t) => {
                  setEditing(false);
                  if (t.name !== team.name) void navigate(paths.orgTeam.href(org, t.name), { replace: true });
                },
              })
            }
          />
        </section>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <TeamMembers org={org} team={team} canManage={access.isOwner} />
        <TeamRepos org={org} team={team} canManage={access.isOwner} />
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete team"
        confirmLabel="Delete team"
        pendingLabel="Deleting…"
        danger
        pending={del.isPending}
        error={orgErrorText(del.error)}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(team.id, {
            onSuccess: async () => {
              await navigate(paths.orgTeams.href(org));
              forgetTeam(qc, org, team.id);
            },
          })
        }
      >
        Members of <strong>{team.name}</strong> lose the access it gives them to its repositories. The people and repositories stay.
      </ConfirmDialog>
    </div>
  );
}

export { RouteError as ErrorBoundary } from '../layout/route-error';
