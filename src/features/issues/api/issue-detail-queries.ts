// Query factories for one issue's page: the issue itself, and the repository's labels and
// milestones its sidebar picks from. Keys live under ['repos', owner, repo, 'issues', index].
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Label = components['schemas']['Label'];
export type Milestone = components['schemas']['Milestone'];
export type Attachment = components['schemas']['Attachment'];

export const issueKeys = {
  issue: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'issues', index] as const,
};

export const issueDetailQueries = {
  detail: (owner: string, repo: string, index: number) =>
    queryOptions({
      queryKey: [...issueKeys.issue(owner, repo, index), 'detail'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/issues/{index}', { params: { path: { owner, repo, index } } })).data!,
    }),
  /** Every label of the repository (Gitea pages them; 50 a page is plenty for a picker, so we walk pages). */
  repoLabels: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'labels', 'all'],
      queryFn: async () => {
        const all: Label[] = [];
        for (let page = 1; page <= 20; page++) {
          const { data } = await api().GET('/repos/{owner}/{repo}/labels', { params: { path: { owner, repo }, query: { page, limit: 50 } } });
          all.push(...data!);
          if (data!.length < 50) break;
        }
        return all;
      },
      staleTime: 60_000,
    }),
  openMilestones: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'milestones', 'open'],
      queryFn: async () =>
        (await api().GET('/repos/{owner}/{repo}/milestones', { params: { path: { owner, repo }, query: { state: 'open', limit: 50 } } })).data!,
      staleTime: 60_000,
    }),
};
