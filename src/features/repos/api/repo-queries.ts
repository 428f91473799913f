// Query factories for repositories. Keys start with ['repos', owner, repo] so one invalidation
// refreshes everything under a repository.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components, operations } from '@/lib/api/schema';

export type Repository = components['schemas']['Repository'];
export type RepoSearchQuery = NonNullable<operations['repoSearch']['parameters']['query']>;

export const repoQueries = {
  all: () => ['repos'] as const,
  detail: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'detail'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}', { params: { path: { owner, repo } } })).data!,
    }),
  /** A repository by its numeric id (the template picker links by id, as Gitea does). */
  byId: (id: number) =>
    queryOptions({
      queryKey: ['repos', 'by-id', id],
      queryFn: async () => (await api().GET('/repositories/{id}', { params: { path: { id } } })).data!,
    }),
  search: (filters: RepoSearchQuery) =>
    queryOptions({
      queryKey: ['repos', 'search', filters],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/search', { params: { query: filters } });
        return { repos: data!.data, ...pageInfo(response) };
      },
    }),
};
