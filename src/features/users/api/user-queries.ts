// Query factories for users. Keys start with ['users', name] so one invalidation refreshes a user.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { exists, loose, p } from '@/lib/api/untyped';
import { basicAuth } from './basic-auth';
import type { AccessToken, HeatmapEntry, PublicKey, UserSettings } from './gitea-types';

export type User = components['schemas']['User'];
export type Repository = components['schemas']['Repository'];

export const USERS_PAGE_SIZE = 20;

async function userList(path: string, page: number, limit = USERS_PAGE_SIZE) {
  const { data, response } = await loose().GET(path, { params: { query: { page, limit } } });
  return { users: (data ?? []) as User[], ...pageInfo(response) };
}

export const userQueries = {
  detail: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'detail'],
      queryFn: async () => (await api().GET('/users/{username}', { params: { path: { username } } })).data!,
    }),
  /** Contributions per interval over the last year (Gitea's /users/{u}/heatmap). */
  heatmap: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'heatmap'],
      queryFn: async () => ((await loose().GET(p`/users/${username}/heatmap`)).data ?? []) as HeatmapEntry[],
    }),
  followers: (username: string, page: number) =>
    queryOptions({ queryKey: ['users', username, 'followers', page], queryFn: () => userList(p`/users/${username}/followers`, page) }),
  following: (username: string, page: number) =>
    queryOptions({ queryKey: ['users', username, 'following', page], queryFn: () => userList(p`/users/${username}/following`, page) }),
  starred: (username: string, page: number) =>
    queryOptions({
      queryKey: ['users', username, 'starred', page],
      queryFn: async () => {
        const { data, response } = await loose().GET(p`/users/${username}/starred`, { params: { query: { page, limit: USERS_PAGE_SIZE } } });
        return { repos: (data ?? []) as Repository[], ...pageInfo(response) };
      },
    }),
  /** Whether the signed-in user follows `username` (204 yes, 404 no). */
  followedByMe: (username: string) =>
    queryOptions({ queryKey: ['users', username, 'followed-by-me'], queryFn: () => exists(p`/user/following/${username}`) }),
  search: (q: string, page: number) =>
    queryOptions({
      queryKey: ['users', 'search', { q, page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/search', { params: { query: { q, page, limit: USERS_PAGE_SIZE } } });
        return { users: data!.data as User[], ...pageInfo(response) };
      },
    }),
  // The signed-in user's own settings, keys and tokens, keyed by their login.
  settings: (login: string) =>
    queryOptions({ queryKey: ['users', login, 'settings'], queryFn: async () => (await loose().GET('/user/settings')).data as UserSettings }),
  keys: (login: string) =>
    queryOptions({ queryKey: ['users', login, 'keys'], queryFn: async () => ((await loose().GET('/user/keys', { params: { query: { limit: 50 } } })).data ?? []) as PublicKey[] }),
  /**
   * The user's tokens. Gitea lists them only over Basic auth, so the page asks for the password;
   * it stays out of the key (and so out of any cache dump) and lives only in the page's state.
   */
  tokens: (login: string, password: string) =>
    queryOptions({
      queryKey: ['users', login, 'tokens'],
      queryFn: async () =>
        ((await loose().GET(p`/users/${login}/tokens`, { params: { query: { limit: 50 } }, headers: { Authorization: basicAuth(login, password) } })).data ?? []) as AccessToken[],
      enabled: !!password,
      staleTime: Infinity,
    }),
};
