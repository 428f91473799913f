// Query factories for users. Keys start with ['users', name] so one invalidation refreshes a user.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { basicAuth } from './basic-auth';
import { isFound } from '@/lib/api/is-found';

export type User = components['schemas']['User'];

export const USERS_PAGE_SIZE = 20;

const paged = (page: number) => ({ page, limit: USERS_PAGE_SIZE });

export const userQueries = {
  detail: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'detail'],
      queryFn: async () => (await api().GET('/users/{username}', { params: { path: { username } } })).data!,
    }),
  /** Contributions per 15-minute slot over the last year (Gitea's /users/{u}/heatmap). */
  heatmap: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'heatmap'],
      queryFn: async () => (await api().GET('/users/{username}/heatmap', { params: { path: { username } } })).data!,
    }),
  followers: (username: string, page: number) =>
    queryOptions({
      queryKey: ['users', username, 'followers', page],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/{username}/followers', { params: { path: { username }, query: paged(page) } });
        return { users: data!, ...pageInfo(response) };
      },
    }),
  following: (username: string, page: number) =>
    queryOptions({
      queryKey: ['users', username, 'following', page],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/{username}/following', { params: { path: { username }, query: paged(page) } });
        return { users: data!, ...pageInfo(response) };
      },
    }),
  starred: (username: string, page: number) =>
    queryOptions({
      queryKey: ['users', username, 'starred', page],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/{username}/starred', { params: { path: { username }, query: paged(page) } });
        return { repos: data!, ...pageInfo(response) };
      },
    }),
  /** The organizations the viewer may see `username` in (public memberships to strangers). */
  orgs: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'orgs'],
      queryFn: async () => (await api().GET('/users/{username}/orgs', { params: { path: { username }, query: { limit: 50 } } })).data!,
    }),
  /** Whether the signed-in user follows `username` (204 yes, 404 no). */
  followedByMe: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'followed-by-me'],
      queryFn: () => isFound(api().GET('/user/following/{username}', { params: { path: { username } } })),
    }),
  search: (q: string, page: number) =>
    queryOptions({
      queryKey: ['users', 'search', { q, page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/search', { params: { query: { q, ...paged(page) } } });
        return { users: data!.data as User[], ...pageInfo(response) };
      },
    }),
  // The signed-in user's own settings, keys and tokens, keyed by their login.
  settings: (login: string) => queryOptions({ queryKey: ['users', login, 'settings'], queryFn: async () => (await api().GET('/user/settings')).data! }),
  keys: (login: string) =>
    queryOptions({ queryKey: ['users', login, 'keys'], queryFn: async () => (await api().GET('/user/keys', { params: { query: { limit: 50 } } })).data! }),
  /**
   * The user's tokens. Gitea lists them only over Basic auth, so the page asks for the password;
   * it stays out of the key (and so out of any cache dump) and lives only in the page's state.
   */
  tokens: (login: string, password: string) =>
    queryOptions({
      queryKey: ['users', login, 'tokens'],
      queryFn: async () =>
        (
          await api().GET('/users/{username}/tokens', {
            params: { path: { username: login }, query: { limit: 50 } },
            headers: { Authorization: basicAuth(login, password) },
          })
        ).data!,
      enabled: !!password,
      staleTime: Infinity,
    }),
};
