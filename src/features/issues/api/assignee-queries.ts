// People who can be picked as assignees. The API has no collaborators list yet, so this searches
// all users (/users/search); the server refuses anyone without write access with a 422 on submit.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const assigneeQueries = {
  search: (q: string) =>
    queryOptions({
      queryKey: ['users', 'search', { q, limit: 10 }],
      queryFn: async () => (await api().GET('/users/search', { params: { query: { q, limit: 10 } } })).data!.data,
      staleTime: 60_000,
    }),
};
