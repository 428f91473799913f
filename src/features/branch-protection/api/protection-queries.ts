// Query factories for a repository's branch protection rules (GET /branch_protections) and the
// status-check contexts seen on its recent commits, which the rule form offers to pick from.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type BranchProtection = components['schemas']['BranchProtection'];
export type CreateBranchProtection = components['schemas']['CreateBranchProtectionOption'];
export type EditBranchProtection = components['schemas']['EditBranchProtectionOption'];

/** How many of the default branch's newest commits are searched for contexts. */
const RECENT_COMMITS = 10;

export const protectionQueries = {
  list: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch_protections'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/branch_protections', { params: { path: { owner, repo } } })).data!,
    }),
  detail: (owner: string, repo: string, name: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch_protections', name],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/branch_protections/{name}', { params: { path: { owner, repo, name } } })).data!,
    }),
  /** Distinct contexts of the statuses posted to the branch's recent commits, sorted. */
  recentContexts: (owner: string, repo: string, branch: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'branch', branch, 'status_contexts'],
      queryFn: async () => {
        const { data: commits } = await api().GET('/repos/{owner}/{repo}/commits', {
          params: { path: { owner, repo }, query: { sha: branch, limit: RECENT_COMMITS, stat: 'false', verification: 'false', files: 'false' } },
        });
        const lists = await Promise.all(
          (commits ?? []).map(async (c) => {
            const { data } = await api().GET('/repos/{owner}/{repo}/commits/{ref}/statuses', {
              params: { path: { owner, repo, ref: c.sha }, query: { limit: 50 } },
            });
            return data ?? [];
          }),
        );
        return [...new Set(lists.flat().map((s) => s.context))].sort();
      },
      staleTime: 60_000,
    }),
};
