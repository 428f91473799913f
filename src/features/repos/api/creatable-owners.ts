// The owners a new repository may have: the signed-in user, then each organization they belong to
// where they may create repositories (Gitea's: owners, and teams with can_create_org_repo) — read
// from GET /user/orgs and each organization's GET /users/{username}/orgs/{org}/permissions, which
// Gitea 1.23 answers too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface CreatableOwner {
  login: string;
  /** The organization's id (the form's ?org= link); absent for the user. */
  id?: number;
  isOrg: boolean;
}

const MAX_ORGS = 50;

export const creatableOwnersQuery = (login: string) =>
  queryOptions({
    queryKey: ['repos', 'creatable-owners', login],
    queryFn: async (): Promise<CreatableOwner[]> => {
      const orgs = (await api().GET('/user/orgs', { params: { query: { page: 1, limit: MAX_ORGS } } })).data ?? [];
      const allowed = await Promise.all(
        orgs.map(async (o) => {
          try {
            const { data } = await api().GET('/users/{username}/orgs/{org}/permissions', { params: { path: { username: login, org: o.username! } } });
            return data?.can_create_repository ? o : null;
          } catch {
            // Not answered (left the organization meanwhile): not offered.
            return null;
          }
        }),
      );
      const list: CreatableOwner[] = [{ login, isOrg: false }];
      for (const o of allowed) if (o) list.push({ login: o.username!, id: o.id, isOrg: true });
      return list;
    },
    staleTime: 60_000,
  });

/** The owners list, or just the user while it loads (the form stays usable). */
export function useCreatableOwners(login: string): CreatableOwner[] {
  const { data } = useQuery(creatableOwnersQuery(login));
  return data ?? [{ login, isOrg: false }];
}
