// Query factories for organizations and their teams. Keys: ['orgs', org, ...]; the explore list
// is ['orgs', 'list', ...].
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';

type Activity = components['schemas']['Activity'];

const MAX = 50;

/** Every page of a list (a sane bound of 20 pages), for pickers and team pages that need them all. */
async function allPages<T>(fetchPage: (page: number, limit: number) => Promise<{ data?: T[]; response: Response }>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data = [], response } = await fetchPage(page, MAX);
    out.push(...data);
    const { total, hasNext } = pageInfo(response);
    if (data.length < MAX || (total !== undefined ? out.length >= total : !hasNext)) break;
  }
  return out;
}

export const orgQueries = {
  detail: (org: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'detail'],
      queryFn: async () => (await api().GET('/orgs/{org}', { params: { path: { org } } })).data!,
    }),
  /** Every organization the viewer may see (Gitea's GET /orgs), one page. */
  list: (page: number, limit: number) =>
    queryOptions({
      queryKey: ['orgs', 'list', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/orgs', { params: { query: { page, limit } } });
        return { orgs: data!, ...pageInfo(response) };
      },
    }),
  /** What `username` may do in the organization (owner, create repositories, …). */
  permissions: (org: string, username: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'permissions', username],
      queryFn: async () => (await api().GET('/users/{username}/orgs/{org}/permissions', { params: { path: { username, org } } })).data!,
    }),
  /** GET /orgs/{org}/members/{username}: 204 member; 404 (or the public check's 404) not. */
  isMember: (org: string, username: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'is_member', username],
      queryFn: async () => {
        try {
          await api().GET('/orgs/{org}/members/{username}', { params: { path: { org, username } } });
          return true;
        } catch (e) {
          if (isApiError(e) && e.status === 404) return false;
          throw e;
        }
      },
    }),
  members: (org: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'members'],
      queryFn: () => allPages((page, limit) => api().GET('/orgs/{org}/members', { params: { path: { org }, query: { page, limit } } })),
    }),
  publicMembers: (org: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'public_members'],
      queryFn: () => allPages((page, limit) => api().GET('/orgs/{org}/public_members', { params: { path: { org }, query: { page, limit } } })),
    }),
  teams: (org: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'teams'],
      queryFn: () => allPages((page, limit) => api().GET('/orgs/{org}/teams', { params: { path: { org }, query: { page, limit } } })),
    }),
  teamMembers: (org: string, id: number) =>
    queryOptions({
      queryKey: ['orgs', org, 'teams', id, 'members'],
      queryFn: () => allPages((page, limit) => api().GET('/teams/{id}/members', { params: { path: { id }, query: { page, limit } } })),
    }),
  teamRepos: (org: string, id: number) =>
    queryOptions({
      queryKey: ['orgs', org, 'teams', id, 'repos'],
      queryFn: () => allPages((page, limit) => api().GET('/teams/{id}/repos', { params: { path: { id }, query: { page, limit } } })),
    }),
  repos: (org: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'repos'],
      queryFn: () => allPages((page, limit) => api().GET('/orgs/{org}/repos', { params: { path: { org }, query: { page, limit } } })),
    }),
  /** GET /orgs/{org}/activities/feeds, one page. */
  feed: (org: string, page: number, limit: number) =>
    queryOptions({
      queryKey: ['orgs', org, 'feeds', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/orgs/{org}/activities/feeds', { params: { path: { org }, query: { page, limit } } });
        const activities: Activity[] = data!;
        const info = pageInfo(response);
        return { activities, total: info.total, hasNext: info.hasNext || (info.total === undefined && activities.length >= limit) };
      },
    }),
  /** Users found by name, for the member picker. */
  userSearch: (q: string) =>
    queryOptions({
      queryKey: ['users', 'search', q],
      queryFn: async () => (await api().GET('/users/search', { params: { query: { q, limit: 10 } } })).data!.data,
    }),
};
