// Query factories for branches and tags of a repository.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Branch = components['schemas']['Branch'];
export type Tag = components['schemas']['Tag'];

export const branchQueries = {
  detail: (owner: string, repo: string, branch: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch', branch],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/branches/{branch}', { params: { path: { owner, repo, branch } } })).data!,
    }),
  list: (owner: string, repo: string, page = 1, limit = 50) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branches', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/branches', { params: { path: { owner, repo }, query: { page, limit } } });
        return { branches: data!, ...pageInfo(response) };
      },
    }),
  tags: (owner: string, repo: string, page = 1, limit = 50) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'tags', { page, limit }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/tags', { params: { path: { owner, repo }, query: { page, limit } } });
        return { tags: data!, ...pageInfo(response) };
      },
    }),
};
