// An organization's members. Owners see who is public and who is not and may remove people;
// members may show or hide their own membership (Gitea lets only the member publicize it).
import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmRemoveDialog } from '@/components/ui/confirm-remove-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { paths } from '@/lib/paths';
import { orgQueries } from '../api/org-queries';
import { useRemoveOrgMember } from '../api/use-remove-org-member';
import { useSetPublicMember } from '../api/use-set-public-member';

export function OrgMembers({ org, me, isOwner, isMember }: { org: string; me?: string; isOwner: boolean; isMember: boolean }) {
  const { data: members } = useSuspenseQuery(orgQueries.members(org));
  // Only members learn who is public; to anyone else the list above is already the public one.
  const pub = useQuery({ ...orgQueries.publicMembers(org), enabled: isMember });
  const publicSet = new Set((pub.data ?? []).map((u) => u.login));
  const remove = useRemoveOrgMember(org);
  const setPublic = useSetPublicMember(org);
  const [removing, setRemoving] = useState<string | null>(null);

  if (members.length === 0) return <EmptyState title="No public members" />;
  return (
    <>
      <ErrorNotice error={setPublic.error} />
      <ul aria-label={`Members of ${org}`} className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {members.map((u) => {
          const isPublic = publicSet.has(u.login);
          const self = u.login === me;
          return (
            <li key={u.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Avatar src={u.avatar_url} name={u.login} size={32} />
              <div className="min-w-0 flex-1 basis-40 break-all">
                <Link to={paths.user.href(u.login)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-400">
                  {u.login}
                </Link>
                {u.full_name && <span className="ml-2 text-sm text-gray-600 dark:text-gray-400">{u.full_name}</span>}
              </div>
              {isMember && pub.data && (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${isPublic ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200' : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300'}`}
                >
                  {isPublic ? 'Public' : 'Private'}
                </span>
              )}
              {pub.data && (self || isOwner) && (
                <Button size="sm" disabled={setPublic.isPending} onClick={() => setPublic.mutate({ username: u.login, isPublic: !isPublic })}>
                  {isPublic ? 'Make private' : 'Make public'}
                </Button>
              )}
              {isOwner && !self && (
                <Button size="sm" variant="danger" aria-label={`Remove ${u.login}`} onClick={() => setRemoving(u.login)}>
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmRemoveDialog name={removing} title="Remove member" remove={remove} onDone={() => setRemoving(null)}>
        <strong>{removing}</strong> leaves {org} and all of its teams, and loses the access those gave.
      </ConfirmRemoveDialog>
    </>
  );
}
