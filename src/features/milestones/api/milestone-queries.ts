// Query factories for a repository's milestones. Keys under ['repos', owner, repo, 'milestones'].
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Milestone = NonNullable<components['schemas']['Milestone']>;

export const MILESTONES_PER_PAGE = 20;

export const milestoneQueries = {
  list: (owner: string, repo: string, state: 'open' | 'closed', page: number) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'milestones', 'list', { state, page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/milestones', {
          params: { path: { owner, repo }, query: { state, page, limit: MILESTONES_PER_PAGE } },
        });
        return { milestones: data! as Milestone[], ...pageInfo(response) };
      },
    }),
  count: (owner: string, repo: string, state: 'open' | 'closed') =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'milestones', 'count', state],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/milestones', {
          params: { path: { owner, repo }, query: { state, page: 1, limit: 1 } },
        });
        return pageInfo(response).total ?? data!.length;
      },
    }),
  /** Open milestones first, then closed: what pickers and filters offer (first 50 of each). */
  choices: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'milestones', 'choices'],
      queryFn: async () => {
        const get = async (state: 'open' | 'closed') =>
          (await api().GET('/repos/{owner}/{repo}/milestones', { params: { path: { owner, repo }, query: { state, limit: 50 } } })).data! as Milestone[];
        const [open, closed] = await Promise.all([get('open'), get('closed')]);
        return { open, closed };
      },
    }),
  detail: (owner: string, repo: string, id: number) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'milestones', 'detail', id],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/milestones/{id}', { params: { path: { owner, repo, id: String(id) } } })).data! as Milestone,
    }),
};
