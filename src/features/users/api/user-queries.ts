// Query factories for users. Keys start with ['users', name].
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];

export const userQueries = {
  detail: (username: string) =>
    queryOptions({
      queryKey: ['users', username, 'detail'],
      queryFn: async () => (await api().GET('/users/{username}', { params: { path: { username } } })).data!,
    }),
};
