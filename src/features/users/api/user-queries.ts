// Query factories for users: a profile and its activity feed. Keys start with ['users', name].
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];
export type Activity = components['schemas']['Activity'];

export const FEED_PAGE_SIZE = 20;

export const userQueries = {
  detail: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'detail'],
      queryFn: async () => (await api().GET('/users/{username}', { params: { path: { username } } })).data!,
    }),
  /** What the dashboard shows: the user's own actions and actions on their repositories. */
  feeds: (username: string, page = 1, limit = FEED_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['users', username, 'feeds', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/{username}/activities/feeds', {
          params: { path: { username }, query: { page, limit } },
        });
        return { activities: data!, ...pageInfo(response) };
      },
    }),
};
