// Commit statuses (CI checks) of a ref or SHA: the combined state with the latest status of each
// context, and the full list. Keys sit under the commit, so a repository-wide invalidation (after a
// push or a merge) refreshes them.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type CombinedStatus = components['schemas']['CombinedStatus'];
export type CommitStatus = components['schemas']['CommitStatus'];
export type CommitState = CommitStatus['status'];

export const statusQueries = {
  /** GET /commits/{ref}/status: the combined state ('' when there are no statuses) and each context's latest. */
  combined: (owner: string, repo: string, ref: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commit', ref, 'status'],
      queryFn: async () =>
        (await api().GET('/repos/{owner}/{repo}/commits/{ref}/status', { params: { path: { owner, repo, ref }, query: { limit: 50 } } })).data!,
    }),
  /** GET /commits/{ref}/statuses: every status posted, newest first, one page. */
  list: (owner: string, repo: string, ref: string, page = 1) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'commit', ref, 'statuses', { page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/commits/{ref}/statuses', {
          params: { path: { owner, repo, ref }, query: { page, limit: 50 } },
        });
        return { statuses: data!, ...pageInfo(response) };
      },
    }),
};
