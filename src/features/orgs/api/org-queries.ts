// Query factories for organizations and their teams. Keys: ['orgs', org, ...]; the explore list
// is ['orgs', 'list', ...] (no organization may be called "list": it is not a valid new name
// in the forge, see reserved names).
import { queryOptions } from '@tanstack/react-query';
import { pageInfo } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import { orgRequest, type Organization, type OrganizationPermissions, type Team, type User, type Repository } from './org-api';
import type { components } from '@/lib/api/schema';

type Activity = components['schemas']['Activity'];

const MAX = 50;

async function allPages<T>(path: string, pathParams: Record<string, string | number>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data, response } = await orgRequest<T[]>('GET', path, { params: { path: pathParams, query: { page, limit: MAX } } });
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
      queryFn: async () => (await orgRequest<Organization>('GET', '/orgs/{org}', { params: { path: { org } } })).data,
    }),
  /** Every organization the viewer may see (Gitea's GET /orgs), one page. */
  list: (page: number, limit: number) =>
    queryOptions({
      queryKey: ['orgs', 'list', { page, limit }],
      queryFn: async () => {
        const { data, response } = await orgRequest<Organization[]>('GET', '/orgs', { params: { query: { page, limit } } });
        return { orgs: data, ...pageInfo(response) };
      },
    }),
  /** What `username` may do in the organization (owner, create repositories, …). */
  permissions: (org: string, username: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'permissions', username],
      queryFn: async () =>
        (await orgRequest<OrganizationPermissions>('GET', '/users/{username}/orgs/{org}/permissions', { params: { path: { username, org } } })).data,
    }),
  /** GET /orgs/{org}/members/{username}: 204 member, 404 not (or not visible to the caller). */
  isMember: (org: string, username: string) =>
    queryOptions({
      queryKey: ['orgs', org, 'is_member', username],
      queryFn: async () => {
        try {
          await orgRequest('GET', '/orgs/{org}/members/{username}', { params: { path: { org, username } } });
          return true;
        } catch (e) {
          if (isApiError(e) && (e.status === 404 || e.status === 302)) return false;
          throw e;
        }
      },
    }),
  members: (org: string) => queryOptions({ queryKey: ['orgs', org, 'members'], queryFn: () => allPages<User>('/orgs/{org}/members', { org }) }),
  publicMembers: (org: string) =>
    queryOptions({ queryKey: ['orgs', org, 'public_members'], queryFn: () => allPages<User>('/orgs/{org}/public_members', { org }) }),
  teams: (org: string) => queryOptions({ queryKey: ['orgs', org, 'teams'], queryFn: () => allPages<Team>('/orgs/{org}/teams', { org }) }),
  teamMembers: (org: string, id: number) =>
    queryOptions({ queryKey: ['orgs', org, 'teams', id, 'members'], queryFn: () => allPages<User>('/teams/{id}/members', { id }) }),
  teamRepos: (org: string, id: number) =>
    queryOptions({ queryKey: ['orgs', org, 'teams', id, 'repos'], queryFn: () => allPages<Repository>('/teams/{id}/repos', { id }) }),
  repos: (org: string) => queryOptions({ queryKey: ['orgs', org, 'repos'], queryFn: () => allPages<Repository>('/orgs/{org}/repos', { org }) }),
  /** GET /orgs/{org}/activities/feeds, one page. */
  feed: (org: string, page: number, limit: number) =>
    queryOptions({
      queryKey: ['orgs', org, 'feeds', { page, limit }],
      queryFn: async () => {
        const { data, response } = await orgRequest<Activity[]>('GET', '/orgs/{org}/activities/feeds', { params: { path: { org }, query: { page, limit } } });
        const info = pageInfo(response);
        return { activities: data, total: info.total, hasNext: info.hasNext || (info.total === undefined && data.length >= limit) };
      },
    }),
  /** Users found by name, for the member picker. */
  userSearch: (q: string) =>
    queryOptions({
      queryKey: ['users', 'search', q],
      queryFn: async () => (await orgRequest<{ data: User[] }>('GET', '/users/search', { params: { query: { q, limit: 10 } } })).data.data,
    }),
};
