// What the signed-in viewer may do in an organization, so pages show only the controls they may
// use (the server refuses the rest anyway). Signed out: nothing.
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { orgQueries } from './org-queries';

export function useOrgAccess(org: string) {
  const session = useSession();
  const me = session?.login;
  const perms = useQuery({ ...orgQueries.permissions(org, me ?? ''), enabled: !!me });
  const member = useQuery({ ...orgQueries.isMember(org, me ?? ''), enabled: !!me });
  return {
    me,
    isOwner: !!perms.data?.is_owner,
    isAdmin: !!perms.data?.is_admin || !!perms.data?.is_owner,
    canCreateRepo: !!perms.data?.can_create_repository,
    isMember: !!member.data || !!perms.data?.is_owner,
    /** Still asking the server: pages wait before deciding a signed-in viewer may not be here. */
    loading: !!me && (perms.isPending || member.isPending),
  };
}
