// Query factories for forks: a repository's forks (paged), the fork a given user owns, the owners
// the signed-in user may fork into, and how a fork's branch has diverged from its parent.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';

export type Repository = components['schemas']['Repository'];
export type Organization = components['schemas']['Organization'];

export const FORKS_PAGE_SIZE = 20;
const SCAN_LIMIT = 50;
const SCAN_PAGES = 10;

/**
 * `owner:branch` names a branch of another repository in the fork network, as Gitea's compare and
 * pull routes read it; when both repositories share an owner only `owner/repo:branch` is unambiguous.
 */
export function headRef(base: Pick<Repository, 'owner'>, head: Pick<Repository, 'owner' | 'name'>, branch: string): string {
  return head.owner.login === base.owner.login ? `${head.owner.login}/${head.name}:${branch}` : `${head.owner.login}:${branch}`;
}

/** How far a fork's branch is from the same branch of its parent; null when the parent has no such branch. */
export interface Divergence {
  ahead: number;
  behind: number;
}

async function compareCount(owner: string, repo: string, basehead: string): Promise<number | null> {
  try {
    const { data } = await api().GET('/repos/{owner}/{repo}/compare/{basehead}', {
      params: { path: { owner, repo, basehead }, query: { verification: 'false' } },
      // Branch names keep their slashes, as Gitea's route expects; everything else is escaped.
      pathSerializer: (pathname, params) =>
        pathname.replace(/\{(\w+)\}/g, (_, name: string) => {
          const v = String((params as Record<string, unknown>)[name] ?? '');
          return name === 'basehead' ? v.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(v);
        }),
    });
    return data!.total_commits;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

export const forkQueries = {
  /** One page of a repository's forks, newest first as Gitea lists them. */
  list: (owner: string, repo: string, page: number, limit = FORKS_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'forks', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/forks', { params: { path: { owner, repo }, query: { page, limit } } });
        return { forks: data!, ...pageInfo(response) };
      },
    }),
  /**
   * The fork of owner/repo that `login` owns, or null. Gitea's list has no owner filter, so this
   * reads the list page by page (bounded) and stops at the first match.
   */
  ownedBy: (owner: string, repo: string, login: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'forks', 'owned-by', login.toLowerCase()],
      queryFn: async (): Promise<Repository | null> => {
        for (let page = 1; page <= SCAN_PAGES; page++) {
          const { data = [], response } = await api().GET('/repos/{owner}/{repo}/forks', {
            params: { path: { owner, repo }, query: { page, limit: SCAN_LIMIT } },
          });
          const mine = data.find((f) => f.owner.login.toLowerCase() === login.toLowerCase());
          if (mine) return mine;
          const { total, hasNext } = pageInfo(response);
          if (data.length < SCAN_LIMIT || (total !== undefined ? page * SCAN_LIMIT >= total : !hasNext)) break;
        }
        return null;
      },
    }),
  /**
   * Where the signed-in user may put a fork: themselves, then each organization that lets them
   * create repositories (GET /user/orgs, then each organization's permissions for them).
   */
  owners: (login: string) =>
    queryOptions({
      queryKey: ['users', login, 'fork-owners'],
      queryFn: async () => {
        const { data: orgs = [] } = await api().GET('/user/orgs', { params: { query: { page: 1, limit: 50 } } });
        const allowed = await Promise.all(
          orgs.map(async (org) => {
            try {
              const { data } = await api().GET('/users/{username}/orgs/{org}/permissions', { params: { path: { username: login, org: org.name } } });
              return data?.can_create_repository || data?.is_owner ? org : null;
            } catch {
              return null;
            }
          }),
        );
        return allowed.filter((o): o is Organization => o !== null);
      },
      staleTime: 60_000,
    }),
  /**
   * A fork's branch against the parent's branch of the same name: commits the parent has that the
   * fork lacks (behind, compared in the fork) and the other way round (ahead, compared in the parent).
   */
  divergence: (fork: Repository, parent: Repository, branch: string) =>
    queryOptions({
      queryKey: ['repos', fork.owner.login, fork.name, 'upstream-divergence', branch],
      queryFn: async (): Promise<Divergence | null> => {
        const [behind, ahead] = await Promise.all([
          compareCount(fork.owner.login, fork.name, `${branch}...${headRef(fork, parent, branch)}`),
          compareCount(parent.owner.login, parent.name, `${branch}...${headRef(parent, fork, branch)}`),
        ]);
        return behind === null || ahead === null ? null : { ahead, behind };
      },
    }),
};
