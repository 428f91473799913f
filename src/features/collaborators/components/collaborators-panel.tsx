// A repository's collaborators: add someone with a permission, change it, remove them.
import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmRemoveDialog } from '@/components/ui/confirm-remove-dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { inputClass } from '@/components/ui/field';
import { UserPicker } from '@/components/ui/user-picker';
import { paths } from '@/lib/paths';
import { collaboratorQueries } from '../api/collaborator-queries';
import { useSetCollaborator } from '../api/use-set-collaborator';
import { useRemoveCollaborator } from '../api/use-remove-collaborator';
import type { CollaboratorPermission } from '../api/collaborator-api';

const PERMISSIONS: { value: CollaboratorPermission; label: string }[] = [
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Write' },
  { value: 'admin', label: 'Admin' },
];

export function CollaboratorsPanel({ owner, repo }: { owner: string; repo: string }) {
  const { data: collaborators } = useSuspenseQuery(collaboratorQueries.list(owner, repo));
  const set = useSetCollaborator(owner, repo);
  const remove = useRemoveCollaborator(owner, repo);
  const [newPermission, setNewPermission] = useState<CollaboratorPermission>('write');
  const [removing, setRemoving] = useState<string | null>(null);
  // The picker opens on demand, so the page does not start with focus in a search box.
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        {adding ? (
          <div className="min-w-56 flex-1">
            <UserPicker
              label="Add a collaborator"
              search={collaboratorQueries.userSearch}
              exclude={[owner, ...collaborators.map((c) => c.user.login)]}
              disabled={set.isPending}
              onPick={(username) => set.mutate({ username, permission: newPermission })}
            />
          </div>
        ) : (
          <Button onClick={() => setAdding(true)}>Add a collaborator</Button>
        )}
        <label className="block w-40 space-y-1.5 text-xs text-gray-600 dark:text-gray-400">
          <span>Permission for new collaborators</span>
          <select className={inputClass} value={newPermission} onChange={(e) => setNewPermission(e.target.value as CollaboratorPermission)}>
            {PERMISSIONS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNotice error={set.error} />
      {collaborators.length > 0 && (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          The level shown counts every grant a person holds here, teams included; changing it sets their collaborator grant.{' '}
          <Link to={paths.repoAccess.href(owner, repo)} className="text-indigo-700 hover:underline dark:text-indigo-400">
            See who has access and why
          </Link>
          .
        </p>
      )}
      {collaborators.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No collaborators yet.</p>
      ) : (
        <ul aria-label="Collaborators" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {collaborators.map(({ user, permission }) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
              <Avatar src={user.avatar_url} name={user.login} size={24} />
              <Link
                to={paths.user.href(user.login)}
                title={user.login}
                className="min-w-0 flex-1 truncate text-indigo-700 hover:underline dark:text-indigo-400"
              >
                {user.login}
              </Link>
              <div className="w-32 shrink-0">
                <select
                  aria-label={`Permission of ${user.login}`}
                  className={inputClass}
                  value={permission === 'owner' ? 'admin' : permission === 'none' ? 'read' : permission}
                  disabled={set.isPending}
                  onChange={(e) => set.mutate({ username: user.login, permission: e.target.value as CollaboratorPermission })}
                >
                  {PERMISSIONS.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
              <Button size="sm" variant="danger" aria-label={`Remove ${user.login}`} onClick={() => setRemoving(user.login)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmRemoveDialog name={removing} title="Remove collaborator" remove={remove} onDone={() => setRemoving(null)}>
        <strong>{removing}</strong> loses the access this grant gave to {owner}/{repo}. Access through a team or the organization stays.
      </ConfirmRemoveDialog>
    </div>
  );
}
